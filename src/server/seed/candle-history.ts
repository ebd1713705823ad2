import { candleBucketStart, candleIntervalMs, candleIntervals, type CandleInterval } from '../../shared/market/candle-buckets';
import { fromUnits, toUnits } from '../../shared/money/units';
import type { AppDatabase } from '../db/database';
import type { CandleRow, CurrencyPairRow } from '../db/schema';
import { seededRandom } from '../lib/seeded-random';
import { referenceMidUnits, referenceUsdUnits } from '../sim/reference-prices';

// A plausible past for a fresh simulated exchange, so the price chart is a real chart at every
// interval on first start rather than one candle. One random walk per pair ends at the pair's
// reference mid, where the simulator starts its market: 1-minute steps over the last day (so the
// 1 m view of a live market has a past too), 15-minute steps before that. The 1 m, 15 m, 1 h,
// 1 d and 1 w candles are all cut from that one walk, so they agree with each other. Rows are
// stored exactly like candles of real trades and never replace one: a bucket that already has
// a candle keeps it. Only for a simulated market (SIM_RATE > 0): a production exchange's chart
// shows its own trades and nothing else.

export const HISTORY_DAYS = 365;
/** Below this many daily candles a pair gets the generated past. */
export const MIN_DAILY_CANDLES = 180;
const COARSE_MS = candleIntervalMs['15m'];
const FINE_MS = candleIntervalMs['1m'];
/** The recent stretch walked minute by minute: the 1 m chart's past. */
export const FINE_HISTORY_MS = 86_400_000;
/** How far back each interval is written (the finer ones are only useful recently). */
const KEEP_MS: Readonly<Record<CandleInterval, number>> = {
  '1m': FINE_HISTORY_MS,
  '15m': 3 * 86_400_000,
  '1h': 30 * 86_400_000,
  '1d': HISTORY_DAYS * 86_400_000,
  '1w': HISTORY_DAYS * 86_400_000,
};
/** Daily volatility of the walk (about 3 %, a calm crypto market). */
const DAILY_VOL = 0.03;
/** Traded value per 15 minutes, in USD, before noise. */
const STEP_USD_VOLUME = 40_000;
const UNIT = 100_000_000;

interface Bar {
  start: number;
  /** Length of the step: one minute or a quarter hour. */
  size: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** The generated candles of one pair (every interval), oldest first; [] when its price is unknown. */
export function candleHistory(
  pair: Pick<CurrencyPairRow, 'symbol' | 'base' | 'quote' | 'tick_size' | 'lot_size'>,
  now: number,
  days = HISTORY_DAYS,
): CandleRow[] {
  const mid = referenceMidUnits(pair.base, pair.quote);
  const baseUsd = referenceUsdUnits(pair.base);
  if (mid === null || mid <= 0n || baseUsd === null || baseUsd <= 0n) return [];
  const random = seededRandom(`candle-history:${pair.symbol}`);
  const baseUsdPrice = Number(baseUsd) / UNIT;
  // Minute steps from a quarter-hour boundary to the current minute, quarter hours before it,
  // so every 15 m bucket is made of steps of one size.
  const lastMinute = candleBucketStart('1m', now);
  const fineFrom = candleBucketStart('15m', now - FINE_HISTORY_MS);
  const from = candleBucketStart('15m', now - days * 86_400_000);
  const starts: { start: number; size: number }[] = [];
  for (let t = lastMinute; t >= fineFrom; t -= FINE_MS) starts.push({ start: t, size: FINE_MS });
  for (let t = fineFrom - COARSE_MS; t >= from; t -= COARSE_MS) starts.push({ start: t, size: COARSE_MS });

  // Walk backwards from the reference mid, so the newest close is where the market opens.
  const bars: Bar[] = new Array(starts.length);
  let close = Number(mid);
  for (let k = 0; k < starts.length; k++) {
    const { start, size } = starts[k]!;
    const sigma = DAILY_VOL * Math.sqrt(size / 86_400_000);
    const open = close * Math.exp(sigma * random.normal());
    const wick = () => 1 + Math.abs(random.normal()) * sigma * 0.5;
    const high = Math.max(open, close) * wick();
    const low = Math.min(open, close) / wick();
    const volume = ((STEP_USD_VOLUME * size) / COARSE_MS / baseUsdPrice) * Math.exp(0.6 * random.normal()) * UNIT;
    bars[starts.length - 1 - k] = { start, size, open, high, low, close, volume };
    close = open;
  }

  const tick = toUnits(pair.tick_size);
  const lot = toUnits(pair.lot_size);
  const price = (x: number) => fromUnits(roundTo(x, tick));
  const rows: CandleRow[] = [];
  for (const interval of candleIntervals) {
    const since = candleBucketStart(interval, now - KEEP_MS[interval]);
    const intervalMs = candleIntervalMs[interval];
    let current: Bar | null = null;
    const flush = () => {
      if (current && current.start >= since) {
        rows.push({
          pair: pair.symbol,
          interval,
          start: current.start,
          open: price(current.open),
          high: price(current.high),
          low: price(current.low),
          close: price(current.close),
          volume: fromUnits(roundTo(current.volume, lot)),
        });
      }
    };
    for (const bar of bars) {
      // A quarter-hour step says nothing about the minutes inside it.
      if (bar.size > intervalMs) continue;
      const start = candleBucketStart(interval, bar.start);
      if (!current || current.start !== start) {
        flush();
        current = { ...bar, start };
      } else {
        current.high = Math.max(current.high, bar.high);
        current.low = Math.min(current.low, bar.low);
        current.close = bar.close;
        current.volume += bar.volume;
      }
    }
    flush();
  }
  return rows;
}

/** Nearest multiple of `step` units, never below one step. */
function roundTo(units: number, step: bigint): bigint {
  const s = step > 0n ? step : 1n;
  const n = BigInt(Math.max(1, Math.round(units / Number(s))));
  return n * s;
}

/**
 * Writes the generated past of every pair that has fewer than MIN_DAILY_CANDLES daily candles.
 * Returns how many rows were offered (existing buckets are left alone).
 */
export async function seedCandleHistory(database: AppDatabase, now: number): Promise<number> {
  const db = database.db;
  const pairs = await db.selectFrom('currency_pairs').selectAll().execute();
  let written = 0;
  for (const pair of pairs) {
    const count = await db
      .selectFrom('candles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('pair', '=', pair.symbol)
      .where('interval', '=', '1d')
      .executeTakeFirst();
    if (Number(count?.n ?? 0) >= MIN_DAILY_CANDLES) continue;
    const rows = candleHistory(pair, now);
    for (let i = 0; i < rows.length; i += 100) {
      await db
        .insertInto('candles')
        .values(rows.slice(i, i + 100))
        .onConflict((oc) => oc.columns(['pair', 'interval', 'start']).doNothing())
        .execute();
    }
    written += rows.length;
  }
  return written;
}
