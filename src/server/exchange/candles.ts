import type { CandleRow } from '../db/schema';
import { DAY_MS } from './volume-tracker';

// OHLCV candles of our own trades, kept up to date as fills happen (no scan of the trades table
// on read). Buckets are UTC days, and weeks starting Monday 00:00 UTC. The clock is assumed not
// to go backwards across buckets.

export type CandleInterval = '1d' | '1w';
export const candleIntervals: readonly CandleInterval[] = ['1d', '1w'];

const WEEK_MS = 7 * DAY_MS;
/** 1970-01-05 was a Monday. */
const MONDAY_OFFSET = 4 * DAY_MS;

export function bucketStart(interval: CandleInterval, at: number): number {
  if (interval === '1d') return at - (((at % DAY_MS) + DAY_MS) % DAY_MS);
  const since = at - MONDAY_OFFSET;
  return at - (((since % WEEK_MS) + WEEK_MS) % WEEK_MS);
}

export interface Candle {
  start: number;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
}

export class CandleBook {
  /** The newest candle per pair and interval. */
  private readonly latest = new Map<string, Candle>();
  private readonly dirty = new Map<string, { pair: string; interval: CandleInterval; candle: Candle }>();

  load(pair: string, interval: CandleInterval, candle: Candle): void {
    this.latest.set(`${pair} ${interval}`, candle);
  }

  /** A fill of `quantity` base units at `price` units. */
  add(pair: string, at: number, price: bigint, quantity: bigint): void {
    for (const interval of candleIntervals) {
      const key = `${pair} ${interval}`;
      const start = bucketStart(interval, at);
      let candle = this.latest.get(key);
      if (!candle || candle.start !== start) {
        candle = { start, open: price, high: price, low: price, close: price, volume: 0n };
        this.latest.set(key, candle);
      }
      if (price > candle.high) candle.high = price;
      if (price < candle.low) candle.low = price;
      candle.close = price;
      candle.volume += quantity;
      this.dirty.set(`${key} ${start}`, { pair, interval, candle });
    }
  }

  drainChanges(): { pair: string; interval: CandleInterval; candle: Candle }[] {
    const out = [...this.dirty.values()].map((d) => ({ ...d, candle: { ...d.candle } }));
    this.dirty.clear();
    return out;
  }
}

export function candleToRow(pair: string, interval: CandleInterval, c: Candle, fmt: (u: bigint) => string): CandleRow {
  return {
    pair,
    interval,
    start: c.start,
    open: fmt(c.open),
    high: fmt(c.high),
    low: fmt(c.low),
    close: fmt(c.close),
    volume: fmt(c.volume),
  };
}
