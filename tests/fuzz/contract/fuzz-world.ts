import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../src/server/app';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../../../src/server/auth';
import { defaultRateLimits, testConfig, type RateLimitConfig } from '../../../src/server/config';
import { realtimeExtension } from '../../../src/server/realtime/realtime-extension';
import { inTransaction, repositories } from '../../../src/server/repositories';
import { paths } from '../../../src/shared/api/paths';
import { Client, corporationRegistration } from '../../integration/accounts-harness';
import { individualRegistration, uniqueEmail } from '../../support/registration';

// The app as `npm start` builds it (accounts, exchange, realtime hub, dev routes; the simulator
// off so nothing but the fuzz writes), listening on 127.0.0.1 for the hub's WebSockets, with
// the accounts the fuzz acts as: a funded trader with a resting order, a filled trade and a
// pending verification code; a corporation (the business onboarding routes); a user whose
// reset link is live (the reset routes). Sessions are minted straight from the session service
// when a fuzzed call ended one (logout, refresh, reset), so no input ever runs logged out by accident.

export type AccountName = 'trader' | 'corporation' | 'resetter' | 'anonymous';

export interface Account {
  id: string;
  email: string;
  cookies: Record<string, string>;
}

export interface FuzzWorld {
  app: FastifyInstance;
  /** http://127.0.0.1:port */
  origin: string;
  accounts: Record<Exclude<AccountName, 'anonymous'>, Account>;
  /** A live order of the trader (the cancel route's sample). */
  restingOrderId: string;
  /** The resetter's live reset link. */
  reset: { userId: string; token: string };
  /** The cookies of `name` now (none for anonymous). */
  cookiesOf(name: AccountName): Record<string, string>;
  /** Gives `name` a fresh session (after a fuzzed call logged it out or rotated its tokens). */
  mintSession(name: AccountName): Promise<void>;
  close(): Promise<void>;
}

/** No fuzzed call may be refused for its rate: the handlers behind the limits are what is tested. */
const unlimited = Object.fromEntries(
  Object.entries(defaultRateLimits).map(([k, v]) => [k, { ...v, max: 1_000_000 }]),
) as unknown as RateLimitConfig;

function ok(res: LightMyRequestResponse, what: string): Record<string, unknown> {
  if (res.statusCode >= 300) throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, unknown>;
}

export async function startFuzzWorld(): Promise<FuzzWorld> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ox-contract-fuzz-'));
  const config = testConfig({ dataDir, simRate: 0, devRoutes: true, logLevel: 'silent', rateLimits: unlimited });
  const app = await buildApp({ config, seed: true, extensions: [realtimeExtension({ simRate: 0 })] });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;

  async function register(payload: Record<string, unknown>): Promise<Account & { client: Client }> {
    const client = new Client(app);
    const body = ok(await client.post(paths.users.register, payload, { authHeader: false }), 'registration');
    const user = body.user_details as { id: string; email: string };
    return { id: user.id, email: user.email, cookies: client.jar.toObject(), client };
  }

  const trader = await register(individualRegistration({ email: uniqueEmail('fuzz-trader') }));
  const counterparty = await register(individualRegistration({ email: uniqueEmail('fuzz-counterparty') }));
  const corporation = await register(corporationRegistration({ email: uniqueEmail('fuzz-corp') }));
  const resetter = await register(individualRegistration({ email: uniqueEmail('fuzz-resetter') }));

  const { exchange } = app;
  for (const [currency, amount] of Object.entries({ usd: '1000000', btc: '100', eth: '1000', sol: '10000', usdt: '100000' })) {
    await exchange.deposit(trader.id, currency, amount);
    await exchange.deposit(counterparty.id, currency, amount);
  }
  // A trade (trades, fills, candles, volume exist) and a resting order to cancel.
  ok(await counterparty.client.post('/v1/orders/sell', { currency_pair: 'btcusd', price: '30000', quantity: '0.5' }), 'counterparty sell');
  ok(await trader.client.post('/v1/orders/buy', { currency_pair: 'btcusd', price: '30000', quantity: '0.1' }), 'trader buy');
  const resting = ok(
    await trader.client.post('/v1/orders/buy', { currency_pair: 'btcusd', price: '100', quantity: '0.01' }),
    'resting buy',
  );
  // A pending code on each channel, so confirms compare codes rather than find none.
  ok(await trader.client.post(paths.auth.verificationRequest('email')), 'email code');
  ok(await trader.client.post(paths.auth.verificationRequest('phone')), 'phone code');
  // A live reset link for the resetter.
  ok(await new Client(app).post(paths.auth.forgotPassword, { email: resetter.email }, { authHeader: false }), 'forgot password');
  await app.ctx.outbox.idle();
  const outbox = await repositories(app.ctx.database.db).outbox.listNewest(50);
  const link = outbox.find((m) => m.recipient === resetter.email && m.link)?.link;
  if (!link) throw new Error('no reset link in the outbox');
  const linkUrl = new URL(link, 'http://localhost');
  const reset = { userId: linkUrl.searchParams.get('userId') ?? '', token: linkUrl.searchParams.get('token') ?? '' };

  const accounts = {
    trader: { id: trader.id, email: trader.email, cookies: trader.cookies },
    corporation: { id: corporation.id, email: corporation.email, cookies: corporation.cookies },
    resetter: { id: resetter.id, email: resetter.email, cookies: resetter.cookies },
  };

  return {
    app,
    origin: `http://127.0.0.1:${port}`,
    accounts,
    restingOrderId: String(resting.id),
    reset,
    cookiesOf: (name) => (name === 'anonymous' ? {} : accounts[name].cookies),
    async mintSession(name) {
      if (name === 'anonymous') return;
      const account = accounts[name];
      const session = await inTransaction(app.ctx.database, (repos) => app.ctx.sessions.start(repos, account.id));
      account.cookies = { [ACCESS_COOKIE]: session.accessToken, [REFRESH_COOKIE]: session.refreshToken };
    },
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
