import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { z } from 'zod';
import { healthResponseSchema } from '../../src/shared/api/health';
import { defineRoute } from '../../src/server/http/route';
import type { MailMessage, SmsMessage } from '../../src/server/outbox';
import { DEMO_EMAIL } from '../../src/server/seed';
import { Client, registerIndividual, startApp, type TestApp } from './accounts-harness';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('server foundation', () => {
  it('API.health.healthz: GET /healthz answers {status: ok} once ready', async () => {
    t = await startApp();
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(healthResponseSchema.parse(res.json())).toEqual({ status: 'ok' });
  });

  it('API.dev.outbox-page, API.dev.outbox-json: development: /dev/outbox shows messages as HTML, /dev/outbox.json newest first', async () => {
    t = await startApp();
    const { client, user } = await registerIndividual(t);
    await client.post('/v1/auth/verification-code/email/request');
    await client.post('/v1/auth/verification-code/phone/request');
    const list = await t.outbox();
    expect(list.map((m) => m.channel)).toEqual(['sms', 'email']);
    const html = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain(user.email);
    expect(html.body).toContain(list[1]!.code!);
  });

  it('API.dev.production-delivery: production: mail and SMS go through the transports, are redacted after sending, and /dev routes do not exist', async () => {
    const mails: MailMessage[] = [];
    const sms: SmsMessage[] = [];
    t = await startApp({
      config: { nodeEnv: 'production' },
      outboxDelivery: {
        kind: 'send',
        mail: { send: async (m) => void mails.push(m) },
        sms: { send: async (m) => void sms.push(m) },
      },
    });
    const { client, user } = await registerIndividual(t);
    await client.post('/v1/auth/verification-code/email/request');
    await client.post('/v1/auth/verification-code/phone/request');
    await t.app.ctx.outbox.idle();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(user.email);
    expect(mails[0]!.text).toMatch(/\d{6}/);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.to).toBe('+12025550100');
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox.json' })).statusCode).toBe(404);
    const rows = await t.app.ctx.database.db.selectFrom('outbox').selectAll().execute();
    expect(rows.every((r) => r.sent_at !== null && r.code === null)).toBe(true);
  });

  it('production: a failing transport leaves the message queued for retry', async () => {
    let fail = true;
    const mails: MailMessage[] = [];
    t = await startApp({
      config: { nodeEnv: 'production' },
      outboxDelivery: {
        kind: 'send',
        mail: {
          send: async (m) => {
            if (fail) throw new Error('smtp down');
            mails.push(m);
          },
        },
        sms: { send: async () => undefined },
      },
    });
    const { client } = await registerIndividual(t);
    expect((await client.post('/v1/auth/verification-code/email/request')).statusCode).toBe(200);
    await t.app.ctx.outbox.idle();
    expect(mails).toHaveLength(0);
    fail = false;
    t.app.ctx.outbox.kick();
    await t.app.ctx.outbox.idle();
    expect(mails).toHaveLength(1);
  });

  it('CORE.seed.demo-user-and-pairs: seed: the demo user has funded balances and the reference pairs exist', async () => {
    t = await startApp({ seed: true });
    const db = t.app.ctx.database.db;
    const demo = await db.selectFrom('users').selectAll().where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
    const balances = await db.selectFrom('balances').selectAll().where('user_id', '=', demo.id).execute();
    expect(Object.fromEntries(balances.map((b) => [b.currency, b.balance]))).toEqual({
      usd: '100000',
      btc: '2',
      eth: '20',
      sol: '200',
      usdt: '50000',
    });
    const pairs = await db.selectFrom('currency_pairs').select(['symbol', 'formatted_symbol']).orderBy('sort_order').execute();
    expect(pairs.map((p) => p.formatted_symbol)).toEqual(['BTC/USD', 'ETH/USD', 'ETH/BTC', 'SOL/USD', 'BTC/USDT', 'ETH/USDT']);
  });

  it('API.transactions.legacy-balances: balances written before the ledger (the seed) are journalled once, as Deposit rows', async () => {
    const journal = async (target: TestApp) => {
      const db = target.app.ctx.database.db;
      const demo = await db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
      const rows = await db.selectFrom('transactions').select(['currency', 'action', 'amount']).where('user_id', '=', demo.id).execute();
      return rows.map((r) => [r.currency, r.action, Number(r.amount)]).sort();
    };
    const first = await startApp({ seed: true });
    const opening = [
      ['btc', 'Deposit', 2],
      ['eth', 'Deposit', 20],
      ['sol', 'Deposit', 200],
      ['usd', 'Deposit', 100000],
      ['usdt', 'Deposit', 50000],
    ];
    expect(await journal(first)).toEqual(opening);
    await first.close({ keepData: true });
    t = await startApp({ seed: true, dataDir: first.dataDir, clock: first.clock });
    expect(await journal(t)).toEqual(opening);
  });

  it('API.errors.forbidden-403, API.auth.token-cache-2s: an extension route requiring a role answers 403 to users without it', async () => {
    t = await startApp({
      extensions: [
        (app, ctx) =>
          defineRoute(app, ctx.authenticator, {
            method: 'GET',
            url: '/v1/test/admin-only',
            auth: true,
            roles: ['admin'],
            response: z.object({ ok: z.boolean() }),
            async handler() {
              return { ok: true };
            },
          }),
      ],
    });
    const { client, user } = await registerIndividual(t);
    const denied = await client.get('/v1/test/admin-only');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('forbidden');
    // Granted by hand in the database, behind the server's back: it shows once the
    // authentication cache's answers have aged out (2 s).
    await t.app.ctx.database.db.updateTable('users').set({ roles: '["client","admin"]' }).where('id', '=', user.id).execute();
    t.clock.advance(2_000);
    expect((await client.get('/v1/test/admin-only')).statusCode).toBe(200);
  });

  it('API.errors.internal-500: an unexpected failure is logged and answers 500 internal without its details', async () => {
    const logged: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(chunk.toString('utf8'));
        done();
      },
    });
    t = await startApp({
      loggerInstance: pino({ level: 'error' }, sink),
      extensions: [
        (app, ctx) =>
          defineRoute(app, ctx.authenticator, {
            method: 'GET',
            url: '/v1/test/broken',
            auth: false,
            response: z.object({ ok: z.boolean() }),
            handler() {
              throw new TypeError('secret internals at /srv/ox/db');
            },
          }),
      ],
    });
    const res = await t.app.inject({ method: 'GET', url: '/v1/test/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 500, code: 'internal' });
    expect(res.body).not.toContain('secret');
    expect(logged.join('')).toContain('secret internals at /srv/ox/db');
  });

  it('web app: built files are served and unknown page paths fall back to index.html, API paths do not', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ox-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Ox</title>');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    try {
      t = await startApp({ config: { staticDir: dist } });
      const page = await t.app.inject({ method: 'GET', url: '/account/login?reason=session-expired' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Ox</title>');
      const root = await t.app.inject({ method: 'GET', url: '/' });
      expect(root.statusCode).toBe(200);
      const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
      const api = await t.app.inject({ method: 'GET', url: '/v1/nope' });
      expect(api.statusCode).toBe(404);
      expect(api.headers['content-type']).toContain('application/problem+json');
      expect((await new Client(t.app).get('/v1/users/me')).statusCode).toBe(401);
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
