import { describe, expect, it } from 'vitest';
import { candleBucketStart, candleIntervalMs } from '../../shared/market/candle-buckets';
import { toUnits } from '../../shared/money/units';
import { seedPairs } from './reference-data';
import { candleHistory, MIN_DAILY_CANDLES } from './candle-history';

const now = Date.UTC(2026, 10, 24, 5, 12, 30);

describe('generated candle history of a simulated exchange', () => {
  it('API.candles.history: at least 180 daily candles for every pair, ending at the reference mid in the current bucket', () => {
    for (const pair of seedPairs) {
      const rows = candleHistory(pair, now);
      const daily = rows.filter((r) => r.interval === '1d');
      expect(daily.length).toBeGreaterThanOrEqual(MIN_DAILY_CANDLES);
      expect(daily.at(-1)!.start).toBe(candleBucketStart('1d', now));
      // Consecutive days, oldest first.
      for (let i = 1; i < daily.length; i++) expect(daily[i]!.start - daily[i - 1]!.start).toBe(86_400_000);
      expect(rows.filter((r) => r.interval === '1w').length).toBeGreaterThanOrEqual(26);
      expect(rows.some((r) => r.interval === '1h')).toBe(true);
    }
    const btc = candleHistory(seedPairs[0]!, now);
    expect(btc.filter((r) => r.interval === '1d').at(-1)!.close).toBe('60000');
  });

  it('API.candles.history: candles are well formed, on the pair tick, and the intervals agree', () => {
    const pair = seedPairs.find((p) => p.symbol === 'ethbtc')!;
    const rows = candleHistory(pair, now);
    const tick = toUnits(pair.tick_size);
    for (const r of rows) {
      const [o, h, l, c, v] = [r.open, r.high, r.low, r.close, r.volume].map((x) => toUnits(x));
      expect(h! >= o! && h! >= c! && l! <= o! && l! <= c! && l! > 0n).toBe(true);
      expect(v! > 0n).toBe(true);
      expect(o! % tick).toBe(0n);
    }
    // The week holding a day reaches at least that day's high.
    const days = rows.filter((r) => r.interval === '1d');
    const weeks = new Map(rows.filter((r) => r.interval === '1w').map((w) => [w.start, w]));
    for (const d of days.slice(-30)) {
      const w = weeks.get(candleBucketStart('1w', d.start))!;
      expect(toUnits(w.high) >= toUnits(d.high)).toBe(true);
    }
    // Deterministic: the same past on every fresh start.
    expect(candleHistory(pair, now)).toEqual(rows);
  });
});

describe('generated intraday past', () => {
  it('API.candles.intraday-history: 1 m, 15 m and 1 h have past candles up to the current bucket, so a fresh market charts at every interval', () => {
    for (const pair of seedPairs) {
      const rows = candleHistory(pair, now);
      for (const [interval, atLeast] of [
        ['1m', 24 * 60],
        ['15m', 3 * 24 * 4],
        ['1h', 30 * 24],
      ] as const) {
        const candles = rows.filter((r) => r.interval === interval);
        expect(candles.length, `${pair.symbol} ${interval}`).toBeGreaterThanOrEqual(atLeast);
        expect(candles.at(-1)!.start).toBe(candleBucketStart(interval, now));
        const step = candleIntervalMs[interval];
        for (let i = 1; i < candles.length; i++) expect(candles[i]!.start - candles[i - 1]!.start).toBe(step);
      }
    }
  });

  it('API.candles.intraday-history: minute candles are cut from the same walk as the quarter hours and hours that hold them', () => {
    const pair = seedPairs[0]!;
    const rows = candleHistory(pair, now);
    const minutes = rows.filter((r) => r.interval === '1m');
    for (const coarse of ['15m', '1h'] as const) {
      const byStart = new Map(rows.filter((r) => r.interval === coarse).map((r) => [r.start, r]));
      const groups = new Map<number, typeof minutes>();
      for (const m of minutes) {
        const start = candleBucketStart(coarse, m.start);
        groups.set(start, [...(groups.get(start) ?? []), m]);
      }
      // Buckets wholly inside the minute stretch: same open, close, high and low as their minutes.
      const whole = [...groups].filter(([, ms]) => ms.length === candleIntervalMs[coarse] / 60_000);
      expect(whole.length).toBeGreaterThan(0);
      for (const [start, ms] of whole) {
        const c = byStart.get(start)!;
        expect(c.open).toBe(ms[0]!.open);
        expect(c.close).toBe(ms.at(-1)!.close);
        expect(toUnits(c.high)).toBe(ms.map((m) => toUnits(m.high)).reduce((a, b) => (a > b ? a : b)));
        expect(toUnits(c.low)).toBe(ms.map((m) => toUnits(m.low)).reduce((a, b) => (a < b ? a : b)));
      }
    }
    // The newest minute closes at the reference mid, where the simulator's market opens.
    expect(minutes.at(-1)!.close).toBe('60000');
  });
});
