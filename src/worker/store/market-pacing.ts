import type { SnapshotSlice } from '../api';

/**
 * How often, at most, the page repaints market data on its own: 50 ms is 20 times a second,
 * as fast as a reader can follow a book, and a third of the frames a busy market would
 * otherwise cost the page's main thread. The user's own data is never held back.
 */
export const MARKET_PACING_MS = 50;

/** Slices fed by the market alone (hub market feeds and the timers that age them). */
const PACED: ReadonlySet<SnapshotSlice> = new Set<SnapshotSlice>(['pairs', 'selected', 'book', 'recentTrades', 'chartLast', 'valuation']);

/** True when every slice of a change is market data, so its publication may be paced. */
export function isMarketOnly(slices: readonly SnapshotSlice[]): boolean {
  for (const s of slices) if (!PACED.has(s)) return false;
  return true;
}
