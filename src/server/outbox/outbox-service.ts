import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { AppDatabase } from '../db/database';
import type { OutboxRow } from '../db/schema';
import { repositories, type NewOutboxMessage, type Repositories } from '../repositories';
import type { MailTransport, SmsProvider } from './transports';

export type OutboxChannel = 'email' | 'sms';

/**
 * How messages leave: 'log' (development and tests: stored and logged, read at /dev/outbox)
 * or real transports (production).
 */
export type OutboxDelivery = { kind: 'log' } | { kind: 'send'; mail: MailTransport; sms: SmsProvider };

const MAX_ATTEMPTS = 5;
const BATCH = 50;
const RETRY_INTERVAL_MS = 30_000;

export function createOutbox(deps: { database: AppDatabase; clock: Clock; log: FastifyBaseLogger; delivery: OutboxDelivery }) {
  const { database, clock, log, delivery } = deps;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  // Failed sends are retried periodically; unref so the timer never keeps the process alive.
  const retryTimer = delivery.kind === 'send' ? setInterval(() => kick(), RETRY_INTERVAL_MS).unref() : undefined;

  async function deliver(row: OutboxRow): Promise<void> {
    if (delivery.kind === 'log') {
      log.info(
        { outbox: row.id, channel: row.channel, to: row.recipient, subject: row.subject },
        'outbox message (development: not sent, see /dev/outbox)',
      );
      return;
    }
    if (row.channel === 'sms') await delivery.sms.send({ to: row.recipient, body: row.body });
    else await delivery.mail.send({ to: row.recipient, subject: row.subject ?? '', text: row.body });
  }

  async function flushOnce(): Promise<void> {
    const repos = repositories(database.db);
    const pending = await repos.outbox.listUnsent(BATCH, MAX_ATTEMPTS);
    for (const row of pending) {
      try {
        await deliver(row);
        await repos.outbox.markSent(row.id, clock.now(), delivery.kind === 'send');
      } catch (err) {
        log.error({ err, outbox: row.id, channel: row.channel }, 'outbox delivery failed');
        await repos.outbox.markFailed(row.id, err instanceof Error ? err.message : String(err));
      }
    }
  }

  /** Starts a delivery pass (or queues one after the current pass); never throws. */
  function kick(): void {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await flushOnce();
        } catch (err) {
          if (!closed) log.error({ err }, 'outbox pass failed');
        }
      } while (again && !closed);
    })().finally(() => {
      running = undefined;
    });
  }

  return {
    /** Adds a message inside the caller's transaction; call kick() after it commits. */
    async enqueue(repos: Repositories, message: Omit<NewOutboxMessage, 'created_at'>): Promise<number> {
      return repos.outbox.insert({ ...message, created_at: clock.now() });
    },
    kick,
    /** Waits for the current delivery pass (tests, shutdown). */
    async idle(): Promise<void> {
      while (running) await running;
    },
    async close(): Promise<void> {
      if (retryTimer) clearInterval(retryTimer);
      await this.idle();
      closed = true;
      if (delivery.kind === 'send') delivery.mail.close?.();
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
