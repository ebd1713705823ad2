import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { orderSchema, type Order } from '../../src/shared/api/orders';
import { auditLedger } from '../../src/server/ledger/audit';
import { Client, problem, registerIndividual, startApp, type TestApp } from './accounts-harness';

// Shared set-up of the exchange integration tests: the real app (seeded currencies and pairs)
// on a temporary DATA_DIR with a manual clock, and traders who register, fund themselves
// through the dev faucet and trade through the HTTP API.

export { problem, type TestApp };

export async function startExchangeApp(options: Parameters<typeof startApp>[0] = {}): Promise<TestApp> {
  return startApp({ seed: true, ...options });
}

type Balance = { balance: string; available: string };
/** Every seeded currency is listed (tradable ones at zero when never funded). */
export type Balances = Record<'usd' | 'btc' | 'eth' | 'sol' | 'usdt' | 'usdc' | 'pax', Balance>;

export interface Trader {
  id: string;
  client: Client;
  buy(form: Record<string, unknown>): Promise<LightMyRequestResponse>;
  sell(form: Record<string, unknown>): Promise<LightMyRequestResponse>;
  cancel(id: string): Promise<LightMyRequestResponse>;
  balances(): Promise<Balances>;
  get(url: string): Promise<LightMyRequestResponse>;
}

export async function trader(t: TestApp, funds: Record<string, string> = {}): Promise<Trader> {
  const { client, user } = await registerIndividual(t);
  for (const [currency, amount] of Object.entries(funds)) {
    const res = await client.post('/dev/faucet', { currency, amount });
    if (res.statusCode !== 200) throw new Error(`faucet failed: ${res.statusCode} ${res.body}`);
  }
  return {
    id: user.id,
    client,
    buy: (form) => client.post('/v1/orders/buy', form),
    sell: (form) => client.post('/v1/orders/sell', form),
    cancel: (id) => client.call('DELETE', `/v1/orders/${encodeURIComponent(id)}`),
    get: (url) => client.get(url),
    async balances() {
      const res = await client.get('/v1/account-management/balances');
      expect(res.statusCode).toBe(200);
      const rows = res.json() as { currency: string; balance: string; available: string }[];
      return Object.fromEntries(rows.map((r) => [r.currency, { balance: r.balance, available: r.available }])) as Balances;
    },
  };
}

/** Expects a 2xx answer and returns its JSON. */
export function ok<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  if (res.statusCode >= 300) throw new Error(`expected success, got ${res.statusCode}: ${res.body}`);
  return res.json() as T;
}

/** Expects a 2xx answer holding one order and returns it, checked against the wire schema. */
export function orderOf(res: LightMyRequestResponse): Order {
  return orderSchema.parse(ok(res));
}

/** A trade of 0.001 BTC at `price` between two traders on btcusd: the pair's last price. */
export async function printAt(seller: Trader, buyer: Trader, price: string): Promise<void> {
  orderOf(await seller.sell({ currency_pair: 'btcusd', price, quantity: '0.001' }));
  expect(orderOf(await buyer.buy({ currency_pair: 'btcusd', price, quantity: '0.001' })).status).toBe('done');
}

/** Every ledger rule holds in storage and in the writer's memory. */
export async function expectLedgerSound(t: TestApp): Promise<void> {
  await t.app.exchange.idle();
  expect(t.app.exchange.checkInvariants()).toEqual([]);
  const audit = await auditLedger(t.app.ctx.database.db);
  expect(audit.problems).toEqual([]);
}

/** Published depth of a pair as the market-data feed sees it. */
export function depth(t: TestApp, pair: string) {
  return t.app.exchange.depth(pair, 50)!;
}

let clientOrderIds = 100_000;
export function nextClientOrderId(): string {
  clientOrderIds += 1;
  return String(clientOrderIds);
}
