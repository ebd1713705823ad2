import { sql } from 'kysely';
import type { VersionedMigration } from './types';

// Every index is rewritten by every commit that touches it, and under load a commit's pages are
// most of what the WAL carries (measured under bench/api-orders.ts: a fifth of the frames were
// these three). So:
//  - orders_user_live (user_id, live, id) moved each filled order from the live part of the
//    user's range to the middle of the done part: a page in each. Now every order has one entry
//    in orders_user, appended at the user's end and never moved, and the orders that are still
//    live have another in the small partial index orders_open, removed when they end.
//  - orders_live (live, pair) held every order ever placed just to find the live ones at start;
//    orders_open serves that too.
//  - transactions_user_currency (user_id, currency) duplicated transactions_user for the only
//    queries that filter on currency: a user's rows are read through transactions_user either way.

export const m0101LeanOrderIndexes: VersionedMigration = {
  name: '0101_lean_order_indexes',
  async up(db) {
    await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'id']).execute();
    await db.schema.createIndex('orders_open').on('orders').columns(['user_id', 'id']).where(sql.ref('live'), '=', 1).execute();
    await db.schema.dropIndex('orders_user_live').execute();
    await db.schema.dropIndex('orders_live').execute();
    await db.schema.dropIndex('transactions_user_currency').execute();
  },
  async down(db) {
    await db.schema.createIndex('transactions_user_currency').on('transactions').columns(['user_id', 'currency']).execute();
    await db.schema.createIndex('orders_live').on('orders').columns(['live', 'pair']).execute();
    await db.schema.createIndex('orders_user_live').on('orders').columns(['user_id', 'live', 'id']).execute();
    await db.schema.dropIndex('orders_open').execute();
    await db.schema.dropIndex('orders_user').execute();
  },
};
