import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderListSchema, orderSchema } from '../../src/shared/api/orders';
import { ok, startExchangeApp, trader, type TestApp, type Trader } from './exchange-harness';
import { describeEachStore } from '../support/postgres';

// Spec B §7 POST /v1/orders/{orderType}: the order type's code or name in the path, the side in
// the body, through the same code as /v1/orders/buy|sell (validation, holds, idempotency).

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  let t: TestApp;
  let alice: Trader;
  beforeEach(async () => {
    t = await startExchangeApp({ store });
    alice = await trader(t, { usd: '100000', btc: '2' });
  });
  afterEach(async () => {
    await t.close();
  });

  describe('POST /v1/orders/{orderType} (spec B §7)', () => {
    it('B7.orders.create-by-type: by code or by name, the side in the body, the same order as /v1/orders/{side}', async () => {
      const byCode = orderSchema.parse(
        ok(await alice.client.post('/v1/orders/201', { side: 'buy', currency_pair: 'btcusd', price: '100', quantity: '0.5' })),
      );
      expect(byCode).toMatchObject({ status: 'open', action: 'buy', type: 'Limit', algorithm_id: 201, price: '100', quantity: '0.5' });
      const byName = orderSchema.parse(
        ok(await alice.client.post('/v1/orders/stop', { side: 'sell', currency_pair: 'btcusd', price: '50', quantity: '0.1' })),
      );
      expect(byName).toMatchObject({ status: 'open', action: 'sell', type: 'Stop', algorithm_id: 304 });
      const open = orderListSchema.parse(ok(await alice.get('/v1/orders')));
      expect(open.map((o) => o.id).sort()).toEqual([byCode.id, byName.id].sort());
    });

    it('B7.orders.create-by-type: idempotent by client_order_id like the side paths', async () => {
      const body = { side: 'buy', currency_pair: 'btcusd', price: '100', quantity: '0.5', client_order_id: '654321' };
      const first = orderSchema.parse(ok(await alice.client.post('/v1/orders/Limit', body)));
      const again = orderSchema.parse(ok(await alice.client.post('/v1/orders/buy', { ...body, side: undefined, algorithm_id: 201 })));
      expect(again.id).toBe(first.id);
      expect(orderListSchema.parse(ok(await alice.get('/v1/orders')))).toHaveLength(1);
    });

    it('B7.orders.create-by-type, API.problem.query-params-prefixed: an unknown type, a missing side or a disagreeing algorithm_id is a 400 naming the field', async () => {
      const unknown = await alice.client.post('/v1/orders/999', { side: 'buy', currency_pair: 'btcusd', price: '100', quantity: '1' });
      expect(unknown.statusCode).toBe(400);
      expect(Object.keys(unknown.json().errors)).toEqual(['params.orderType']);
      const noSide = await alice.client.post('/v1/orders/Limit', { currency_pair: 'btcusd', price: '100', quantity: '1' });
      expect(noSide.statusCode).toBe(400);
      expect(Object.keys(noSide.json().errors)).toEqual(['side']);
      const mismatch = await alice.client.post('/v1/orders/Limit', {
        side: 'buy',
        algorithm_id: 100,
        currency_pair: 'btcusd',
        amount: '10',
      });
      expect(mismatch.statusCode).toBe(400);
      expect(Object.keys(mismatch.json().errors)).toEqual(['algorithm_id']);
      expect(orderListSchema.parse(ok(await alice.get('/v1/orders')))).toHaveLength(0);
    });
  });
});
