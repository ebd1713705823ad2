import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderListSchema, tradeListSchema } from '../../src/shared/api/orders';
import { transactionListSchema } from '../../src/shared/api/account';
import { ok, problem, startExchangeApp, trader, type TestApp, orderOf } from './exchange-harness';
import { describeEachStore } from '../support/postgres';

// What the read endpoints list, in which order and with which fields, and how they are queried.

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startExchangeApp({ store });
  });
  afterEach(async () => {
    await t.close();
  });

  const order = orderOf;

  describe('orders', () => {
    it('API.orders.paths, API.order-lists.done, API.orders.statuses: orders placed at /v1/orders/buy and /sell end done, cancelled (with filled and reason) or expired, listed newest first', async () => {
      const alice = await trader(t, { usd: '100000' });
      const bob = await trader(t, { btc: '10' });
      const ask = order(await bob.client.post('/v1/orders/sell', { currency_pair: 'btcusd', price: '30000', quantity: '0.5' }));
      expect(ask.status).toBe('open');
      const bid = order(await alice.client.post('/v1/orders/buy', { currency_pair: 'btcusd', price: '30000', quantity: '0.2' }));
      expect(bid.status).toBe('done');
      expect(orderListSchema.parse(ok(await bob.get('/v1/orders')))[0]).toMatchObject({ id: ask.id, status: 'partially filled' });
      ok(await bob.cancel(ask.id));
      const expires = t.clock.now() + 1000;
      const gtd = order(await alice.buy({ currency_pair: 'btcusd', price: '20000', quantity: '0.1', time_in_force: 'GTD', expires }));
      t.clock.advance(1000);
      await t.app.exchange.runTimers();

      const done = orderListSchema.parse(ok(await alice.get('/v1/orders/done')));
      expect(done.map((o) => [o.id, o.status])).toEqual([
        [gtd.id, 'expired'],
        [bid.id, 'done'],
      ]);
      const bobs = orderListSchema.parse(ok(await bob.get('/v1/orders/done')));
      expect(bobs).toEqual([expect.objectContaining({ id: ask.id, status: 'cancelled', filled: '0.2', reason: expect.any(String) })]);
      expect(ok<unknown[]>(await alice.get('/v1/orders'))).toEqual([]);
    });

    it('API.order-lists.query: both lists take a pair; the done list a limit of 1 to 1000, 100 by default; open orders newest first', async () => {
      const alice = await trader(t, { usd: '1000000' });
      const btc = order(await alice.buy({ currency_pair: 'btcusd', price: '20000', quantity: '0.1' }));
      const eth = order(await alice.buy({ currency_pair: 'ethusd', price: '2000', quantity: '0.1' }));
      const ids = (res: Parameters<typeof ok>[0]) => orderListSchema.parse(ok(res)).map((o) => o.id);
      expect(ids(await alice.get('/v1/orders'))).toEqual([eth.id, btc.id]);
      expect(ids(await alice.get('/v1/orders?pair=ethusd'))).toEqual([eth.id]);

      // Immediate-or-cancel orders meeting an empty book: 101 finished orders, all in one go.
      const form = { currency_pair: 'solusd', price: '100', quantity: '0.1', time_in_force: 'IOC' } as const;
      await Promise.all(Array.from({ length: 101 }, () => t.app.exchange.placeOrder(alice.id, 'buy', form)));
      expect(ids(await alice.get('/v1/orders/done'))).toHaveLength(100);
      expect(ids(await alice.get('/v1/orders/done?limit=1000'))).toHaveLength(101);
      expect(ids(await alice.get('/v1/orders/done?limit=1'))).toHaveLength(1);
      expect(ids(await alice.get('/v1/orders/done?pair=btcusd'))).toEqual([]);
      for (const limit of ['0', '1001']) expect((await alice.get(`/v1/orders/done?limit=${limit}`)).statusCode).toBe(400);
    });
  });

  describe('trades and transactions', () => {
    it('API.trades.fields, API.trades.query, API.money.times: trades newest first with their fields; by pair, limit (100 by default) and after a cursor', async () => {
      const alice = await trader(t, { usd: '1000000' });
      const bob = await trader(t, { btc: '10', eth: '10' });
      // 101 resting sells taken by one buy: 101 trades at once.
      await Promise.all(
        Array.from({ length: 101 }, (_, i) =>
          t.app.exchange.placeOrder(bob.id, 'sell', { currency_pair: 'btcusd', price: String(30000 + i), quantity: '0.001' }),
        ),
      );
      ok(await alice.buy({ currency_pair: 'btcusd', price: '30100', quantity: '0.101' }));
      ok(await bob.sell({ currency_pair: 'ethusd', price: '3000', quantity: '0.5' }));
      const eth = order(await alice.buy({ currency_pair: 'ethusd', price: '3000', quantity: '0.5' }));

      const res = await alice.get('/v1/account-management/trades');
      const rows = ok<Record<string, unknown>[]>(res);
      expect(rows).toHaveLength(100);
      expect(Object.keys(rows[0]!).sort()).toEqual(
        [
          'action',
          'amount',
          'currency_pair',
          'cursor',
          'date_updated',
          'fees',
          'net_amount',
          'order_id',
          'price',
          'quantity',
          'trade_id',
        ].sort(),
      );
      expect(rows[0]).toMatchObject({
        order_id: eth.id,
        action: 'buy',
        currency_pair: 'ethusd',
        quantity: '0.5',
        amount: '1500',
        price: '3000',
      });
      expect(rows[0]!.date_updated).toMatch(ISO);
      const trades = tradeListSchema.parse(rows);
      expect(trades.map((tr) => Number(tr.trade_id))).toEqual(trades.map((tr) => Number(tr.trade_id)).sort((a, b) => b - a));

      expect(tradeListSchema.parse(ok(await alice.get('/v1/account-management/trades?pair=ethusd'))).map((tr) => tr.order_id)).toEqual([
        eth.id,
      ]);
      const first = tradeListSchema.parse(ok(await alice.get('/v1/account-management/trades?limit=2')));
      expect(first).toHaveLength(2);
      const older = tradeListSchema.parse(ok(await alice.get(`/v1/account-management/trades?limit=1000&after=${first[1]!.cursor}`)));
      expect(older).toHaveLength(100);
      expect(older[0]!.trade_id).toBe(trades[2]!.trade_id);
      for (const limit of ['0', '1001']) expect((await alice.get(`/v1/account-management/trades?limit=${limit}`)).statusCode).toBe(400);

      // Order and transaction rows carry ISO times too; expires is epoch ms.
      const gtd = order(
        await alice.buy({
          currency_pair: 'btcusd',
          price: '20000',
          quantity: '0.1',
          time_in_force: 'GTD',
          expires: t.clock.now() + 60_000,
        }),
      );
      const placed = ok<Record<string, unknown>[]>(await alice.get('/v1/orders'));
      expect(placed[0]).toMatchObject({ id: gtd.id, expires: t.clock.now() + 60_000 });
      expect(placed[0]!.date_added).toMatch(ISO);
      const tx = ok<{ data: Record<string, unknown>[] }>(await alice.get('/v1/account-management/transactions'));
      expect(tx.data[0]!.day).toMatch(ISO);
    });

    it('API.transactions.row-fields: a transaction row has id, day, action, currency, amount, price, symbol and status', async () => {
      const alice = await trader(t, { usd: '100000' });
      const rows = ok<{ data: Record<string, unknown>[] }>(await alice.get('/v1/account-management/transactions')).data;
      expect(rows).toHaveLength(1);
      expect(Object.keys(rows[0]!).sort()).toEqual(['action', 'amount', 'currency', 'day', 'id', 'price', 'status', 'symbol']);
      expect(rows[0]).toMatchObject({ action: 'Deposit', currency: 'usd', amount: '100000', price: null, symbol: null, status: 'done' });
      expect(transactionListSchema.parse({ data: rows }).data[0]!.id).toEqual(expect.any(String));
    });
  });

  describe('reference data and candles', () => {
    it('API.currencies.fields: currencies answer symbol, name, is_fiat, ascii_sign, trading_enabled and decimals', async () => {
      const alice = await trader(t);
      const list = ok<Record<string, unknown>[]>(await alice.get('/v1/account-management/currencies'));
      for (const c of list)
        expect(Object.keys(c).sort()).toEqual(['ascii_sign', 'decimals', 'is_fiat', 'name', 'symbol', 'trading_enabled']);
      expect(list.find((c) => c.symbol === 'usd')).toMatchObject({ name: 'US Dollar', ascii_sign: '$', decimals: 2 });
    });

    it('API.candles.limit, API.candles.unknown-pair: candles are limited to 1 to 1000, the newest 500 by default; an unknown pair is 400 unknown_pair', async () => {
      const alice = await trader(t);
      const day = 86_400_000;
      const start = Date.UTC(2023, 0, 1);
      const rows = Array.from({ length: 600 }, (_, i) => ({
        pair: 'solusd',
        interval: '1d',
        start: start + i * day,
        open: '100',
        high: '101',
        low: '99',
        close: String(100 + (i % 2)),
        volume: '1',
      }));
      await t.app.ctx.database.db.insertInto('candles').values(rows).execute();
      const times = async (q: string) =>
        ok<{ time: number }[]>(await alice.get(`/v1/market/candles?pair=solusd&interval=1d${q}`)).map((c) => c.time);
      const all = await times('');
      expect(all).toHaveLength(500);
      expect(all[0]).toBe(start + 100 * day);
      expect(all.at(-1)).toBe(start + 599 * day);
      expect(await times('&limit=2')).toEqual([start + 598 * day, start + 599 * day]);
      expect(await times('&limit=1000')).toHaveLength(600);
      for (const limit of ['0', '1001']) expect((await alice.get(`/v1/market/candles?pair=solusd&limit=${limit}`)).statusCode).toBe(400);

      const unknown = await alice.get('/v1/market/candles?pair=dogeusd');
      expect(unknown.statusCode).toBe(400);
      expect(problem(unknown).code).toBe('unknown_pair');
    });
  });
});
