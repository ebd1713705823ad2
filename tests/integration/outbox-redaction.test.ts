import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { MailMessage, OutboxDelivery } from '../../src/server/outbox';
import { MAX_ATTEMPTS } from '../../src/server/outbox/outbox-service';
import { Client, registerIndividual, startApp, type TestApp } from './accounts-harness';
import { describeEachStore } from '../support/postgres';

// Verification codes and reset links stay in clear in the outbox only while they are needed:
// until delivered or given up on, except while the dev outbox page shows them. The log never
// carries them.

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  let t: TestApp | undefined;
  const dirs: string[] = [];
  afterEach(async () => {
    await t?.close();
    t = undefined;
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  /** A mail transport that fails while `state.failing` is set, and keeps what it sent. */
  function mailTransport(failing: boolean) {
    const mails: MailMessage[] = [];
    const state = { failing };
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

  async function outboxRows(target: TestApp) {
    await target.app.ctx.outbox.idle();
    return target.app.ctx.database.db.selectFrom('outbox').selectAll().orderBy('id').execute();
  }

  describe('outbox: codes and links at rest', () => {
    it('API.security.outbox-redacted: production: a message keeps its code while it may still be retried, and loses it once its last attempt failed', async () => {
      const transport = mailTransport(true);
      t = await startApp({ store, config: { nodeEnv: 'production' }, outboxDelivery: transport.delivery });
      const { client } = await registerIndividual(t);
      expect((await client.post('/v1/auth/verification-code/email/request')).statusCode).toBe(200);

      let [row] = await outboxRows(t);
      expect(row).toMatchObject({ attempts: 1, sent_at: null, last_error: 'smtp down' });
      expect(row!.code).toMatch(/^\d{6}$/);
      for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt += 1) {
        t.app.ctx.outbox.kick();
        [row] = await outboxRows(t);
      }
      expect(row).toMatchObject({
        attempts: MAX_ATTEMPTS,
        sent_at: null,
        code: null,
        link: null,
        body: '(undeliverable)',
        last_error: 'smtp down',
      });
      // Given up on: no further attempt, even once the transport works again.
      transport.state.failing = false;
      t.app.ctx.outbox.kick();
      expect(await outboxRows(t)).toEqual([row]);
      expect(transport.mails).toHaveLength(0);
    });

    it('API.security.outbox-redacted, API.dev.production-redacts: production: a reset link is removed once the mail is out', async () => {
      const transport = mailTransport(false);
      t = await startApp({ store, config: { nodeEnv: 'production' }, outboxDelivery: transport.delivery });
      const { payload } = await registerIndividual(t);
      const res = await new Client(t.app).post('/v1/auth/password/forgot-password', { email: payload.email }, { authHeader: false });
      expect(res.statusCode).toBe(200);
      const rows = await outboxRows(t);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ code: null, link: null, body: '(delivered)' });
      expect(transport.mails[0]!.text).toMatch(/token=/);
    });

    it('API.security.outbox-redacted: production: messages a development run left in clear on the same database are redacted at start', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ox-outbox-'));
      dirs.push(dataDir);
      const dev = await startApp({ store, dataDir });
      const { client, payload } = await registerIndividual(dev);
      await client.post('/v1/auth/verification-code/email/request');
      await new Client(dev.app).post('/v1/auth/password/forgot-password', { email: payload.email }, { authHeader: false });
      const shown = await dev.outbox();
      expect(shown.some((m) => m.code) && shown.some((m) => m.link)).toBe(true);
      await dev.close({ keepData: true });

      const transport = mailTransport(false);
      t = await startApp({
        store,
        dataDir,
        config: { nodeEnv: 'production', databaseUrl: dev.config.databaseUrl },
        outboxDelivery: transport.delivery,
      });
      const rows = await outboxRows(t);
      expect(rows).toHaveLength(2);
      for (const row of rows) expect(row).toMatchObject({ code: null, link: null, body: '(delivered)' });
      expect(transport.mails).toHaveLength(0);
    });

    it('API.security.outbox-redacted: without the dev outbox page, a message only logged (not sent) loses its code too', async () => {
      t = await startApp({ store, config: { nodeEnv: 'production' }, outboxDelivery: { kind: 'log' } });
      const { client } = await registerIndividual(t);
      await client.post('/v1/auth/verification-code/phone/request');
      const rows = await outboxRows(t);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ channel: 'sms', code: null, link: null, body: '(delivered)' });
    });

    it('API.security.outbox-redacted, API.security.logs-no-secrets: development: the dev outbox shows codes and links, the log never does', async () => {
      let logText = '';
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          logText += chunk.toString('utf8');
          done();
        },
      });
      t = await startApp({ store, config: { nodeEnv: 'development' }, loggerInstance: pino({ level: 'trace' }, sink) });
      const { client, payload } = await registerIndividual(t);
      await client.post('/v1/auth/verification-code/email/request');
      await new Client(t.app).post('/v1/auth/password/forgot-password', { email: payload.email }, { authHeader: false });
      const shown = await t.outbox();
      const code = shown.find((m) => m.code)?.code;
      const link = shown.find((m) => m.link)?.link;
      expect(code).toMatch(/^\d{6}$/);
      expect(link).toMatch(/token=/);
      expect(logText).toContain('outbox message');
      expect(logText).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
      expect(logText).not.toContain(new URL(link!).searchParams.get('token')!);
    });
  });
});
