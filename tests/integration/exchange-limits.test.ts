import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { orderSchema } from '../../src/shared/api/orders';
import { expectLedgerSound, ok, problem, startExchangeApp, trader, type TestApp } from './exchange-harness';
import { describeEachStore } from '../support/postgres';

// Per-user limits of the trading API: orders, cancellations and requests for quote per time
// window (429, each with its own code and Retry-After), and a cap on open orders (422). Counted
// in memory; a refused call changes nothing.

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  const MINUTE = 60_000;
  let t: TestApp | undefined;

  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const limit = (form: Record<string, unknown> = {}) => ({ currency_pair: 'btcusd', algorithm_id: 201, quantity: '0.01', ...form });

  function expectRefused(res: LightMyRequestResponse, status: number, code: string): void {
    expect(res.statusCode).toBe(status);
    expect(problem(res).code).toBe(code);
    if (status === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  }

  describe('per-user order, cancel and quote rates', () => {
    it("API.security.order-rate-limits: orders over the user's rate get 429 order_rate_limited with Retry-After (buys and sells share it); another user is not held back", async () => {
      t = await startExchangeApp({ store, rateLimits: { ordersPerUser: { max: 3, windowMs: MINUTE } } });
      const alice = await trader(t, { usd: '100000', btc: '1' });
      const bob = await trader(t, { usd: '100000' });
      ok(await alice.buy(limit({ price: '20000' })));
      ok(await alice.buy(limit({ price: '20001' })));
      ok(await alice.sell(limit({ price: '40000' })));
      const before = await alice.balances();
      expectRefused(await alice.sell(limit({ price: '40001' })), 429, 'order_rate_limited');
      expectRefused(await alice.buy(limit({ price: '20002' })), 429, 'order_rate_limited');
      // Nothing was placed or held for the refused ones.
      expect(ok<unknown[]>(await alice.get('/v1/orders'))).toHaveLength(3);
      expect(await alice.balances()).toEqual(before);
      ok(await bob.buy(limit({ price: '20000' })));
      await expectLedgerSound(t);
    });

    it('API.security.order-rate-limits: cancellations over the rate get 429 cancel_rate_limited and the order stays open', async () => {
      t = await startExchangeApp({ store, rateLimits: { cancelsPerUser: { max: 2, windowMs: MINUTE } } });
      const alice = await trader(t, { usd: '100000' });
      const ids: string[] = [];
      for (const price of ['20000', '20001', '20002']) ids.push(orderSchema.parse(ok(await alice.buy(limit({ price })))).id);
      ok(await alice.cancel(ids[0]!));
      ok(await alice.cancel(ids[1]!));
      expectRefused(await alice.cancel(ids[2]!), 429, 'cancel_rate_limited');
      expect(ok<{ id: string }[]>(await alice.get('/v1/orders')).map((o) => o.id)).toEqual([ids[2]]);
    });

    it('API.security.order-rate-limits: requests for quote over the rate get 429 quote_rate_limited', async () => {
      t = await startExchangeApp({ store, rateLimits: { quotesPerUser: { max: 2, windowMs: MINUTE } } });
      const maker = await trader(t, { btc: '1' });
      ok(await maker.sell(limit({ price: '30000', quantity: '0.5' })));
      const alice = await trader(t, { usd: '100000' });
      const rfq = () => alice.client.post('/v1/orders/request-for-quote', { pair: 'btcusd', side: 'buy', amount: '1000' });
      ok(await rfq());
      ok(await rfq());
      expectRefused(await rfq(), 429, 'quote_rate_limited');
      // The order budget is a separate one.
      ok(await alice.buy(limit({ price: '20000' })));
    });
  });

  describe('open-order cap', () => {
    it('API.security.open-order-cap: at the cap, an order that could rest gets 422 open_order_limit and nothing is held; orders that cannot rest still trade; a cancel makes room', async () => {
      t = await startExchangeApp({ store, config: { maxOpenOrdersPerUser: 2 } });
      const maker = await trader(t, { btc: '1' });
      ok(await maker.sell(limit({ price: '30000', quantity: '0.5' })));
      const alice = await trader(t, { usd: '100000', btc: '1' });
      const first = orderSchema.parse(ok(await alice.buy(limit({ price: '20000', client_order_id: '900001' }))));
      ok(await alice.sell(limit({ price: '40000' })));
      const before = await alice.balances();

      const refused = await alice.buy(limit({ price: '20001' }));
      expectRefused(refused, 422, 'open_order_limit');
      expect(problem(refused).detail).toBe('You have reached the maximum of 2 open orders. Cancel some before placing more.');
      expectRefused(
        await alice.buy(limit({ price: '20001', time_in_force: 'GTD', expires: t.clock.now() + MINUTE })),
        422,
        'open_order_limit',
      );
      expectRefused(
        await alice.sell({ currency_pair: 'btcusd', algorithm_id: 304, price: '1000', quantity: '0.01' }),
        422,
        'open_order_limit',
      );
      expect(await alice.balances()).toEqual(before);

      // Market, IOC and FOK orders never stay open: they are taken.
      expect(orderSchema.parse(ok(await alice.buy({ currency_pair: 'btcusd', algorithm_id: 100, quantity: '0.01' }))).status).toBe('done');
      expect(orderSchema.parse(ok(await alice.buy(limit({ algorithm_id: 309, price: '30000' })))).status).toBe('done');
      expect(orderSchema.parse(ok(await alice.buy(limit({ price: '30000', time_in_force: 'FOK' })))).status).toBe('done');
      // Resending an order already placed (same client_order_id) answers that order.
      expect(orderSchema.parse(ok(await alice.buy(limit({ price: '20000', client_order_id: '900001' })))).id).toBe(first.id);
      // Another user has a cap of their own.
      const bob = await trader(t, { usd: '100000' });
      ok(await bob.buy(limit({ price: '20000' })));

      ok(await alice.cancel(first.id));
      ok(await alice.buy(limit({ price: '20001' })));
      expectRefused(await alice.buy(limit({ price: '20002' })), 422, 'open_order_limit');
      await expectLedgerSound(t);
    });

    it('API.security.open-order-cap: fills free places: a resting order that trades away no longer counts', async () => {
      t = await startExchangeApp({ store, config: { maxOpenOrdersPerUser: 1 } });
      const alice = await trader(t, { usd: '100000' });
      const bob = await trader(t, { btc: '1' });
      ok(await alice.buy(limit({ price: '30000' })));
      expectRefused(await alice.buy(limit({ price: '29000' })), 422, 'open_order_limit');
      ok(await bob.sell(limit({ price: '30000' })));
      ok(await alice.buy(limit({ price: '29000' })));
    });

    it('API.security.open-order-cap: orders sent at once are counted in the order the writer applies them: exactly the room left is filled', async () => {
      t = await startExchangeApp({ store, config: { maxOpenOrdersPerUser: 3 } });
      const alice = await trader(t, { usd: '100000' });
      ok(await alice.buy(limit({ price: '20000' })));
      const answers = await Promise.all(['21000', '21001', '21002', '21003', '21004'].map((price) => alice.buy(limit({ price }))));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 422, 422, 422]);
      expect(ok<unknown[]>(await alice.get('/v1/orders'))).toHaveLength(3);
    });

    it('API.security.open-order-cap: open orders loaded from storage after a restart count towards the cap', async () => {
      t = await startExchangeApp({ store, config: { maxOpenOrdersPerUser: 2 } });
      const alice = await trader(t, { usd: '100000' });
      ok(await alice.buy(limit({ price: '20000' })));
      ok(await alice.buy(limit({ price: '20001' })));
      const { dataDir, clock } = t;
      const databaseUrl = t.config.databaseUrl;
      await t.close({ keepData: true });
      t = await startExchangeApp({ store, dataDir, clock, config: { maxOpenOrdersPerUser: 2, databaseUrl } });
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/orders/buy',
        headers: { 'x-auth-method': 'cookie' },
        cookies: alice.client.jar.toObject(),
        payload: limit({ price: '20002' }),
      });
      expectRefused(res, 422, 'open_order_limit');
    });

    it('API.security.open-order-cap: the cap applies to API orders; the exchange core called directly (the market simulator) has none', async () => {
      t = await startExchangeApp({ store, config: { maxOpenOrdersPerUser: 1 } });
      const alice = await trader(t, { usd: '100000' });
      for (const price of ['20000', '20001', '20002']) await t.app.exchange.placeOrder(alice.id, 'buy', limit({ price }));
      expect(ok<unknown[]>(await alice.get('/v1/orders'))).toHaveLength(3);
      expectRefused(await alice.buy(limit({ price: '20003' })), 422, 'open_order_limit');
    });
  });
});
