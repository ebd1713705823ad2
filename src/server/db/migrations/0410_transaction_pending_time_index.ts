import { sql } from 'kysely';
import type { VersionedMigration } from './types';

// `pending` without types (the API allows it; the screen always sends deposit and/or withdraw
// with it) had no index of its own in time order: it walked transactions_user_time through the
// user's every row to find the few pending ones. A partial index of the pending rows alone, in
// page order, makes it a short range walk like every other filter.
export const m0410TransactionPendingTimeIndex: VersionedMigration = {
  name: '0410_transaction_pending_time_index',
  async up(db) {
    await db.schema
      .createIndex('transactions_user_pending_time')
      .on('transactions')
      .columns(['user_id', 'created_at', 'id'])
      .where(sql.ref('status'), '=', 'pending')
      .execute();
  },
  async down(db) {
    await db.schema.dropIndex('transactions_user_pending_time').execute();
  },
};
