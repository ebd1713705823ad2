import { t, type MigrationContext, type VersionedMigration } from './types';

// The exchange core: orders, public trades, each side's fills, the transaction journal, the fee
// account, daily candles and each user's daily traded volume (for fee tiers).
//
// Ids of orders, trades, fills and transactions are assigned by the single writer in memory
// (max(id) + 1 at start), so a batch can be written with multi-row inserts and no RETURNING.

/** A 64-bit integer key: SQLite's INTEGER PRIMARY KEY is its rowid alias, PostgreSQL needs bigint. */
function key(ctx: MigrationContext): 'integer' | 'bigint' {
  return ctx.dialect === 'postgres' ? 'bigint' : 'integer';
}

export const m0100Exchange: VersionedMigration = {
  name: '0100_exchange',
  async up(db, ctx) {
    const id = key(ctx);
    await db.schema
      .createTable('orders')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('pair', 'text', (c) => c.notNull())
      .addColumn('client_order_id', 'text')
      .addColumn('side', 'text', (c) => c.notNull())
      .addColumn('algorithm_id', 'integer', (c) => c.notNull())
      .addColumn('time_in_force', 'text', (c) => c.notNull())
      .addColumn('destination', 'text', (c) => c.notNull())
      .addColumn('post_only', t.bool, (c) => c.notNull().defaultTo(0))
      .addColumn('price', t.money)
      .addColumn('stop_price', t.money)
      .addColumn('stop_amount', t.money)
      .addColumn('stop_percent', t.money)
      .addColumn('max_slippage', t.money)
      .addColumn('quantity', t.money)
      .addColumn('amount', t.money)
      .addColumn('filled', t.money, (c) => c.notNull())
      .addColumn('filled_amount', t.money, (c) => c.notNull())
      .addColumn('fees', t.money, (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('hold_currency', 'text', (c) => c.notNull())
      .addColumn('held', t.money, (c) => c.notNull())
      .addColumn('maker_rate', t.money, (c) => c.notNull())
      .addColumn('taker_rate', t.money, (c) => c.notNull())
      .addColumn('expires', t.millis)
      .addColumn('quote_id', 'text')
      .addColumn('live', t.bool, (c) => c.notNull())
      .addColumn('engine_state', t.json)
      .addColumn('created_at', t.millis, (c) => c.notNull())
      .addColumn('updated_at', t.millis, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('orders_user_client_id').on('orders').columns(['user_id', 'client_order_id']).unique().execute();
    await db.schema.createIndex('orders_user_live').on('orders').columns(['user_id', 'live', 'id']).execute();
    await db.schema.createIndex('orders_live').on('orders').columns(['live', 'pair']).execute();

    await db.schema
      .createTable('trades')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('pair', 'text', (c) => c.notNull())
      .addColumn('price', t.money, (c) => c.notNull())
      .addColumn('quantity', t.money, (c) => c.notNull())
      .addColumn('amount', t.money, (c) => c.notNull())
      .addColumn('taker_side', 'text', (c) => c.notNull())
      .addColumn('taker_order_id', id, (c) => c.notNull())
      .addColumn('maker_order_id', id, (c) => c.notNull())
      .addColumn('taker_user_id', 'text', (c) => c.notNull())
      .addColumn('maker_user_id', 'text', (c) => c.notNull())
      .addColumn('taker_fee', t.money, (c) => c.notNull())
      .addColumn('maker_fee', t.money, (c) => c.notNull())
      .addColumn('created_at', t.millis, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('trades_pair').on('trades').columns(['pair', 'id']).execute();

    // One row per side of a trade: what GET /v1/account-management/trades lists.
    await db.schema
      .createTable('fills')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('trade_id', id, (c) => c.notNull())
      .addColumn('order_id', id, (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('pair', 'text', (c) => c.notNull())
      .addColumn('side', 'text', (c) => c.notNull())
      .addColumn('liquidity', 'text', (c) => c.notNull())
      .addColumn('price', t.money, (c) => c.notNull())
      .addColumn('quantity', t.money, (c) => c.notNull())
      .addColumn('amount', t.money, (c) => c.notNull())
      .addColumn('fee', t.money, (c) => c.notNull())
      .addColumn('net_amount', t.money, (c) => c.notNull())
      .addColumn('created_at', t.millis, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('fills_user').on('fills').columns(['user_id', 'id']).execute();

    // The journal (spec B §3 transaction rows). Amounts are signed: for every user and currency
    // the sum of the 'done' rows is the balance.
    await db.schema
      .createTable('transactions')
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('amount', t.money, (c) => c.notNull())
      .addColumn('price', t.money)
      .addColumn('symbol', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('ref', 'text')
      .addColumn('created_at', t.millis, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('transactions_user').on('transactions').columns(['user_id', 'id']).execute();
    await db.schema.createIndex('transactions_user_currency').on('transactions').columns(['user_id', 'currency']).execute();

    await db.schema
      .createTable('fee_balances')
      .addColumn('currency', 'text', (c) => c.primaryKey())
      .addColumn('balance', t.money, (c) => c.notNull())
      .addColumn('updated_at', t.millis, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('candles')
      .addColumn('pair', 'text', (c) => c.notNull())
      .addColumn('interval', 'text', (c) => c.notNull())
      .addColumn('start', t.millis, (c) => c.notNull())
      .addColumn('open', t.money, (c) => c.notNull())
      .addColumn('high', t.money, (c) => c.notNull())
      .addColumn('low', t.money, (c) => c.notNull())
      .addColumn('close', t.money, (c) => c.notNull())
      .addColumn('volume', t.money, (c) => c.notNull())
      .addPrimaryKeyConstraint('candles_pk', ['pair', 'interval', 'start'])
      .execute();

    // USD-equivalent volume a user traded per UTC day; the last 14 days set the fee tier.
    await db.schema
      .createTable('volume_days')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('day', t.millis, (c) => c.notNull())
      .addColumn('usd_volume', t.money, (c) => c.notNull())
      .addPrimaryKeyConstraint('volume_days_pk', ['user_id', 'day'])
      .execute();
  },
  async down(db) {
    for (const table of ['volume_days', 'candles', 'fee_balances', 'transactions', 'fills', 'trades', 'orders']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
