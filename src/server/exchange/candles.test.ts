import { describe, expect, it } from 'vitest';
import { bucketStart, CandleBook } from './candles';

describe('candles', () => {
  it('API.candles.buckets: buckets are UTC days and weeks starting Monday 00:00 UTC', () => {
    const wed = Date.UTC(2025, 0, 1, 15, 30); // a Wednesday
    expect(bucketStart('1d', wed)).toBe(Date.UTC(2025, 0, 1));
    expect(bucketStart('1w', wed)).toBe(Date.UTC(2024, 11, 30));
    expect(bucketStart('1w', Date.UTC(2024, 11, 30))).toBe(Date.UTC(2024, 11, 30));
    expect(bucketStart('1w', Date.UTC(2024, 11, 29, 23, 59))).toBe(Date.UTC(2024, 11, 23));
  });

  it('CORE.candles.from-fills: fills make open/high/low/close/volume; a new day starts a new candle; each change is reported once per drain', () => {
    const book = new CandleBook();
    const day = Date.UTC(2025, 0, 1);
    book.add('btcusd', day + 1, 100n, 1n);
    book.add('btcusd', day + 2, 120n, 2n);
    book.add('btcusd', day + 3, 90n, 3n);
    const first = book.drainChanges().filter((c) => c.interval === '1d');
    expect(first).toEqual([
      { pair: 'btcusd', interval: '1d', candle: { start: day, open: 100n, high: 120n, low: 90n, close: 90n, volume: 6n } },
    ]);
    book.add('btcusd', day + 86_400_000, 95n, 1n);
    const next = book.drainChanges().filter((c) => c.interval === '1d');
    expect(next.map((c) => [c.candle.start, c.candle.open])).toEqual([[day + 86_400_000, 95n]]);
  });

  it('API.candles.intervals: minute, quarter-hour and hour buckets; one fill updates every interval', () => {
    const at = Date.UTC(2025, 0, 1, 15, 37, 42, 500);
    expect(bucketStart('1m', at)).toBe(Date.UTC(2025, 0, 1, 15, 37));
    expect(bucketStart('15m', at)).toBe(Date.UTC(2025, 0, 1, 15, 30));
    expect(bucketStart('1h', at)).toBe(Date.UTC(2025, 0, 1, 15));
    const book = new CandleBook();
    book.add('btcusd', at, 100n, 1n);
    expect(
      book
        .drainChanges()
        .map((c) => c.interval)
        .sort(),
    ).toEqual(['15m', '1d', '1h', '1m', '1w']);
  });
});
