// Small statistics helpers shared by the benchmarks.

/** The p-th percentile (nearest rank) of `values`; NaN when empty. Does not modify `values`. */
export function percentile(values: ArrayLike<number>, p: number): number {
  const n = values.length;
  if (n === 0) return Number.NaN;
  const sorted = Float64Array.from(values as ArrayLike<number>).sort();
  const rank = Math.ceil((p / 100) * n) - 1;
  return sorted[Math.min(n - 1, Math.max(0, rank))]!;
}

export function round(value: number, decimals = 1): number {
  if (!Number.isFinite(value)) return value;
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** An open-loop run's latency by the second an order was due in, as `p50/p99` in ms per second. */
export function bySecondSeries(seconds: readonly { p50: number; p99: number }[]): string {
  return seconds.map((s) => `${Math.round(s.p50)}/${Math.round(s.p99)}`).join(' ');
}
