/**
 * Runs before each API test file. The files share their worker's modules (isolate: false in
 * vitest.config.ts: importing the server again for every file was a third of the suite), so the one
 * process-wide setting a file changes goes back to what a fresh process has: writes made outside any
 * request take the system clock until the file's test app sets its own (createTestApp).
 */
import { setFallbackClock, systemClock } from '../../server/lib/clock.js';

setFallbackClock(systemClock);
