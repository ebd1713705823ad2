import type { ExpressionBuilder, Insertable } from 'kysely';
import type { Executor } from '../db/database';
import type { Database, OutboxRow, OutboxTable } from '../db/schema';

export type NewOutboxMessage = Omit<Insertable<OutboxTable>, 'id' | 'sent_at' | 'attempts' | 'last_error'>;

/** What is left of a message's body once its secret parts are dropped. */
export const redactedBody = { delivered: '(delivered)', undeliverable: '(undeliverable)' } as const;

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
      return query.orderBy('id').limit(limit).execute();
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
          ...(redact ? { body: redactedBody.delivered, code: null, link: null } : {}),
        })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Counts a failed attempt. With `redact`, a message that has used its last attempt loses
     * its secret parts: it will never be sent, so nobody needs its code or link again.
     */
    async markFailed(id: number, error: string, maxAttempts: number, redact: boolean): Promise<void> {
      await db
        .updateTable('outbox')
        .set({ attempts: (eb) => eb('attempts', '+', 1), last_error: error.slice(0, 500) })
        .where('id', '=', id)
        .execute();
      if (redact) {
        await db
          .updateTable('outbox')
          .set({ body: redactedBody.undeliverable, code: null, link: null })
          .where('id', '=', id)
          .where('attempts', '>=', maxAttempts)
          .execute();
      }
    },

    /**
     * Drops the secret parts of every message that is done with, delivered or given up on,
     * and still holds them (rows of an older version, or of a development run on the same
     * database). Answers how many rows it changed.
     */
    async redactSettled(maxAttempts: number): Promise<number> {
      const holdsSecrets = (eb: ExpressionBuilder<Database, 'outbox'>) =>
        eb.or([eb('code', 'is not', null), eb('link', 'is not', null), eb('body', 'not in', Object.values(redactedBody))]);
      const delivered = await db
        .updateTable('outbox')
        .set({ body: redactedBody.delivered, code: null, link: null })
        .where('sent_at', 'is not', null)
        .where(holdsSecrets)
        .executeTakeFirst();
      const abandoned = await db
        .updateTable('outbox')
        .set({ body: redactedBody.undeliverable, code: null, link: null })
        .where('sent_at', 'is', null)
        .where('attempts', '>=', maxAttempts)
        .where(holdsSecrets)
        .executeTakeFirst();
      return Number(delivered.numUpdatedRows) + Number(abandoned.numUpdatedRows);
    },
  };
}
export type OutboxRepository = ReturnType<typeof outboxRepository>;
