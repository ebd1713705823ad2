import type { Insertable } from 'kysely';
import type { Executor } from '../db/database';
import type {
  BalanceRow,
  CandleRow,
  CurrencyPairRow,
  CurrencyRow,
  Database,
  FeeBalanceRow,
  FillRow,
  OrderRow,
  TradeRow,
  TransactionRow,
  VolumeDayRow,
} from '../db/schema';

// What the exchange's single writer loads at start and writes per batch. Writes are multi-row
// statements (chunked under SQLite's bound-parameter limit) inside the caller's transaction.

export interface ExchangeSnapshot {
  currencies: CurrencyRow[];
  pairs: CurrencyPairRow[];
  balances: BalanceRow[];
  fees: FeeBalanceRow[];
  liveOrders: OrderRow[];
  lastTrades: Pick<TradeRow, 'pair' | 'price'>[];
  volumeDays: VolumeDayRow[];
  latestCandles: CandleRow[];
  /** Deposit/Credit/Withdraw journal lines (the conservation baseline). */
  externalLines: Pick<TransactionRow, 'currency' | 'amount'>[];
  /** Balances with no journal line at all (written before the ledger started, e.g. the seed). */
  unjournaled: BalanceRow[];
  maxIds: { order: number; trade: number; fill: number; tx: number };
}

export interface ExchangeBatchWrite {
  orders: OrderRow[];
  trades: TradeRow[];
  fills: FillRow[];
  transactions: TransactionRow[];
  balances: BalanceRow[];
  fees: FeeBalanceRow[];
  volumeDays: VolumeDayRow[];
  candles: CandleRow[];
}

export function isEmptyWrite(w: ExchangeBatchWrite): boolean {
  return (
    w.orders.length + w.trades.length + w.fills.length + w.transactions.length + w.balances.length + w.fees.length + w.volumeDays.length + w.candles.length ===
    0
  );
}

const PARAMS_PER_STATEMENT = 8000;

function chunks<T extends object>(rows: readonly T[]): T[][] {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]!).length || 1;
  const size = Math.max(1, Math.floor(PARAMS_PER_STATEMENT / columns));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

async function maxId(db: Executor, table: 'orders' | 'trades' | 'fills' | 'transactions'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max<number | null>('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

export function exchangeStore(db: Executor) {
  return {
    async loadSnapshot(volumeSince: number): Promise<ExchangeSnapshot> {
      const pairs = await db.selectFrom('currency_pairs').selectAll().orderBy('sort_order').orderBy('symbol').execute();
      const lastTrades: Pick<TradeRow, 'pair' | 'price'>[] = [];
      const latestCandles: CandleRow[] = [];
      for (const pair of pairs) {
        const last = await db.selectFrom('trades').select(['pair', 'price']).where('pair', '=', pair.symbol).orderBy('id', 'desc').limit(1).executeTakeFirst();
        if (last) lastTrades.push(last);
        for (const interval of ['1d', '1w']) {
          const candle = await db
            .selectFrom('candles')
            .selectAll()
            .where('pair', '=', pair.symbol)
            .where('interval', '=', interval)
            .orderBy('start', 'desc')
            .limit(1)
            .executeTakeFirst();
          if (candle) latestCandles.push(candle);
        }
      }
      return {
        currencies: await db.selectFrom('currencies').selectAll().orderBy('sort_order').orderBy('symbol').execute(),
        pairs,
        balances: await db.selectFrom('balances').selectAll().execute(),
        fees: await db.selectFrom('fee_balances').selectAll().execute(),
        liveOrders: await db.selectFrom('orders').selectAll().where('live', '=', 1).orderBy('id').execute(),
        lastTrades,
        volumeDays: await db.selectFrom('volume_days').selectAll().where('day', '>=', volumeSince).execute(),
        latestCandles,
        externalLines: await db
          .selectFrom('transactions')
          .select(['currency', 'amount'])
          .where('action', 'in', ['Deposit', 'Credit', 'Withdraw'])
          .where('status', '=', 'done')
          .execute(),
        unjournaled: await db
          .selectFrom('balances as b')
          .selectAll('b')
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('transactions as t')
                  .select('t.id')
                  .whereRef('t.user_id', '=', 'b.user_id')
                  .whereRef('t.currency', '=', 'b.currency'),
              ),
            ),
          )
          .execute(),
        maxIds: {
          order: await maxId(db, 'orders'),
          trade: await maxId(db, 'trades'),
          fill: await maxId(db, 'fills'),
          tx: await maxId(db, 'transactions'),
        },
      };
    },

    /** Writes one batch; the caller runs it inside a transaction. */
    async writeBatch(w: ExchangeBatchWrite): Promise<void> {
      for (const rows of chunks(w.orders)) {
        await db
          .insertInto('orders')
          .values(rows)
          .onConflict((oc) =>
            oc.column('id').doUpdateSet((eb) => ({
              stop_price: eb.ref('excluded.stop_price'),
              filled: eb.ref('excluded.filled'),
              filled_amount: eb.ref('excluded.filled_amount'),
              fees: eb.ref('excluded.fees'),
              status: eb.ref('excluded.status'),
              reason: eb.ref('excluded.reason'),
              held: eb.ref('excluded.held'),
              live: eb.ref('excluded.live'),
              engine_state: eb.ref('excluded.engine_state'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
      }
      await insertAll(db, 'trades', w.trades);
      await insertAll(db, 'fills', w.fills);
      await insertAll(db, 'transactions', w.transactions);
      for (const rows of chunks(w.balances)) {
        await db
          .insertInto('balances')
          .values(rows)
          .onConflict((oc) =>
            oc.columns(['user_id', 'currency']).doUpdateSet((eb) => ({
              balance: eb.ref('excluded.balance'),
              available: eb.ref('excluded.available'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
      }
      for (const rows of chunks(w.fees)) {
        await db
          .insertInto('fee_balances')
          .values(rows)
          .onConflict((oc) =>
            oc.column('currency').doUpdateSet((eb) => ({ balance: eb.ref('excluded.balance'), updated_at: eb.ref('excluded.updated_at') })),
          )
          .execute();
      }
      for (const rows of chunks(w.volumeDays)) {
        await db
          .insertInto('volume_days')
          .values(rows)
          .onConflict((oc) => oc.columns(['user_id', 'day']).doUpdateSet((eb) => ({ usd_volume: eb.ref('excluded.usd_volume') })))
          .execute();
      }
      for (const rows of chunks(w.candles)) {
        await db
          .insertInto('candles')
          .values(rows)
          .onConflict((oc) =>
            oc.columns(['pair', 'interval', 'start']).doUpdateSet((eb) => ({
              high: eb.ref('excluded.high'),
              low: eb.ref('excluded.low'),
              close: eb.ref('excluded.close'),
              volume: eb.ref('excluded.volume'),
            })),
          )
          .execute();
      }
    },
  };
}

async function insertAll<T extends 'trades' | 'fills' | 'transactions'>(db: Executor, table: T, rows: Insertable<Database[T]>[]): Promise<void> {
  for (const chunk of chunks(rows)) await db.insertInto(table).values(chunk as never).execute();
}

export type ExchangeStore = ReturnType<typeof exchangeStore>;
