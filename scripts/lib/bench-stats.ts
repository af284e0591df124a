/** Latency percentiles of a benchmark level. */

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
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function summarize(latencyMs: number[]): LatencySummary {
  const sorted = [...latencyMs].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
  };
}
