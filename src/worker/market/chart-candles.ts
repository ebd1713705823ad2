import { candleListSchema } from '../../shared/api/account';
import { paths } from '../../shared/api/paths';
import { candleBucketStart, type CandleInterval } from '../../shared/market/candle-buckets';
import type { ChartCandle, ChartView, LiveCandleView } from '../api';
import { normaliseSymbol } from '../book/book-message';
import { canonicalNonNegative } from '../decimal/canonical';
import { Decimal } from '../decimal/decimal';
import type { RestClient } from '../private/rest-client';
import { EMPTY_CHART } from '../snapshot/initial-snapshot';
import type { LiveTrade } from './recent-trades';

// The price chart's data: candles of one pair and interval from GET /v1/market/candles, and the
// newest candle kept current from that pair's live trades (the same buckets as the server's,
// src/shared/market/candle-buckets.ts). The history slice changes only when candles load or a
// candle closes; a trade inside the current bucket changes the small live slice alone.

export const CHART_CANDLE_LIMIT = 500;

export class ChartCandles {
  private view: ChartView = EMPTY_CHART;
  private live: LiveCandleView | null = null;
  private wanted: { symbol: string; interval: CandleInterval } | null = null;
  private generation = 0;

  constructor(
    private readonly rest: RestClient,
    private readonly onChange: (slices: readonly ('chart' | 'chartLast')[]) => void,
  ) {}

  get chart(): ChartView {
    return this.view;
  }

  get last(): LiveCandleView | null {
    return this.live;
  }

  /** Records what the chart shows; true when that differs from what is loaded (a load is due). */
  want(symbol: string, interval: CandleInterval): boolean {
    const s = normaliseSymbol(symbol);
    if (!s) return false;
    const same = this.wanted?.symbol === s && this.wanted.interval === interval;
    this.wanted = { symbol: s, interval };
    return !same || this.view.status === 'idle' || this.view.status === 'error';
  }

  /** Loads the wanted candles; a later load or a clear() makes this one's answer moot. */
  async load(): Promise<void> {
    const wanted = this.wanted;
    if (!wanted) return;
    const gen = ++this.generation;
    const keep = this.view.symbol === wanted.symbol && this.view.interval === wanted.interval ? this.view.candles : Object.freeze([]);
    this.view = Object.freeze({ symbol: wanted.symbol, interval: wanted.interval, status: 'loading', candles: keep });
    if (this.live && (this.live.symbol !== wanted.symbol || this.live.interval !== wanted.interval)) this.live = null;
    this.onChange(['chart', 'chartLast']);
    const query = `?pair=${encodeURIComponent(wanted.symbol)}&interval=${wanted.interval}&limit=${CHART_CANDLE_LIMIT}`;
    const r = await this.rest.request(`${paths.market.candles}${query}`, { schema: candleListSchema });
    if (gen !== this.generation) return;
    if (!r.ok) {
      this.view = Object.freeze({ ...this.view, status: 'error' });
      this.onChange(['chart']);
      return;
    }
    const candles: ChartCandle[] = [];
    for (const c of r.value) {
      const row = candleOf(c.time, [c.open, c.high, c.low, c.close, c.volume]);
      if (row) candles.push(row);
    }
    // The newest candle becomes the live one: trades from now on extend it.
    const newest = candles.at(-1);
    const live = this.live;
    if (newest && (!live || live.candle.time <= newest.time)) {
      candles.pop();
      this.live = Object.freeze({ symbol: wanted.symbol, interval: wanted.interval, candle: newest });
    }
    this.view = Object.freeze({ symbol: wanted.symbol, interval: wanted.interval, status: 'ready', candles: Object.freeze(candles) });
    this.onChange(['chart', 'chartLast']);
  }

  /** A live trade: extends the newest candle, or closes it and opens the next. */
  addTrade(trade: LiveTrade): void {
    const { symbol, interval, status } = this.view;
    if (status !== 'ready' || !symbol || normaliseSymbol(trade.pair) !== symbol) return;
    const price = canonicalNonNegative(trade.price);
    const quantity = canonicalNonNegative(trade.quantity);
    if (price === null || quantity === null || !Number.isFinite(trade.timestamp)) return;
    const time = candleBucketStart(interval, Math.round(trade.timestamp * 1000));
    const current = this.live?.candle ?? null;
    let next: ChartCandle;
    if (current && time === current.time) {
      const p = new Decimal(price);
      next = Object.freeze({
        time,
        open: current.open,
        high: p.gt(current.high) ? price : current.high,
        low: p.lt(current.low) ? price : current.low,
        close: price,
        volume: new Decimal(current.volume).plus(quantity).toFixed(),
      });
    } else if (!current || time > current.time) {
      if (current) {
        this.view = Object.freeze({ ...this.view, candles: Object.freeze([...this.view.candles, current].slice(-CHART_CANDLE_LIMIT)) });
        this.onChange(['chart']);
      }
      next = Object.freeze({ time, open: price, high: price, low: price, close: price, volume: quantity });
    } else {
      // A trade older than the newest candle is already in the loaded history.
      return;
    }
    this.live = Object.freeze({ symbol, interval, candle: next });
    this.onChange(['chartLast']);
  }

  clear(): void {
    this.generation++;
    this.view = this.wanted ? Object.freeze({ ...EMPTY_CHART, symbol: this.wanted.symbol, interval: this.wanted.interval }) : EMPTY_CHART;
    this.live = null;
    this.onChange(['chart', 'chartLast']);
  }
}

function candleOf(time: number, values: readonly unknown[]): ChartCandle | null {
  const [open, high, low, close, volume] = values.map((v) => canonicalNonNegative(v));
  if (!Number.isFinite(time) || !open || !high || !low || !close || volume === null || volume === undefined) return null;
  return Object.freeze({ time, open, high, low, close, volume });
}
