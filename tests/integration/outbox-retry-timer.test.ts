import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type AppDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import type { MailMessage, OutboxDelivery } from '../../src/server/outbox';
import { createOutbox } from '../../src/server/outbox/outbox-service';
import { repositories } from '../../src/server/repositories';
import { ManualTimers } from '../../src/server/time/manual-timers';

// The outbox retries failed sends on the timers it is given: on manual time a retry comes
// when the test moves time past the retry period, never before and never by itself.

const RETRY_MS = 30_000;

let database: AppDatabase | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await database?.close();
  database = undefined;
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function openOutbox(delivery: OutboxDelivery, timers: ManualTimers) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ox-outbox-'));
  dirs.push(dataDir);
  database = createDatabase({ dataDir });
  await migrateToLatest(database);
  const outbox = createOutbox({ database, clock: timers, timers, log: pino({ level: 'silent' }), delivery, keepForDevOutbox: false });
  await outbox.enqueue(repositories(database.db), {
    recipient: 'alice@example.com',
    channel: 'email',
    subject: 'Hello',
    body: 'Your code is 123456',
    code: '123456',
    link: null,
  });
  return outbox;
}

/** A mail transport that fails while `state.failing` is set, and keeps what it sent. */
function mailTransport() {
  const mails: MailMessage[] = [];
  const state = { failing: true };
  const delivery: OutboxDelivery = {
    kind: 'send',
    mail: {
      send: async (m) => {
        if (state.failing) throw new Error('smtp down');
        mails.push(m);
      },
    },
    sms: { send: async () => undefined },
  };
  return { mails, state, delivery };
}

describe('outbox retry timer', () => {
  it('CORE.outbox.retry-on-failure: a failed send is tried again when the retry period has passed on the injected timers', async () => {
    const timers = new ManualTimers();
    const transport = mailTransport();
    const outbox = await openOutbox(transport.delivery, timers);
    outbox.kick();
    await outbox.idle();
    expect(transport.mails).toEqual([]);

    transport.state.failing = false;
    timers.advance(RETRY_MS - 1);
    await outbox.idle();
    expect(transport.mails).toEqual([]);

    timers.advance(1);
    await outbox.idle();
    expect(transport.mails.map((m) => m.to)).toEqual(['alice@example.com']);
    await outbox.close();
  });

  it('CORE.outbox.retry-on-failure: closing the outbox clears its retry timer; logged delivery arms none', async () => {
    const timers = new ManualTimers();
    const outbox = await openOutbox(mailTransport().delivery, timers);
    expect(timers.pending).toBe(1);
    await outbox.close();
    expect(timers.pending).toBe(0);
    await database?.close();
    database = undefined;

    const logged = await openOutbox({ kind: 'log' }, timers);
    expect(timers.pending).toBe(0);
    await logged.close();
  });
});
