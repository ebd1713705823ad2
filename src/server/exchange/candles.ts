import { candleBucketStart, candleIntervals, type CandleInterval } from '../../shared/market/candle-buckets';
import type { CandleRow } from '../db/schema';

// OHLCV candles of our own trades, kept up to date as fills happen (no scan of the trades table
// on read). Buckets (src/shared/market/candle-buckets.ts) are UTC minutes, quarter hours, hours,
// days, and weeks starting Monday 00:00 UTC. The clock is assumed not to go backwards across
// buckets.

export { candleIntervals, type CandleInterval };

export const bucketStart = candleBucketStart;

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
