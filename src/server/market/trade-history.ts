import type { Executor } from '../db/database';
import type { TradeRecord } from './public-market-data';

// Reads the stored public trades the 24 h tickers are rebuilt from at startup: every trade of
// the last 24 h, plus each pair's latest older trade (its last price when the window is empty).
// Trade ids grow with time (one writer assigns them), so the first trade inside the window is
// found by a binary search over ids, with point lookups on the primary key, instead of
// scanning a table that a long simulation run makes large.

const PAGE = 5_000;

/** Streams the trades to `sink` page by page (a day of a busy simulation does not fit in memory); returns the count. */
export async function loadRecentTrades(db: Executor, since: number, sink: (trade: TradeRecord) => void): Promise<number> {
  const bounds = await db
    .selectFrom('trades')
    .select((eb) => [eb.fn.min('id').as('lo'), eb.fn.max('id').as('hi')])
    .executeTakeFirst();
  if (!bounds || bounds.lo === null || bounds.hi === null) return 0;
  let lo = Number(bounds.lo);
  let hi = Number(bounds.hi) + 1;
  // Invariant: trades below lo are older than `since`; the one at hi (if any) is not.
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    const row = await db.selectFrom('trades').select(['id', 'created_at']).where('id', '>=', mid).orderBy('id').limit(1).executeTakeFirst();
    if (!row) hi = mid;
    else if (Number(row.created_at) < since) lo = Number(row.id) + 1;
    else hi = mid;
  }
  const first = lo;

  let count = 0;
  const emit = (trade: TradeRecord) => {
    count += 1;
    sink(trade);
  };
  const pairs = await db.selectFrom('currency_pairs').select('symbol').execute();
  for (const { symbol } of pairs) {
    const older = await db
      .selectFrom('trades')
      .select(['pair', 'price', 'quantity', 'created_at'])
      .where('pair', '=', symbol)
      .where('id', '<', first)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (older) emit({ pair: older.pair, price: older.price, quantity: older.quantity, at: Number(older.created_at) });
  }
  for (let after = first - 1; ;) {
    const rows = await db
      .selectFrom('trades')
      .select(['id', 'pair', 'price', 'quantity', 'created_at'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const r of rows) emit({ pair: r.pair, price: r.price, quantity: r.quantity, at: Number(r.created_at) });
    if (rows.length < PAGE) break;
    after = Number(rows[rows.length - 1]!.id);
  }
  return count;
}
