import type { FastifyBaseLogger } from 'fastify';
import { systemTimers, type Clock, type Timers } from '../time/timers';
import type { AppDatabase } from '../db/database';
import type { OutboxRow } from '../db/schema';
import { repositories, type NewOutboxMessage, type Repositories } from '../repositories';
import type { MailTransport, SmsProvider } from './transports';

export type OutboxChannel = 'email' | 'sms';

/**
 * How messages leave: 'log' (development and tests: stored and logged, read at /dev/outbox)
 * or real transports (production). A null mail transport (production without SMTP_URL) holds
 * every email in the outbox, unsent and with no attempt counted, until a run that has one.
 */
export type OutboxDelivery = { kind: 'log' } | { kind: 'send'; mail: MailTransport | null; sms: SmsProvider };

export const MAX_ATTEMPTS = 5;
const BATCH = 50;
const RETRY_INTERVAL_MS = 30_000;

export interface OutboxDeps {
  database: AppDatabase;
  clock: Clock;
  log: FastifyBaseLogger;
  delivery: OutboxDelivery;
  /** Arms the periodic retry of failed sends (default: the system's). */
  timers?: Timers;
  /** The dev outbox page is served and shows each message's code and link: keep them. */
  keepForDevOutbox: boolean;
}

export function createOutbox(deps: OutboxDeps) {
  const { database, clock, log, delivery } = deps;
  const timers = deps.timers ?? systemTimers;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  // Failed sends are retried periodically (systemTimers unref it: it never keeps the process alive).
  const retryTimer = delivery.kind === 'send' ? timers.setInterval(() => kick(), RETRY_INTERVAL_MS) : undefined;

  // Codes and reset links stay in clear in the outbox only as long as someone needs them: while
  // the dev outbox page shows them, they are kept; otherwise they are dropped once the message
  // is sent (or logged) or has used its last attempt, and at start from rows that are done
  // with but still hold them. The log never shows them.
  const redact = !deps.keepForDevOutbox;
  let swept = false;

  async function sweepOnce(): Promise<void> {
    if (!redact || swept) return;
    const count = await repositories(database.db).outbox.redactSettled(MAX_ATTEMPTS);
    swept = true;
    if (count > 0) log.info({ count }, 'outbox: codes and links of settled messages removed');
  }

  async function deliver(row: OutboxRow): Promise<void> {
    if (delivery.kind === 'log') {
      log.info(
        { outbox: row.id, channel: row.channel, to: row.recipient, subject: row.subject },
        'outbox message (development: not sent, see /dev/outbox)',
      );
      return;
    }
    if (row.channel === 'sms') await delivery.sms.send({ to: row.recipient, body: row.body });
    else await delivery.mail?.send({ to: row.recipient, subject: row.subject ?? '', text: row.body });
  }

  /** Channels that can leave now: all but email while mail is held. */
  const deliverable: readonly OutboxChannel[] | undefined = delivery.kind === 'send' && !delivery.mail ? ['sms'] : undefined;

  async function flushOnce(): Promise<void> {
    await sweepOnce();
    const repos = repositories(database.db);
    const pending = await repos.outbox.listUnsent(BATCH, MAX_ATTEMPTS, deliverable);
    for (const row of pending) {
      try {
        await deliver(row);
        await repos.outbox.markSent(row.id, clock.now(), redact);
      } catch (err) {
        log.error({ err, outbox: row.id, channel: row.channel }, 'outbox delivery failed');
        await repos.outbox.markFailed(row.id, err instanceof Error ? err.message : String(err), MAX_ATTEMPTS, redact);
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
      const id = await repos.outbox.insert({ ...message, created_at: clock.now() });
      if (deliverable && !deliverable.includes(message.channel as OutboxChannel)) {
        log.warn(
          { outbox: id, channel: message.channel },
          'message held in the outbox: it cannot leave until the server runs with SMTP_URL',
        );
      }
      return id;
    },
    kick,
    /** Waits for the current delivery pass (tests, shutdown). */
    async idle(): Promise<void> {
      while (running) await running;
    },
    async close(): Promise<void> {
      if (retryTimer !== undefined) timers.clearInterval(retryTimer);
      await this.idle();
      closed = true;
      if (delivery.kind === 'send') delivery.mail?.close?.();
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
