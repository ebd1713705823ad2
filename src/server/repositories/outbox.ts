import type { Insertable } from 'kysely';
import type { Executor } from '../db/database';
import type { OutboxRow, OutboxTable } from '../db/schema';

export type NewOutboxMessage = Omit<Insertable<OutboxTable>, 'id' | 'sent_at' | 'attempts' | 'last_error'>;

export function outboxRepository(db: Executor) {
  return {
    async insert(message: NewOutboxMessage): Promise<number> {
      const row = await db.insertInto('outbox').values(message).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async listNewest(limit: number): Promise<OutboxRow[]> {
      return db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
    },

    /** The oldest messages still to send, optionally only on the given channels. */
    async listUnsent(limit: number, maxAttempts: number, channels?: readonly string[]): Promise<OutboxRow[]> {
      let query = db.selectFrom('outbox').selectAll().where('sent_at', 'is', null).where('attempts', '<', maxAttempts);
      if (channels) query = query.where('channel', 'in', channels);
      return query
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /**
     * Marks a message delivered. With `redact`, the secret parts (body, code, link) are
     * dropped: once a real mail is out, the database need not keep a usable code or link.
     */
    async markSent(id: number, now: number, redact: boolean): Promise<void> {
      await db
        .updateTable('outbox')
        .set({
          sent_at: now,
          attempts: (eb) => eb('attempts', '+', 1),
          last_error: null,
          ...(redact ? { body: '(delivered)', code: null, link: null } : {}),
        })
        .where('id', '=', id)
        .execute();
    },

    async markFailed(id: number, error: string): Promise<void> {
      await db
        .updateTable('outbox')
        .set({ attempts: (eb) => eb('attempts', '+', 1), last_error: error.slice(0, 500) })
        .where('id', '=', id)
        .execute();
    },
  };
}
export type OutboxRepository = ReturnType<typeof outboxRepository>;
