// Candle intervals of GET /v1/market/candles and where their buckets start: UTC minutes,
// quarter hours, hours and days, and weeks starting Monday 00:00 UTC. The server's candle book
// and the engine's live last candle bucket trades with this one function, so they agree.

export const candleIntervals = ['1m', '15m', '1h', '1d', '1w'] as const;
export type CandleInterval = (typeof candleIntervals)[number];

const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** 1970-01-05 was a Monday. */
const MONDAY_OFFSET = 4 * DAY_MS;

export const candleIntervalMs: Readonly<Record<CandleInterval, number>> = {
  '1m': MINUTE_MS,
  '15m': 15 * MINUTE_MS,
  '1h': 60 * MINUTE_MS,
  '1d': DAY_MS,
  '1w': WEEK_MS,
};

const floorTo = (at: number, size: number, offset = 0) => at - ((((at - offset) % size) + size) % size);

/** Start (epoch ms) of the bucket holding `at`. */
export function candleBucketStart(interval: CandleInterval, at: number): number {
  return interval === '1w' ? floorTo(at, WEEK_MS, MONDAY_OFFSET) : floorTo(at, candleIntervalMs[interval]);
}
