/** Figures of one benchmark level: throughput and latency percentiles. */

export interface LevelResult {
  label: string;
  /** Whether the level is part of the reported figures (the warm-up is not). */
  counted: boolean;
  concurrency: number;
  items: number;
  /** Requests sent, successful or not. */
  requests: number;
  /** Successful transitions. */
  transitions: number;
  errors: number;
  /** Wall time from the first request to the last answer, ms. */
  elapsedMs: number;
  /** Why the level stopped: it reached its transition count or its time cap. */
  stoppedBy: 'count' | 'time';
  latencyMs: number[];
  /** CPU time of this Node process (server and load generator together) during the level, ms. */
  nodeCpuMs: number;
  /** A few error descriptions, for the report. */
  errorSamples: string[];
}

export interface LatencySummary {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile: a latency some request actually had, not an interpolation. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function summarize(latencyMs: number[]): LatencySummary {
  const sorted = [...latencyMs].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
}

/** Node CPU per successful transition: far below the latency means the time went to waiting (PostgreSQL, or a busy machine). */
export const cpuPerTransition = (r: LevelResult): number => (r.transitions > 0 ? r.nodeCpuMs / r.transitions : NaN);

export const throughput = (r: LevelResult): number => (r.elapsedMs > 0 ? (r.transitions * 1000) / r.elapsedMs : 0);
