import type { EngineSnapshot, LiveCandleView, RecentTradesView, SnapshotSlice } from '../../worker/public';
import { systemTimers, type Timers } from '../time/timers';

/**
 * How often the view follows each part of the engine's snapshots. The worker posts at most one
 * update per animation frame, but under a market-data storm the slices change at different
 * moments: a book frame, then a trade frame, then a ticker frame, each a separate React commit
 * and a separate style/layout/paint of the page (measured with bench/browser-storm.ts: ~43
 * updates and ~35 rendered frames a second, most of the main thread's time).
 *
 * The order book is shown the moment it changes (its on-screen age is the figure that
 * matters). Time and Sales, the pair list and the selected pair's ticker figures are
 * "ambient": an update touching only them waits for the next book update, or at most
 * `maxDelayMs`, and is rendered in that same frame. Nobody reads forty trades a second; 50 ms
 * is three frames, below what a reader can tell apart, and the book keeps its own pace.
 *
 * Time and Sales is further spaced to at most 10 renders a second while it shows the same
 * pair's stream (each render inserts rows at the top and moves the other 24 down: measured at
 * ~2 % of the main thread when it followed every book frame); a new pair's list is shown at once.
 *
 * The chart's live last candle is ambient too, and spaced to the plot's own redraw interval
 * (250 ms, chart/PriceChart.tsx): every trade moves it, so it changed in nearly every update of
 * the storm and re-rendered the chart card (its readout, the merged candle columns) some 40
 * times a second for a canvas drawn four times a second. The readout now moves with the plot it
 * describes; a new pair or interval is shown at once.
 */
export interface ViewCadence {
  /** Slices whose updates may wait for the next immediate update. */
  readonly ambient: ReadonlySet<SnapshotSlice>;
  /** The longest an ambient-only update waits. */
  readonly maxDelayMs: number;
  /** Slices shown at most once per interval while `sameStream(shown, latest)` holds. */
  readonly spaced: readonly SpacedSlice[];
  /** The delays' timers and the intervals' clock. */
  readonly timers: Timers;
}

export interface SpacedSlice<K extends SnapshotSlice = SnapshotSlice> {
  readonly slice: K;
  readonly intervalMs: number;
  readonly sameStream: (shown: EngineSnapshot[K], latest: EngineSnapshot[K]) => boolean;
}

export const AMBIENT_SLICES: ReadonlySet<SnapshotSlice> = new Set<SnapshotSlice>(['recentTrades', 'pairs', 'selected', 'chartLast']);

export const AMBIENT_MAX_DELAY_MS = 50;

export const TIME_AND_SALES_SPACING: SpacedSlice<'recentTrades'> = {
  slice: 'recentTrades',
  intervalMs: 100,
  sameStream: (shown: RecentTradesView, latest: RecentTradesView) => shown.symbol === latest.symbol && shown.loading === latest.loading,
};

/** The price chart's redraw interval (chart/PriceChart.tsx). */
export const CHART_LAST_INTERVAL_MS = 250;

export const CHART_LAST_SPACING: SpacedSlice<'chartLast'> = {
  slice: 'chartLast',
  intervalMs: CHART_LAST_INTERVAL_MS,
  sameStream: (shown: LiveCandleView | null, latest: LiveCandleView | null) =>
    shown !== null && latest !== null && shown.symbol === latest.symbol && shown.interval === latest.interval,
};

export function defaultViewCadence(timers: Timers = systemTimers): ViewCadence {
  return {
    ambient: AMBIENT_SLICES,
    maxDelayMs: AMBIENT_MAX_DELAY_MS,
    spaced: [TIME_AND_SALES_SPACING as unknown as SpacedSlice, CHART_LAST_SPACING as unknown as SpacedSlice],
    timers,
  };
}
