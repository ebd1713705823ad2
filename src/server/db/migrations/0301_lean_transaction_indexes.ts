import { sql } from 'kysely';
import type { VersionedMigration } from './types';

// Every journal line goes into each index of transactions, six lines per trade, and each index
// is rewritten by every commit that touches it. After 0300 a line went into five: under
// bench/api-orders.ts the SQLite writer thread spent 40–95 % more CPU and the checkpoint thread
// 60–100 % more than before 0300, and orders waited that much longer for their commits. Replaying
// trade lines in commits of 60 cost 25 µs a line across both threads with those five indexes,
// 7 µs with transactions_user alone, 14 µs with the set below. Two are not needed for the filters
// 0300 serves:
//  - transactions_user (user_id, id): transactions_user_time (user_id, created_at, id) gives a
//    user's lines newest first as well.
//  - transactions_user_action held every line, though only the rare types need a range of their
//    own: a filter on Buy, Sell or Charge (most of a busy account) finds its rows densely along
//    transactions_user_time. transactions_user_transfers keeps one for Deposit, Withdraw and
//    Credit, which trades never write; a query must state its condition word for word
//    (transferActionsOnly in repositories/transfer-actions.ts) for SQLite to use it.
export const m0301LeanTransactionIndexes: VersionedMigration = {
  name: '0301_lean_transaction_indexes',
  async up(db) {
    await sql`create index transactions_user_transfers on transactions (user_id, action, created_at, id) where action in ('Deposit', 'Withdraw', 'Credit')`.execute(
      db,
    );
    await db.schema.dropIndex('transactions_user_action').execute();
    await db.schema.dropIndex('transactions_user').execute();
  },
  async down(db) {
    await db.schema.createIndex('transactions_user').on('transactions').columns(['user_id', 'id']).execute();
    await db.schema.createIndex('transactions_user_action').on('transactions').columns(['user_id', 'action', 'created_at', 'id']).execute();
    await db.schema.dropIndex('transactions_user_transfers').execute();
  },
};
