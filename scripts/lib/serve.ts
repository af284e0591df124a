/**
 * server/main.ts under another name on the command line: the benchmarks start the real server
 * through this file, so that on a machine shared with other checkouts a clean-up aimed at their
 * `server/main.ts` processes (pkill -f …) does not end a measurement halfway.
 */
await import('../../server/main.js');
export {};
