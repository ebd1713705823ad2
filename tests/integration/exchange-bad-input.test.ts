import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Client } from './accounts-harness';
import { expectLedgerSound, ok, problem, startExchangeApp, trader, type TestApp, type Trader } from './exchange-harness';
import { describeEachStore } from '../support/postgres';

// Bad input on every exchange endpoint: a 4xx problem with a clear message naming the field,
// never a 5xx, and nothing changed (balances, orders, the book).

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  let t: TestApp;
  let alice: Trader;
  beforeEach(async () => {
    t = await startExchangeApp({ store });
    alice = await trader(t, { usd: '1000', btc: '1' });
  });
  afterEach(async () => {
    await t.close();
  });

  async function snapshot(who: Trader) {
    return {
      balances: await who.balances(),
      open: ok<unknown[]>(await who.get('/v1/orders')),
      done: ok<unknown[]>(await who.get('/v1/orders/done')),
      depth: t.app.exchange.depth('btcusd', 50),
    };
  }

  function expectFieldError(res: Awaited<ReturnType<Trader['buy']>>, status: number, field: string, message?: RegExp | string) {
    expect(res.statusCode, res.body).toBe(status);
    const p = problem(res);
    expect(p.errors?.[field], JSON.stringify(p)).toBeDefined();
    if (message) expect(p.errors![field]!.join(' ')).toMatch(message);
  }

  describe('POST /v1/orders/buy|sell with bad input', () => {
    const base = { currency_pair: 'btcusd', price: '30000', quantity: '0.01' };
    const cases: [string, Record<string, unknown>, string, RegExp | string][] = [
      ['wrong type for price', { ...base, price: true }, 'price', 'Price must be a decimal number.'],
      ['wrong type for quantity', { ...base, quantity: { n: 1 } }, 'quantity', 'Quantity must be a decimal number.'],
      ['negative quantity', { ...base, quantity: '-1' }, 'quantity', 'Quantity must be a decimal number.'],
      ['zero price', { ...base, price: '0' }, 'price', 'Price must be greater than 0.'],
      ['more than 8 decimals', { ...base, quantity: '0.000000001' }, 'quantity', 'Quantity must have up to 8 decimal places.'],
      ['huge number (too many digits)', { ...base, price: '1234567890123456789' }, 'price', 'Price is too large.'],
      ['huge number (beyond safe ticks)', { ...base, price: '999999999999999' }, 'price', 'Price is too large.'],
      ['price off the tick size', { ...base, price: '30000.001' }, 'price', 'Price must be a multiple of the tick size 0.01.'],
      ['quantity off the lot size', { ...base, quantity: '0.000015' }, 'quantity', 'multiple of the lot size 0.00001'],
      ['quantity below the minimum', { ...base, quantity: '0.00001' }, 'quantity', 'Quantity must be at least 0.0001.'],
      ['unknown pair', { ...base, currency_pair: 'dogeusd' }, 'currency_pair', 'Unknown currency pair dogeusd.'],
      ['malformed pair', { ...base, currency_pair: 'btc/usd' }, 'currency_pair', 'base and quote joined'],
      ['unknown order type', { ...base, algorithm_id: 999 }, 'algorithm_id', 'not a known order type'],
      ['missing price for a limit', { currency_pair: 'btcusd', quantity: '1' }, 'price', 'Price is required.'],
      [
        'time in force not allowed for the type',
        { currency_pair: 'btcusd', algorithm_id: 100, amount: '10', time_in_force: 'GTD' },
        'time_in_force',
        'not allowed for Market',
      ],
      ['GTD without expires', { ...base, time_in_force: 'GTD' }, 'expires', 'expires is required'],
      ['GTD in the past', { ...base, time_in_force: 'GTD', expires: 1000 }, 'expires', 'expires must be in the future.'],
      [
        'dark pool for a market order',
        { currency_pair: 'btcusd', algorithm_id: 100, amount: '10', destination: 'Dark Pool' },
        'destination',
        'only for Limit',
      ],
      ['unknown field', { ...base, leverage: 100 }, 'body', /unrecognized|Unrecognized/i],
      [
        'trailing stop without a trail',
        { currency_pair: 'btcusd', algorithm_id: 308, amount: '10' },
        'stop_amount',
        'trail amount or a trail percent',
      ],
      ['quote_id on a limit order', { ...base, quote_id: 'abc' }, 'quote_id', 'only for Market'],
    ];
    it.each(cases)('%s → 400 naming the field, nothing changed', async (_name, form, field, message) => {
      const before = await snapshot(alice);
      const res = await alice.buy(form);
      expectFieldError(res, 400, field, message);
      expect(await snapshot(alice)).toEqual(before);
    });

    it('API.errors.insufficient-balance-422, API.orders.insufficient-balance-field: insufficient balance → 422 with the spec text and the field, nothing held', async () => {
      const before = await snapshot(alice);
      const buy = await alice.buy({ ...base, quantity: '1' });
      expect(buy.statusCode).toBe(422);
      expect(problem(buy)).toMatchObject({ code: 'insufficient_balance', detail: "You don't have enough balance to place this order." });
      expect(problem(buy).errors?.amount?.[0]).toBe('This order needs 30060 USD; 1000 is available.');
      const sell = await alice.sell({ ...base, quantity: '2' });
      expectFieldError(sell, 422, 'quantity', 'This order needs 2 BTC; 1 is available.');
      expect(await snapshot(alice)).toEqual(before);
    });

    it('a body that is not JSON, or not an object → 400', async () => {
      const raw = await t.app.inject({
        method: 'POST',
        url: '/v1/orders/buy',
        headers: { 'content-type': 'application/json', 'x-auth-method': 'cookie' },
        cookies: alice.client.jar.toObject(),
        payload: '{"currency_pair": ',
      });
      expect(raw.statusCode).toBe(400);
      expect(problem(raw).code).toBe('invalid_json');
      expect((await alice.buy([1, 2] as unknown as Record<string, unknown>)).statusCode).toBe(400);
    });

    it('API.auth.x-auth-method-required: no session or no X-Auth-Method → 401/403 on every exchange endpoint', async () => {
      const anonymous = new Client(t.app);
      const calls: [string, string][] = [
        ['GET', '/v1/orders'],
        ['GET', '/v1/orders/done'],
        ['DELETE', '/v1/orders/1'],
        ['POST', '/v1/orders/buy'],
        ['POST', '/v1/orders/sell'],
        ['POST', '/v1/orders/request-for-quote'],
        ['GET', '/v1/account-management/trades'],
        ['GET', '/v1/account-management/balances'],
        ['GET', '/v1/account-management/currencies'],
        ['GET', '/v1/account-management/currency-pairs'],
        ['GET', '/v1/account-management/fee-rates'],
        ['GET', '/v1/account-management/transactions'],
        ['GET', '/v1/market/candles?pair=btcusd'],
        ['POST', '/dev/faucet'],
      ];
      for (const [method, url] of calls) {
        const res = await anonymous.call(method as 'GET', url, method === 'POST' ? {} : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        const noHeader = await alice.client.call(method as 'GET', url, method === 'POST' ? {} : undefined, { authHeader: false });
        expect(noHeader.statusCode, `${method} ${url} without X-Auth-Method`).toBe(403);
      }
    });
  });

  describe('DELETE /v1/orders/{id}', () => {
    it('API.errors.order-not-found-404, API.cancel.not-found: unknown order id → 404; a malformed id → 404; another user’s order → 404 and it stays open', async () => {
      expect(problem(await alice.cancel('999999')).code).toBe('order_not_found');
      expect(problem(await alice.cancel('abc')).code).toBe('order_not_found');
      expect((await alice.cancel('1e3')).statusCode).toBe(404);
      const bob = await trader(t, { btc: '1' });
      const bobs = ok<{ id: string }>(await bob.sell({ currency_pair: 'btcusd', price: '40000', quantity: '0.5' }));
      const res = await alice.cancel(bobs.id);
      expect(res.statusCode).toBe(404);
      expect(problem(res).detail).toBe('Order not found.');
      expect(ok<{ id: string; status: string }[]>(await bob.get('/v1/orders'))).toEqual([
        expect.objectContaining({ id: bobs.id, status: 'open' }),
      ]);
    });

    it('API.errors.order-not-open-409, API.cancel.ended-order-names-status: an order already done (filled or cancelled) → 409', async () => {
      const o = ok<{ id: string }>(await alice.sell({ currency_pair: 'btcusd', price: '40000', quantity: '0.5' }));
      ok(await alice.cancel(o.id));
      const again = await alice.cancel(o.id);
      expect(again.statusCode).toBe(409);
      expect(problem(again)).toMatchObject({ code: 'order_not_open', detail: 'The order is already cancelled and cannot be cancelled.' });
      await expectLedgerSound(t);
    });
  });

  describe('other endpoints', () => {
    it('CORE.validation.rfq-fields-named: request for quote: unknown pair, zero or missing size, bad side, too fine a quantity → 400 naming the field', async () => {
      const rfq = (body: unknown) => alice.client.post('/v1/orders/request-for-quote', body);
      expectFieldError(await rfq({ pair: 'dogeusd', side: 'buy', amount: '10' }), 400, 'pair', 'Unknown currency pair dogeusd.');
      expectFieldError(await rfq({ pair: 'btcusd', side: 'buy', amount: '0' }), 400, 'amount', 'Amount must be greater than 0.');
      expectFieldError(await rfq({ pair: 'btcusd', side: 'sell' }), 400, 'quantity', 'Quantity is required.');
      expectFieldError(await rfq({ pair: 'btcusd', side: 'short', quantity: '1' }), 400, 'side');
      expectFieldError(await rfq({ pair: 'btcusd', side: 'sell', quantity: '0.000011' }), 400, 'quantity', 'lot size');
    });

    it('CORE.validation.query-fields-named, API.problem.query-params-prefixed: orders, transactions, trades, done orders and candles: bad query parameters → 400 naming query.<field>', async () => {
      expectFieldError(
        await alice.get('/v1/account-management/transactions?from=200&to=100'),
        400,
        'query.from',
        'from cannot be after to.',
      );
      expectFieldError(await alice.get('/v1/account-management/transactions?types=buy,steal'), 400, 'query.types.1');
      expectFieldError(await alice.get('/v1/account-management/transactions?limit=0'), 400, 'query.limit');
      expectFieldError(await alice.get('/v1/account-management/transactions?from=yesterday'), 400, 'query.from');
      expectFieldError(await alice.get('/v1/account-management/transactions?after=abc'), 400, 'query.after', 'next_after');
      expectFieldError(await alice.get('/v1/account-management/trades?limit=abc'), 400, 'query.limit');
      expectFieldError(await alice.get('/v1/account-management/trades?after=-1'), 400, 'query.after');
      expectFieldError(await alice.get('/v1/orders/done?limit=100000'), 400, 'query.limit');
      expectFieldError(await alice.get('/v1/orders?pair=btc/usd'), 400, 'query.pair', 'base and quote joined');
      expectFieldError(
        await alice.get('/v1/market/candles?pair=btcusd&interval=2h'),
        400,
        'query.interval',
        'interval must be one of 1m, 15m, 1h, 1d, 1w.',
      );
      expectFieldError(await alice.get('/v1/market/candles?pair=dogeusd'), 400, 'query.pair', 'Unknown currency pair dogeusd.');
    });

    it('API.dev.faucet-limits: dev faucet: unknown currency, zero, negative, more than 8 decimals, huge → 400 naming the field, nothing credited', async () => {
      const before = await alice.balances();
      expectFieldError(
        await alice.client.post('/dev/faucet', { currency: 'doge', amount: '1' }),
        400,
        'currency',
        'Unknown currency doge.',
      );
      expectFieldError(await alice.client.post('/dev/faucet', { currency: 'usd', amount: '0' }), 400, 'amount');
      expectFieldError(await alice.client.post('/dev/faucet', { currency: 'usd', amount: '-5' }), 400, 'amount');
      expectFieldError(
        await alice.client.post('/dev/faucet', { currency: 'usd', amount: '1.000000001' }),
        400,
        'amount',
        '8 decimal places',
      );
      expectFieldError(
        await alice.client.post('/dev/faucet', { currency: 'usd', amount: '99999999999' }),
        400,
        'amount',
        'at most 1000000000',
      );
      expectFieldError(await alice.client.post('/dev/faucet', { currency: 'usd' }), 400, 'amount');
      expect(await alice.balances()).toEqual(before);
      await expectLedgerSound(t);
    });
  });
});
