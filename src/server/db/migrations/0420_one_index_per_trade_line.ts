import type { VersionedMigration } from './types';

// A trade writes six journal lines, and each went into two full indexes of transactions
// (0301): transactions_user_time and transactions_user_currency_time. Replaying trade lines in
// commits of 60 cost 14 µs a line across the writer and checkpoint threads with both, 7 µs with
// one; under bench/api-orders.ts (3.5 lines an order) the second was about 25 µs of CPU per order,
// all of it on the commit every order waits for. A user's lines newest first are now the merge of
// one range of transactions_user_currency_time per currency the user has lines in (a handful),
// read the way the per-type filters already were (exchange-reads.ts), so every page stays an
// index range walk without a sort.
export const m0420OneIndexPerTradeLine: VersionedMigration = {
  name: '0420_one_index_per_trade_line',
  async up(db) {
    await db.schema.dropIndex('transactions_user_time').execute();
  },
  async down(db) {
    await db.schema.createIndex('transactions_user_time').on('transactions').columns(['user_id', 'created_at', 'id']).execute();
  },
};
