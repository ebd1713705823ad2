import { sql } from 'kysely';
import { t, type VersionedMigration } from './types';

// The wrong-code budget of a verification moves from each code to the user and channel, in a
// window (docs/API.md): asking for a new code used to hand out five fresh guesses each time.
// Budgets already spent on codes still pending carry over; the column on the codes goes.
export const m0110VerificationAttempts: VersionedMigration = {
  name: '0110_verification_attempts',
  async up(db) {
    await db.schema
      .createTable('verification_attempts')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('window_started_at', t.millis, (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('verification_attempts_pk', ['user_id', 'channel'])
      .execute();
    await sql`
      insert into verification_attempts (user_id, channel, window_started_at, attempts)
      select user_id, channel, max(created_at), max(attempts) from verification_codes
      where consumed_at is null and attempts > 0
      group by user_id, channel
    `.execute(db);
    await db.schema.alterTable('verification_codes').dropColumn('attempts').execute();
  },
  async down(db) {
    await db.schema
      .alterTable('verification_codes')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.dropTable('verification_attempts').execute();
  },
};
