import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../../src/server/auth';
import { testConfig } from '../../src/server/config';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../src/server/seed';
import { Client, problem, registerIndividual, startApp, type TestApp } from './accounts-harness';

// Safe by default: the development aids (the /dev routes and the demo account, whose password
// is published) exist only where DEV_ROUTES turns them on, never in production, and production
// starts even without SMTP_URL.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const devRequests = [
  { method: 'GET', url: '/dev/outbox' },
  { method: 'GET', url: '/dev/outbox.json' },
  { method: 'POST', url: '/dev/faucet', payload: { currency: 'usd', amount: '1000' } },
  { method: 'GET', url: '/dev/exchange/depth?pair=btcusd' },
] as const;

async function devRouteStatuses(app: TestApp['app'], client: Client): Promise<number[]> {
  const statuses: number[] = [];
  for (const r of devRequests) {
    const res = 'payload' in r ? await client.post(r.url, r.payload) : await client.get(r.url);
    statuses.push(res.statusCode);
    if (res.statusCode === 404) expect(problem(res).code, r.url).toBe('route_not_found');
  }
  // Not even a stray path under /dev reaches the web app's fallback.
  expect((await app.inject({ method: 'GET', url: '/dev/anything' })).statusCode).toBe(404);
  return statuses;
}

describe('dev routes only with DEV_ROUTES', () => {
  it('API.security.dev-routes-off-by-default: without the setting, /dev/outbox, /dev/outbox.json, /dev/faucet and /dev/exchange/depth do not exist', async () => {
    t = await startApp({ seed: true, config: { devRoutes: false } });
    const { client } = await registerIndividual(t);
    expect(await devRouteStatuses(t.app, client)).toEqual([404, 404, 404, 404]);
  });

  it('API.dev.production-no-dev-routes, API.security.dev-routes-off-by-default: in production they do not exist either', async () => {
    t = await startApp({ seed: true, config: { nodeEnv: 'production' } });
    const { client } = await registerIndividual(t);
    expect(await devRouteStatuses(t.app, client)).toEqual([404, 404, 404, 404]);
  });

  it('API.security.dev-routes-off-by-default: with the setting they answer (the faucet credits the caller)', async () => {
    t = await startApp({ seed: true, config: { devRoutes: true } });
    const { client } = await registerIndividual(t);
    const statuses: number[] = [];
    for (const r of devRequests) statuses.push(('payload' in r ? await client.post(r.url, r.payload) : await client.get(r.url)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200]);
  });

  it('API.security.dev-routes-refused-in-production: buildApp refuses DEV_ROUTES under NODE_ENV=production', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ox-defaults-'));
    try {
      const config = testConfig({ dataDir, nodeEnv: 'production', devRoutes: true });
      await expect(buildApp({ config })).rejects.toThrow(/DEV_ROUTES is refused with NODE_ENV=production/);
      expect(fs.existsSync(path.join(dataDir, 'exchange.sqlite'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the demo account only with DEV_ROUTES', () => {
  const demoLogin = (app: TestApp['app']) => new Client(app).post('/v1/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD });

  it('API.security.demo-user-dev-only: is not seeded in production, nor without the setting; reference data is', async () => {
    for (const config of [{ nodeEnv: 'production' as const }, { devRoutes: false }]) {
      t = await startApp({ seed: true, config });
      const db = t.app.ctx.database.db;
      expect(await db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirst()).toBeUndefined();
      expect((await db.selectFrom('currency_pairs').select('symbol').execute()).length).toBeGreaterThan(0);
      const res = await demoLogin(t.app);
      expect(res.statusCode).toBe(401);
      expect(problem(res).code).toBe('invalid_credentials');
      await t.close();
      t = undefined;
    }
  });

  it('API.security.demo-user-dev-only: is seeded with the setting, marked as the demo account', async () => {
    t = await startApp({ seed: true, config: { devRoutes: true } });
    const demo = await t.app.ctx.database.db.selectFrom('users').selectAll().where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
    expect(demo.account_kind).toBe('demo');
    expect((await demoLogin(t.app)).statusCode).toBe(200);
  });

  it('API.security.demo-user-dev-only: left in a database by a development run, it cannot sign in, refresh or reset once the setting is off', async () => {
    const first = await startApp({ seed: true, config: { devRoutes: true } });
    const demo = new Client(first.app);
    expect((await demo.post('/v1/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD })).statusCode).toBe(200);
    await first.close({ keepData: true });

    t = await startApp({ dataDir: first.dataDir, clock: first.clock, seed: true, config: { nodeEnv: 'production' } });
    // The same answer as for an address nobody registered.
    const login = await demoLogin(t.app);
    const unknown = await new Client(t.app).post('/v1/auth/login', { email: 'nobody@example.com', password: DEMO_PASSWORD });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual(unknown.json());
    // The session it had before: the access cookie opens nothing, the refresh cookie is refused.
    const carried = new Client(t.app, demo.jar.clone());
    expect(carried.jar.get(ACCESS_COOKIE)).toBeDefined();
    expect((await carried.get('/v1/users/me')).statusCode).toBe(401);
    expect(carried.jar.get(REFRESH_COOKIE)).toBeDefined();
    const refresh = await carried.post('/v1/auth/refresh-token');
    expect(refresh.statusCode).toBe(401);
    // No reset link is made for it.
    expect(
      (await new Client(t.app).post('/v1/auth/password/forgot-password', { email: DEMO_EMAIL }, { authHeader: false })).statusCode,
    ).toBe(200);
    expect(await t.app.ctx.database.db.selectFrom('password_reset_tokens').selectAll().execute()).toEqual([]);
  });
});

describe('production without SMTP_URL', () => {
  it('API.security.production-starts-without-smtp: buildApp succeeds, logs that mail cannot leave, and keeps mail queued (SMS still goes out)', async () => {
    const lines: Array<{ level: number; msg: string; outbox?: number }> = [];
    const loggerInstance = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    t = await startApp({ seed: true, config: { nodeEnv: 'production', smtpUrl: undefined }, loggerInstance });
    const { app } = t;
    expect(lines.some((l) => l.level === 40 && /SMTP_URL is not set: mail cannot leave/.test(l.msg))).toBe(true);
    const registered = await registerIndividual(t);
    expect((await registered.client.post('/v1/auth/verification-code/email/request')).statusCode).toBe(200);
    expect((await registered.client.post('/v1/auth/verification-code/phone/request')).statusCode).toBe(200);
    const forgot = await new Client(app).post('/v1/auth/password/forgot-password', { email: registered.user.email }, { authHeader: false });
    expect(forgot.statusCode).toBe(200);
    app.ctx.outbox.kick();
    await app.ctx.outbox.idle();
    const rows = await app.ctx.database.db.selectFrom('outbox').selectAll().orderBy('id').execute();
    const mail = rows.filter((r) => r.channel === 'email');
    expect(mail.map((r) => (r.code ? 'code' : r.link ? 'link' : 'other'))).toEqual(['code', 'link']);
    // Held, not failed: no attempt counted, so nothing is given up after the retry limit.
    expect(mail.every((r) => r.sent_at === null && r.attempts === 0 && r.last_error === null)).toBe(true);
    const sms = rows.filter((r) => r.channel === 'sms');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.sent_at).not.toBeNull();
    const held = lines.filter((l) => /held in the outbox/.test(l.msg)).map((l) => l.outbox);
    expect(held).toEqual(mail.map((r) => r.id));
    // The log names the message, never its code or link.
    const logged = JSON.stringify(lines);
    for (const secret of mail.flatMap((r) => [r.code, r.link]).filter((v): v is string => !!v)) expect(logged).not.toContain(secret);
  });
});
