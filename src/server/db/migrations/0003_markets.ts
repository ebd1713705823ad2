import { t, type VersionedMigration } from './types';

// Currencies, tradable pairs and per-user balances. Orders, trades and the ledger come in later
// migrations of their own.
export const m0003Markets: VersionedMigration = {
  name: '0003_markets',
  async up(db) {
    await db.schema
      .createTable('currencies')
      .addColumn('symbol', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('is_fiat', t.bool, (c) => c.notNull().defaultTo(0))
      .addColumn('ascii_sign', 'text')
      .addColumn('trading_enabled', t.bool, (c) => c.notNull().defaultTo(1))
      .addColumn('decimals', 'integer', (c) => c.notNull())
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('currency_pairs')
      .addColumn('symbol', 'text', (c) => c.primaryKey())
      .addColumn('base', 'text', (c) => c.notNull().references('currencies.symbol'))
      .addColumn('quote', 'text', (c) => c.notNull().references('currencies.symbol'))
      .addColumn('formatted_symbol', 'text', (c) => c.notNull())
      .addColumn('tick_size', t.money, (c) => c.notNull())
      .addColumn('lot_size', t.money, (c) => c.notNull())
      .addColumn('min_quantity', t.money, (c) => c.notNull())
      .addColumn('maker_fee', t.money, (c) => c.notNull())
      .addColumn('taker_fee', t.money, (c) => c.notNull())
      .addColumn('enabled', t.bool, (c) => c.notNull().defaultTo(1))
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('currency_pairs_base_quote', ['base', 'quote'])
      .execute();

    await db.schema
      .createTable('balances')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('currency', 'text', (c) => c.notNull().references('currencies.symbol'))
      .addColumn('balance', t.money, (c) => c.notNull())
      .addColumn('available', t.money, (c) => c.notNull())
      .addColumn('updated_at', t.millis, (c) => c.notNull())
      .addPrimaryKeyConstraint('balances_pk', ['user_id', 'currency'])
      .execute();
  },
  async down(db) {
    for (const table of ['balances', 'currency_pairs', 'currencies']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
