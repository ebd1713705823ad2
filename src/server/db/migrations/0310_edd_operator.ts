import { sql } from 'kysely';
import { autoId, t, type VersionedMigration } from './types';

// Enhanced due diligence (requests, their answers and uploaded documents), the operator's
// review queue for large withdrawals, wire credits by reference, and the append-only audit log
// of every operator action. The audit log refuses UPDATE and DELETE in the database itself, so
// no code path (nor a slip in one) can rewrite history.
export const m0310EddOperator: VersionedMigration = {
  name: '0310_edd_operator',
  async up(db, ctx) {
    await db.schema
      .createTable('edd_requests')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('required_form', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('responses', t.json, (c) => c.notNull())
      .addColumn('review_note', 'text')
      .addColumn('reviewed_by', 'text')
      .addColumn('reviewed_at', t.millis)
      .addColumn('created_at', t.millis, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('edd_requests_user').on('edd_requests').columns(['user_id', 'created_at']).execute();
    await db.schema.createIndex('edd_requests_status').on('edd_requests').columns(['status', 'created_at']).execute();

    await db.schema
      .createTable('edd_files')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('request_id', 'text', (c) => c.notNull().references('edd_requests.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('stored_name', 'text', (c) => c.notNull())
      .addColumn('original_name', 'text', (c) => c.notNull())
      .addColumn('doc_type', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('created_at', t.millis, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('edd_files_request').on('edd_files').column('request_id').execute();

    const id = autoId(ctx);
    await db.schema
      .createTable('audit_log')
      .addColumn('id', id.type, id.build)
      .addColumn('actor_id', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('subject', 'text')
      .addColumn('detail', t.json, (c) => c.notNull())
      .addColumn('created_at', t.millis, (c) => c.notNull())
      .execute();
    if (ctx.dialect === 'sqlite') {
      await sql`create trigger audit_log_no_update before update on audit_log begin select raise(abort, 'audit_log is append-only'); end`.execute(
        db,
      );
      await sql`create trigger audit_log_no_delete before delete on audit_log begin select raise(abort, 'audit_log is append-only'); end`.execute(
        db,
      );
    } else {
      await sql`create function audit_log_append_only() returns trigger language plpgsql as $$ begin raise exception 'audit_log is append-only'; end $$`.execute(
        db,
      );
      await sql`create trigger audit_log_no_change before update or delete on audit_log for each row execute function audit_log_append_only()`.execute(
        db,
      );
    }

    await db.schema
      .createTable('withdrawal_reviews')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('amount', t.money, (c) => c.notNull())
      .addColumn('destination', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('reviewed_by', 'text')
      .addColumn('reviewed_at', t.millis)
      .addColumn('created_at', t.millis, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('withdrawal_reviews_status').on('withdrawal_reviews').columns(['status', 'created_at']).execute();

    await db.schema
      .createTable('wire_credits')
      .addColumn('reference', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('amount', t.money, (c) => c.notNull())
      .addColumn('credited_by', 'text', (c) => c.notNull())
      .addColumn('created_at', t.millis, (c) => c.notNull())
      .execute();
  },
  async down(db, ctx) {
    await db.schema.dropTable('wire_credits').execute();
    await db.schema.dropTable('withdrawal_reviews').execute();
    await db.schema.dropTable('audit_log').execute();
    if (ctx.dialect === 'postgres') await sql`drop function audit_log_append_only()`.execute(db);
    await db.schema.dropTable('edd_files').execute();
    await db.schema.dropTable('edd_requests').execute();
  },
};
