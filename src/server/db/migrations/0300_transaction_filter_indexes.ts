import { sql } from 'kysely';
import type { VersionedMigration } from './types';

// The transaction history pages newest first, by (created_at, id), under filters. Read through
// transactions_user alone, a filter that matches few of a user's rows (only deposits, only
// pending, a short date window) walks most of the user's range before it fills a page: with a
// million rows that is hundreds of milliseconds. These keep any page a short index walk:
//  - transactions_user_time (user_id, created_at, id): the order itself, and a date window is
//    one range of it.
//  - transactions_user_action (user_id, action, created_at, id): one range per selected type,
//    merged in order.
//  - transactions_user_currency_time (user_id, currency, created_at, id): a rarely held
//    currency (the filter's PAX) is one range too.
//  - transactions_user_pending, the same where pending: the pending toggle's rows are few and
//    churn (they leave the index when settled), so they get a small index of their own.
export const m0300TransactionFilterIndexes: VersionedMigration = {
  name: '0300_transaction_filter_indexes',
  async up(db) {
    await db.schema.createIndex('transactions_user_action').on('transactions').columns(['user_id', 'action', 'created_at', 'id']).execute();
    await db.schema
      .createIndex('transactions_user_pending')
      .on('transactions')
      .columns(['user_id', 'action', 'created_at', 'id'])
      .where(sql.ref('status'), '=', 'pending')
      .execute();
    await db.schema.createIndex('transactions_user_time').on('transactions').columns(['user_id', 'created_at', 'id']).execute();
    await db.schema
      .createIndex('transactions_user_currency_time')
      .on('transactions')
      .columns(['user_id', 'currency', 'created_at', 'id'])
      .execute();
  },
  async down(db) {
    await db.schema.dropIndex('transactions_user_currency_time').execute();
    await db.schema.dropIndex('transactions_user_time').execute();
    await db.schema.dropIndex('transactions_user_pending').execute();
    await db.schema.dropIndex('transactions_user_action').execute();
  },
};
