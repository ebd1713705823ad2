import type { Dialect, Executor } from '../db/database';
import { bulkStatements, runStatements, type Statement, type UpsertSpec } from './bulk-write';
import type {
  BalanceRow,
  CandleRow,
  CurrencyPairRow,
  CurrencyRow,
  FeeBalanceRow,
  FillRow,
  OrderRow,
  TradeRow,
  TransactionRow,
  VolumeDayRow,
} from '../db/schema';
import { candleIntervals } from '../../shared/market/candle-buckets';

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
  /** Journal lines of transfers still in motion (deposits announced, withdrawals held). */
  pendingLines: Pick<TransactionRow, 'id' | 'user_id' | 'action' | 'currency' | 'amount' | 'ref'>[];
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
    w.orders.length +
      w.trades.length +
      w.fills.length +
      w.transactions.length +
      w.balances.length +
      w.fees.length +
      w.volumeDays.length +
      w.candles.length ===
    0
  );
}

const ORDER_COLUMNS = [
  'id',
  'user_id',
  'pair',
  'client_order_id',
  'side',
  'algorithm_id',
  'time_in_force',
  'destination',
  'post_only',
  'price',
  'stop_price',
  'stop_amount',
  'stop_percent',
  'max_slippage',
  'quantity',
  'amount',
  'filled',
  'filled_amount',
  'fees',
  'status',
  'reason',
  'hold_currency',
  'held',
  'maker_rate',
  'taker_rate',
  'expires',
  'quote_id',
  'live',
  'engine_state',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof OrderRow)[];

const ORDERS: UpsertSpec = {
  table: 'orders',
  columns: ORDER_COLUMNS,
  onConflict: {
    target: ['id'],
    update: ['stop_price', 'filled', 'filled_amount', 'fees', 'status', 'reason', 'held', 'live', 'engine_state', 'updated_at'],
  },
};
const TRADES: UpsertSpec = {
  table: 'trades',
  columns: [
    'id',
    'pair',
    'price',
    'quantity',
    'amount',
    'taker_side',
    'taker_order_id',
    'maker_order_id',
    'taker_user_id',
    'maker_user_id',
    'taker_fee',
    'maker_fee',
    'created_at',
  ] satisfies (keyof TradeRow)[],
};
const FILLS: UpsertSpec = {
  table: 'fills',
  columns: [
    'id',
    'trade_id',
    'order_id',
    'user_id',
    'pair',
    'side',
    'liquidity',
    'price',
    'quantity',
    'amount',
    'fee',
    'net_amount',
    'created_at',
  ] satisfies (keyof FillRow)[],
};
// A transfer's pending line is written again under its id when it completes or fails.
const TRANSACTIONS: UpsertSpec = {
  table: 'transactions',
  columns: [
    'id',
    'user_id',
    'action',
    'currency',
    'amount',
    'price',
    'symbol',
    'status',
    'ref',
    'created_at',
  ] satisfies (keyof TransactionRow)[],
  onConflict: { target: ['id'], update: ['status'] },
};
const BALANCES: UpsertSpec = {
  table: 'balances',
  columns: ['user_id', 'currency', 'balance', 'available', 'updated_at'] satisfies (keyof BalanceRow)[],
  onConflict: { target: ['user_id', 'currency'], update: ['balance', 'available', 'updated_at'] },
};
const FEES: UpsertSpec = {
  table: 'fee_balances',
  columns: ['currency', 'balance', 'updated_at'] satisfies (keyof FeeBalanceRow)[],
  onConflict: { target: ['currency'], update: ['balance', 'updated_at'] },
};
const VOLUME_DAYS: UpsertSpec = {
  table: 'volume_days',
  columns: ['user_id', 'day', 'usd_volume'] satisfies (keyof VolumeDayRow)[],
  onConflict: { target: ['user_id', 'day'], update: ['usd_volume'] },
};
// A candle's open is fixed by its first trade; later writes move the rest.
const CANDLES: UpsertSpec = {
  table: 'candles',
  columns: ['pair', 'interval', 'start', 'open', 'high', 'low', 'close', 'volume'] satisfies (keyof CandleRow)[],
  onConflict: { target: ['pair', 'interval', 'start'], update: ['high', 'low', 'close', 'volume'] },
};

/** Every statement of one batch, in dependency order (orders before the trades that name them). */
export function batchStatements(dialect: Dialect, w: ExchangeBatchWrite): Statement[] {
  return [
    ...bulkStatements(dialect, ORDERS, w.orders),
    ...bulkStatements(dialect, TRADES, w.trades),
    ...bulkStatements(dialect, FILLS, w.fills),
    ...bulkStatements(dialect, TRANSACTIONS, w.transactions),
    ...bulkStatements(dialect, BALANCES, w.balances),
    ...bulkStatements(dialect, FEES, w.fees),
    ...bulkStatements(dialect, VOLUME_DAYS, w.volumeDays),
    ...bulkStatements(dialect, CANDLES, w.candles),
  ];
}

async function maxId(db: Executor, table: 'orders' | 'trades' | 'fills' | 'transactions'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max<number | null>('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

export function exchangeStore(db: Executor, dialect: Dialect) {
  return {
    async loadSnapshot(volumeSince: number): Promise<ExchangeSnapshot> {
      const pairs = await db.selectFrom('currency_pairs').selectAll().orderBy('sort_order').orderBy('symbol').execute();
      const lastTrades: Pick<TradeRow, 'pair' | 'price'>[] = [];
      const latestCandles: CandleRow[] = [];
      for (const pair of pairs) {
        const last = await db
          .selectFrom('trades')
          .select(['pair', 'price'])
          .where('pair', '=', pair.symbol)
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (last) lastTrades.push(last);
        for (const interval of candleIntervals) {
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
        // Sorted here: with ORDER BY id SQLite would rather scan every order ever placed in id
        // order than read the small partial index of live ones and sort.
        liveOrders: (await db.selectFrom('orders').selectAll().where('live', '=', 1).execute()).sort((a, b) => Number(a.id) - Number(b.id)),
        lastTrades,
        volumeDays: await db.selectFrom('volume_days').selectAll().where('day', '>=', volumeSince).execute(),
        latestCandles,
        externalLines: await db
          .selectFrom('transactions')
          .select(['currency', 'amount'])
          .where('action', 'in', ['Deposit', 'Credit', 'Withdraw'])
          .where('status', '=', 'done')
          .execute(),
        pendingLines: await db
          .selectFrom('transactions')
          .select(['id', 'user_id', 'action', 'currency', 'amount', 'ref'])
          .where('status', '=', 'pending')
          .orderBy('id')
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
      await runStatements(db, batchStatements(dialect, w));
    },
  };
}

export type ExchangeStore = ReturnType<typeof exchangeStore>;
