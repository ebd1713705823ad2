import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderSchema, quoteResponseSchema, tradeListSchema, type Order } from '../../src/shared/api/orders';
import { Client } from './accounts-harness';
import { expectLedgerSound, ok, problem, startExchangeApp, trader, type TestApp, type Trader, orderOf, printAt } from './exchange-harness';
import { describeEachStore } from '../support/postgres';

// What an order holds while it lives, what its fills pay and where the fees go, and the quote's
// life: through the HTTP API, against a market maker's book.

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  let t: TestApp;
  let mm: Trader; // market maker with both currencies
  let printer: Trader; // prints trades at chosen prices
  beforeEach(async () => {
    t = await startExchangeApp({ store });
    mm = await trader(t, { usd: '10000000', btc: '100', eth: '100', sol: '1000' });
    printer = await trader(t, { usd: '10000000', btc: '100' });
  });
  afterEach(async () => {
    await t.close();
  });

  const order = orderOf;

  /** A trade at `price` between the printer and the market maker: the pair's last price. */
  const print = (price: string) => printAt(mm, printer, price);

  describe('holds', () => {
    it('API.holds.market-buy-by-quantity: a market buy by quantity needs what the worst price it reaches on the book costs, fee included', async () => {
      order(await mm.sell({ currency_pair: 'btcusd', price: '30000', quantity: '0.1' }));
      order(await mm.sell({ currency_pair: 'btcusd', price: '31000', quantity: '0.1' }));
      order(await mm.sell({ currency_pair: 'btcusd', price: '40000', quantity: '1' }));
      // It costs 6100 + 12.2, but the hold is 0.2 × 31000 × 1.002 = 6212.4.
      const short = await trader(t, { usd: '6212.39' });
      const refused = await short.buy({ currency_pair: 'btcusd', algorithm_id: 100, quantity: '0.2' });
      expect(problem(refused).code).toBe('insufficient_balance');
      const enough = await trader(t, { usd: '6212.4' });
      const done = order(await enough.buy({ currency_pair: 'btcusd', algorithm_id: 100, quantity: '0.2' }));
      expect(done).toMatchObject({ status: 'done', filled: '0.2', filled_amount: '6100', fees: '12.2' });
      expect((await enough.balances()).usd).toEqual({ balance: '100.2', available: '100.2' });
      await expectLedgerSound(t);
    });

    it('API.holds.stop-buy-by-quantity: a stop buy by quantity holds for trigger × (1 + max_slippage), 10 % by default, and its market order stops there', async () => {
      await print('30000');
      const alice = await trader(t, { usd: '10000' });
      order(await alice.buy({ currency_pair: 'btcusd', algorithm_id: 304, price: '32000', quantity: '0.1' }));
      // 32000 × 1.1 × 0.1 × 1.002
      expect((await alice.balances()).usd.available).toBe('6472.96');
      const bob = await trader(t, { usd: '10000' });
      const stop = order(
        await bob.buy({ currency_pair: 'btcusd', algorithm_id: 304, price: '31000', quantity: '0.1', max_slippage: '0.02' }),
      );
      // 31000 × 1.02 × 0.1 × 1.002
      expect((await bob.balances()).usd.available).toBe('6831.676');

      order(await mm.sell({ currency_pair: 'btcusd', price: '31500', quantity: '0.05' }));
      order(await mm.sell({ currency_pair: 'btcusd', price: '31700', quantity: '0.05' }));
      await print('31000');
      const fired = orderSchema.parse(ok<Order[]>(await bob.get('/v1/orders/done')).find((o) => o.id === stop.id));
      // 31000 × 1.02 = 31620: the ask at 31700 is beyond it.
      expect(fired).toMatchObject({ status: 'cancelled', filled: '0.05', filled_amount: '1575' });
      await expectLedgerSound(t);
    });

    it('API.holds.better-price-refund: a buy that rests after filling part at a better price keeps only what its rest needs', async () => {
      order(await mm.sell({ currency_pair: 'btcusd', price: '30000', quantity: '0.2' }));
      const alice = await trader(t, { usd: '100000' });
      const bid = order(await alice.buy({ currency_pair: 'btcusd', price: '30100', quantity: '0.5' }));
      expect(bid).toMatchObject({ status: 'partially filled', filled: '0.2', filled_amount: '6000', fees: '12' });
      // Paid 6012; the rest holds 0.3 × 30100 × 1.002 = 9048.06 (not 0.5 × 30100 × 1.002 − 6012).
      expect((await alice.balances()).usd).toEqual({ balance: '93988', available: '84939.94' });
      await expectLedgerSound(t);
    });
  });

  describe('fills and fees', () => {
    it('API.fills.rates-fixed-at-placement: an order keeps the rates of its placement after its owner reached a cheaper tier', async () => {
      const whale = await trader(t, { usd: '1000000', eth: '10' });
      const before = order(await whale.sell({ currency_pair: 'ethusd', price: '3000', quantity: '1' }));
      ok(await mm.sell({ currency_pair: 'btcusd', price: '30000', quantity: '2' }));
      ok(await whale.buy({ currency_pair: 'btcusd', price: '30000', quantity: '2' })); // 60,000 USD: maker 0.08 %
      const after = order(await whale.sell({ currency_pair: 'ethusd', price: '3000', quantity: '1' }));
      ok(await printer.buy({ currency_pair: 'ethusd', price: '3000', quantity: '2' }));
      const fees = tradeListSchema
        .parse(ok(await whale.get('/v1/account-management/trades?pair=ethusd')))
        .map((tr) => [tr.order_id, tr.fees]);
      expect(fees.sort()).toEqual(
        [
          [before.id, '3'],
          [after.id, '2.4'],
        ].sort(),
      );
    });

    it('API.fills.fees-to-fee-account: both fees of a fill go to the exchange’s fee account', async () => {
      const feeUsd = async () =>
        (await t.app.ctx.database.db.selectFrom('fee_balances').selectAll().where('currency', '=', 'usd').executeTakeFirst())?.balance ??
        '0';
      const start = Number(await feeUsd());
      const alice = await trader(t, { usd: '100000' });
      order(await mm.sell({ currency_pair: 'btcusd', price: '30000', quantity: '0.4' }));
      order(await alice.buy({ currency_pair: 'btcusd', price: '30000', quantity: '0.4' }));
      // Taker 0.2 % of 12000 and maker 0.1 % of it.
      expect(Number(await feeUsd()) - start).toBe(36);
      await expectLedgerSound(t);
    });
  });

  describe('stops and the order queue', () => {
    it('API.stops.trailing-start: before any trade a trailing stop starts from the best opposite price', async () => {
      order(await mm.buy({ currency_pair: 'solusd', price: '140', quantity: '1' }));
      order(await mm.sell({ currency_pair: 'solusd', price: '150', quantity: '1' }));
      const alice = await trader(t, { usd: '10000', sol: '10' });
      const sell = order(await alice.sell({ currency_pair: 'solusd', algorithm_id: 308, quantity: '1', stop_amount: '5' }));
      expect(sell.stop_price).toBe('135');
      const buy = order(await alice.buy({ currency_pair: 'solusd', algorithm_id: 308, quantity: '1', stop_amount: '5' }));
      expect(buy.stop_price).toBe('155');
    });

    it('API.commit.arrival-order: an order, a quote and a cancel sent together are applied in the order they arrived', async () => {
      const ex = t.app.exchange;
      const alice = await trader(t, { usd: '100000' });
      const quote = { pair: 'btcusd', side: 'buy', quantity: '0.1' } as const;
      // The quote arrives before the cancel: it sees the ask.
      const first = await ex.placeOrder(mm.id, 'sell', { currency_pair: 'btcusd', price: '30000', quantity: '0.1' });
      const [quoted] = await Promise.all([ex.requestQuote(alice.id, quote), ex.cancelOrder(mm.id, Number(first.id))]);
      expect(quoted.price).toBe('30000');
      // The cancel arrives first: the book is empty when the quote is applied.
      const second = await ex.placeOrder(mm.id, 'sell', { currency_pair: 'btcusd', price: '30000', quantity: '0.1' });
      const [, late] = await Promise.allSettled([ex.cancelOrder(mm.id, Number(second.id)), ex.requestQuote(alice.id, quote)]);
      expect(late).toMatchObject({ status: 'rejected', reason: { code: 'insufficient_liquidity' } });
      // An order sent before the order it could take rests, and is then taken at its own price.
      const [bid, ask] = await Promise.all([
        ex.placeOrder(alice.id, 'buy', { currency_pair: 'btcusd', price: '30000', quantity: '0.1' }),
        ex.placeOrder(mm.id, 'sell', { currency_pair: 'btcusd', price: '29000', quantity: '0.1' }),
      ]);
      expect(bid.status).toBe('open');
      expect(ask).toMatchObject({ status: 'done', vwap: '30000' });
    });
  });

  describe('request for quote', () => {
    async function quote(who: Trader, body: Record<string, unknown>) {
      return quoteResponseSchema.parse(ok(await who.client.post('/v1/orders/request-for-quote', { pair: 'btcusd', ...body })));
    }

    it('API.rfq.answer-fields: a quote answers quote_id, the size, the average price and expires_at', async () => {
      order(await mm.sell({ currency_pair: 'btcusd', price: '30000', quantity: '0.1' }));
      order(await mm.sell({ currency_pair: 'btcusd', price: '31000', quantity: '0.1' }));
      const alice = await trader(t, { usd: '100000' });
      // Sized by quantity, it answers the amount that quantity costs.
      expect(await quote(alice, { side: 'buy', quantity: '0.2' })).toEqual({
        quote_id: expect.any(String),
        amount: '6112.2',
        price: '30500',
        expires_at: t.clock.now() + 10_000,
      });
    });

    it('API.rfq.belongs-to-user: a quote is used once', async () => {
      order(await mm.sell({ currency_pair: 'btcusd', price: '30000', quantity: '1' }));
      const alice = await trader(t, { usd: '100000' });
      const q = await quote(alice, { side: 'buy', amount: '3000' });
      const form = { currency_pair: 'btcusd', algorithm_id: 100, amount: '3000', quote_id: q.quote_id };
      expect(order(await alice.buy(form)).status).toBe('done');
      expect(problem(await alice.buy(form)).code).toBe('quote_not_found');
    });

    it('API.rfq.memory-only: a restart drops every quote', async () => {
      order(await mm.sell({ currency_pair: 'btcusd', price: '30000', quantity: '1' }));
      const alice = await trader(t, { usd: '100000' });
      const q = await quote(alice, { side: 'buy', amount: '3000' });
      const { dataDir, clock } = t;
      const databaseUrl = t.config.databaseUrl;
      await t.close({ keepData: true });
      t = await startExchangeApp({ store, dataDir, clock, config: { databaseUrl } });
      const again = new Client(t.app, alice.client.jar);
      const res = await again.post('/v1/orders/buy', { currency_pair: 'btcusd', algorithm_id: 100, amount: '3000', quote_id: q.quote_id });
      expect(problem(res).code).toBe('quote_not_found');
      expect(t.app.exchange.depth('btcusd')!.asks).toEqual([['30000', '1']]);
    });
  });
});
