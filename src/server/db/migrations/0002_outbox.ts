import { autoId, t, type VersionedMigration } from './types';

// Every mail and SMS is first a row here, written in the same transaction as the change that
// caused it, then delivered (or, in development, just shown at /dev/outbox).
export const m0002Outbox: VersionedMigration = {
  name: '0002_outbox',
  async up(db, ctx) {
    const id = autoId(ctx);
    await db.schema
      .createTable('outbox')
      .addColumn('id', id.type, id.build)
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('subject', 'text')
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('code', 'text')
      .addColumn('link', 'text')
      .addColumn('created_at', t.millis, (c) => c.notNull())
      .addColumn('sent_at', t.millis)
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .execute();
    await db.schema.createIndex('outbox_unsent').on('outbox').columns(['sent_at', 'id']).execute();
  },
  async down(db) {
    await db.schema.dropTable('outbox').ifExists().execute();
  },
};
