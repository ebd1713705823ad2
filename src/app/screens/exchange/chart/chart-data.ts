import type { ChartCandle, ChartView, LiveCandleView } from '../../../../worker/public';

// The plot's columns from the engine's candles. Numbers here are for drawing only (pixels);
// the readout shows the engine's decimal strings untouched.

export interface ChartColumns {
  /** Candles in plot order: the history, then the live one when it is newer. */
  readonly candles: readonly ChartCandle[];
  /** uPlot's aligned data: time (s), open, high, low, close, volume. */
  readonly data: [number[], number[], number[], number[], number[], number[]];
}

/** The history's columns, computed once per history slice. */
export function historyColumns(chart: ChartView): ChartColumns {
  const c = chart.candles;
  return {
    candles: c,
    data: [
      c.map((x) => x.time / 1000),
      c.map((x) => Number(x.open)),
      c.map((x) => Number(x.high)),
      c.map((x) => Number(x.low)),
      c.map((x) => Number(x.close)),
      c.map((x) => Number(x.volume)),
    ],
  };
}

/** History plus the live last candle of the same pair and interval (it replaces a candle of its own bucket). */
export function withLastCandle(history: ChartColumns, chart: ChartView, last: LiveCandleView | null): ChartColumns {
  if (!last || last.symbol !== chart.symbol || last.interval !== chart.interval) return history;
  const prev = history.candles.at(-1);
  if (prev && last.candle.time < prev.time) return history;
  const replace = prev !== undefined && prev.time === last.candle.time;
  const n = history.candles.length - (replace ? 1 : 0);
  const l = last.candle;
  const cut = (col: number[]) => col.slice(0, n);
  const [t, o, h, lo, c, v] = history.data;
  return {
    candles: [...history.candles.slice(0, n), l],
    data: [
      [...cut(t), l.time / 1000],
      [...cut(o), Number(l.open)],
      [...cut(h), Number(l.high)],
      [...cut(lo), Number(l.low)],
      [...cut(c), Number(l.close)],
      [...cut(v), Number(l.volume)],
    ],
  };
}
