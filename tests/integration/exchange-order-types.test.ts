import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderListSchema, quoteResponseSchema, type Order } from '../../src/shared/api/orders';
import type { ExchangeEvent } from '../../src/server/exchange/events';
import { describeEachStore } from '../support/postgres';
import {
  depth,
  expectLedgerSound,
  ok,
  problem,
  startExchangeApp,
  trader,
  type TestApp,
  type Trader,
  orderOf,
  printAt,
} from './exchange-harness';

// Spec B §3 and §5: every order type (Market 100, Limit 201, Stop 304, TrailingStop 308, IOC 309)
// and time in force (GTC, IOC, FOK, GTD), post-only, the dark pool, self-trade prevention,
// idempotent client_order_id and request for quote, through the HTTP API.

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  let t: TestApp;
  let mm: Trader; // market maker with both currencies
  let printer: Trader; // prints trades at chosen prices
  beforeEach(async () => {
    t = await startExchangeApp({ store });
    mm = await trader(t, { usd: '10000000', btc: '100' });
    printer = await trader(t, { usd: '10000000', btc: '100' });
  });
  afterEach(async () => {
    await t.close();
  });

  const order = orderOf;

  /** A trade at `price` between the printer and the market maker: the pair's last price. */
  const print = (price: string) => printAt(mm, printer, price);

  async function orderById(who: Trader, id: string): Promise<Order> {
    const all = [...orderListSchema.parse(ok(await who.get('/v1/orders'))), ...orderListSchema.parse(ok(await who.get('/v1/orders/done')))];
    const found = all.find((o) => o.id === id);
    if (!found) throw new Error(`order ${id} not found`);
    return found;
  }

  describe('Market (100)', () => {
    it('API.order-types.market: market buy by amount: spends at most the amount, fee included, and gives back what is left', async () => {
      order(await mm.sell({ currency_pair: 'btcusd', price: '30000', quantity: '0.1' }));
      order(await mm.sell({ currency_pair: 'btcusd', price: '31000', quantity: '0.1' }));
      const alice = await trader(t, { usd: '5000' });
      const o = order(await alice.buy({ currency_pair: 'btcusd', algorithm_id: 100, amount: '4000' }));
      // 4000 / 1.002 = 3992.01…: 0.1 at 30000 (3000) + 0.03200 at 31000 (992) = 3992; fee 7.984.
      expect(o).toMatchObject({ status: 'done', amount: '4000', filled: '0.132', filled_amount: '3992', fees: '7.984' });
      expect(await alice.balances()).toMatchObject({ usd: { balance: '1000.016', available: '1000.016' }, btc: { balance: '0.132' } });
      await expectLedgerSound(t);
    });

    it('API.order-types.market: market sell by quantity walks the bids; market buy by quantity holds enough for the worst price it can reach', async () => {
      order(await mm.buy({ currency_pair: 'btcusd', price: '29000', quantity: '0.5' }));
      order(await mm.buy({ currency_pair: 'btcusd', price: '28000', quantity: '0.5' }));
      const bob = await trader(t, { btc: '1' });
      const sell = order(await bob.sell({ currency_pair: 'btcusd', algorithm_id: 100, quantity: '0.7' }));
      expect(sell).toMatchObject({ status: 'done', filled: '0.7', filled_amount: '20100' });

      order(await mm.sell({ currency_pair: 'btcusd', price: '30000', quantity: '0.2' }));
      const carol = await trader(t, { usd: '7000' });
      const buy = order(await carol.buy({ currency_pair: 'btcusd', algorithm_id: 100, quantity: '0.2' }));
      expect(buy).toMatchObject({ status: 'done', filled: '0.2', filled_amount: '6000', fees: '12' });
      expect((await carol.balances()).usd).toEqual({ balance: '988', available: '988' });
      await expectLedgerSound(t);
    });

    it('a market order meeting an empty book ends cancelled with nothing traded, and its hold released', async () => {
      const alice = await trader(t, { usd: '100' });
      const o = order(await alice.buy({ currency_pair: 'ethusd', algorithm_id: 100, amount: '50' }));
      expect(o).toMatchObject({ status: 'cancelled', filled: '0', reason: 'Unfilled remainder cancelled.' });
      expect((await alice.balances()).usd).toEqual({ balance: '100', available: '100' });
    });

    it('API.order-types.market-max-slippage: market with max_slippage stops at the protection price and cancels the rest', async () => {
      order(await mm.sell({ currency_pair: 'btcusd', price: '30000', quantity: '0.1' }));
      order(await mm.sell({ currency_pair: 'btcusd', price: '33000', quantity: '0.1' }));
      const alice = await trader(t, { usd: '10000' });
      const o = order(await alice.buy({ currency_pair: 'btcusd', algorithm_id: 100, quantity: '0.2', max_slippage: '0.05' }));
      expect(o).toMatchObject({ status: 'cancelled', filled: '0.1', filled_amount: '3000' });
    });
  });

  describe('Limit (201), IOC (309) and time in force', () => {
    it('API.order-types.ioc: IOC remainder cancelled: type 309 and Limit with time_in_force IOC take what crosses and cancel the rest', async () => {
      order(await mm.sell({ currency_pair: 'btcusd', price: '30000', quantity: '0.3' }));
      const alice = await trader(t, { usd: '100000' });
      const ioc = order(await alice.buy({ currency_pair: 'btcusd', algorithm_id: 309, price: '30000', quantity: '0.5' }));
      expect(ioc).toMatchObject({
        status: 'cancelled',
        filled: '0.3',
        type: 'IOC',
        time_in_force: 'IOC',
        reason: 'Unfilled remainder cancelled.',
      });
      const limitIoc = order(await alice.buy({ currency_pair: 'btcusd', price: '30000', quantity: '0.5', time_in_force: 'IOC' }));
      expect(limitIoc).toMatchObject({ status: 'cancelled', filled: '0' });
      expect(orderListSchema.parse(ok(await alice.get('/v1/orders')))).toEqual([]);
      expect((await alice.balances()).usd).toEqual({ balance: '90982', available: '90982' });
      await expectLedgerSound(t);
    });

    it('API.errors.fok-not-filled-422, API.fok.all-or-nothing, API.orders.refused-not-stored: FOK all-or-nothing: an order larger than the liquidity trades nothing (422), one that fits fills completely', async () => {
      order(await mm.sell({ currency_pair: 'btcusd', price: '30000', quantity: '0.3' }));
      const alice = await trader(t, { usd: '100000' });
      const before = await alice.balances();
      const res = await alice.buy({ currency_pair: 'btcusd', price: '30000', quantity: '0.5', time_in_force: 'FOK' });
      expect(res.statusCode).toBe(422);
      expect(problem(res)).toMatchObject({
        code: 'fok_not_filled',
        detail: 'A fill-or-kill order could not be filled in full, so nothing was traded.',
      });
      expect(await alice.balances()).toEqual(before);
      expect(depth(t, 'btcusd').asks).toEqual([['30000', '0.3']]);
      const fok = order(await alice.buy({ currency_pair: 'btcusd', price: '30000', quantity: '0.3', time_in_force: 'FOK' }));
      expect(fok).toMatchObject({ status: 'done', filled: '0.3' });
      const marketFok = await alice.buy({ currency_pair: 'btcusd', algorithm_id: 100, amount: '100', time_in_force: 'FOK' });
      expect(problem(marketFok).code).toBe('fok_not_filled');
      await expectLedgerSound(t);
    });

    it('API.holds.buy-limit, API.holds.released-at-end: GTD expiry: the order ends by itself as expired when the (fake) clock passes expires, releasing its hold', async () => {
      const alice = await trader(t, { usd: '10000' });
      const expires = t.clock.now() + 60_000;
      const o = order(await alice.buy({ currency_pair: 'btcusd', price: '20000', quantity: '0.1', time_in_force: 'GTD', expires }));
      expect(o).toMatchObject({ status: 'open', expires, time_in_force: 'GTD' });
      expect((await alice.balances()).usd.available).toBe('7996'); // 2000 × 1.002 held
      t.clock.advance(59_999);
      expect(await t.app.exchange.runTimers()).toBe(0);
      t.clock.advance(1);
      expect(await t.app.exchange.runTimers()).toBe(1);
      expect(await orderById(alice, o.id)).toMatchObject({ status: 'expired', reason: 'Expired (GTD).' });
      expect((await alice.balances()).usd).toEqual({ balance: '10000', available: '10000' });
      await expectLedgerSound(t);
    });

    it('API.errors.post-only-would-take-422, API.post-only.would-take, API.orders.refused-not-stored: post-only rejection: a post-only order that would take liquidity is refused and nothing changes; one that rests is placed', async () => {
      order(await mm.sell({ currency_pair: 'btcusd', price: '30000', quantity: '1' }));
      const alice = await trader(t, { usd: '100000' });
      const res = await alice.buy({ currency_pair: 'btcusd', price: '30000', quantity: '0.1', post_only: true });
      expect(res.statusCode).toBe(422);
      expect(problem(res).code).toBe('post_only_would_take');
      expect((await alice.balances()).usd).toEqual({ balance: '100000', available: '100000' });
      expect(order(await alice.buy({ currency_pair: 'btcusd', price: '29999.99', quantity: '0.1', post_only: 'true' })).status).toBe(
        'open',
      );
    });

    it('dark-pool invisibility: a Dark Pool order never shows in the published depth (nor fires a book event) but matches', async () => {
      const events: ExchangeEvent[] = [];
      t.app.exchange.events.on((e) => events.push(e));
      const bob = await trader(t, { btc: '1' });
      const dark = order(await bob.sell({ currency_pair: 'btcusd', price: '30000', quantity: '0.5', destination: 'Dark Pool' }));
      expect(dark).toMatchObject({ status: 'open', destination: 'Dark Pool' });
      expect(depth(t, 'btcusd').asks).toEqual([]);
      expect(events.filter((e) => e.type === 'book')).toEqual([]);
      order(await mm.sell({ currency_pair: 'btcusd', price: '30000', quantity: '0.2' }));
      expect(depth(t, 'btcusd').asks).toEqual([['30000', '0.2']]);
      const alice = await trader(t, { usd: '100000' });
      const buy = order(await alice.buy({ currency_pair: 'btcusd', price: '30000', quantity: '0.6' }));
      // Time priority: the dark order was first.
      expect(buy).toMatchObject({ status: 'done', filled: '0.6' });
      expect(await orderById(bob, dark.id)).toMatchObject({ status: 'done', filled: '0.5' });
      expect(depth(t, 'btcusd').asks).toEqual([['30000', '0.1']]);
    });

    it('self-trade prevention: an order never trades with its owner; the owner’s resting order is cancelled instead', async () => {
      const own = order(await mm.sell({ currency_pair: 'btcusd', price: '30000', quantity: '0.1' }));
      order(await printer.sell({ currency_pair: 'btcusd', price: '30001', quantity: '0.1' }));
      const buy = order(await mm.buy({ currency_pair: 'btcusd', price: '30001', quantity: '0.1' }));
      expect(buy).toMatchObject({ status: 'done', filled: '0.1', vwap: '30001' });
      expect(await orderById(mm, own.id)).toMatchObject({
        status: 'cancelled',
        reason: 'Cancelled by self-trade prevention.',
        filled: '0',
      });
      await expectLedgerSound(t);
    });
  });

  describe('client_order_id', () => {
    it('API.client-order-id.idempotent, API.client-order-id.per-user: idempotent client_order_id: the same id twice (even at once) returns the same order and places no second one', async () => {
      const alice = await trader(t, { usd: '100000' });
      const form = { currency_pair: 'btcusd', price: '20000', quantity: '0.1', client_order_id: '123456' };
      const [a, b] = await Promise.all([alice.buy(form), alice.buy(form)]);
      const first = order(a);
      expect(order(b).id).toBe(first.id);
      const third = order(await alice.buy({ ...form, price: '21000' }));
      expect(third).toMatchObject({ id: first.id, price: '20000', client_order_id: '123456' });
      expect(orderListSchema.parse(ok(await alice.get('/v1/orders')))).toHaveLength(1);
      expect((await alice.balances()).usd.available).toBe('97996');
      // Another user may use the same id.
      const bob = await trader(t, { usd: '100000' });
      expect(order(await bob.buy(form)).id).not.toBe(first.id);
    });
  });

  describe('Stop (304) and TrailingStop (308)', () => {
    it('API.order-types.stop, API.order-lists.open: stop triggering: a sell stop waits off the book and becomes a market sell when the last price falls to its trigger', async () => {
      order(await mm.buy({ currency_pair: 'btcusd', price: '28000', quantity: '1' }));
      await print('30000');
      const bob = await trader(t, { btc: '1' });
      const stop = order(await bob.sell({ currency_pair: 'btcusd', algorithm_id: 304, price: '29000', quantity: '0.5' }));
      expect(stop).toMatchObject({ status: 'open', type: 'Stop', price: '29000', stop_price: '29000', filled: '0' });
      expect((await bob.balances()).btc).toEqual({ balance: '1', available: '0.5' });
      expect(depth(t, 'btcusd').asks).toEqual([]); // a stop is not on the book
      expect(orderListSchema.parse(ok(await bob.get('/v1/orders'))).map((o) => o.id)).toEqual([stop.id]);

      await print('29500');
      expect((await orderById(bob, stop.id)).status).toBe('open');
      await print('29000');
      expect(await orderById(bob, stop.id)).toMatchObject({ status: 'done', filled: '0.5', vwap: '28000' });
      await expectLedgerSound(t);
    });

    it('API.order-types.stop, API.holds.buy-by-amount: stop buy by amount with max_slippage: fires on a rise, and its market order never pays beyond trigger × (1 + slippage)', async () => {
      await print('30000');
      order(await mm.sell({ currency_pair: 'btcusd', price: '31000', quantity: '0.1' }));
      order(await mm.sell({ currency_pair: 'btcusd', price: '40000', quantity: '1' }));
      const alice = await trader(t, { usd: '20000' });
      const stop = order(
        await alice.buy({ currency_pair: 'btcusd', algorithm_id: 304, price: '31000', amount: '10000', max_slippage: '0.01' }),
      );
      expect((await alice.balances()).usd.available).toBe('10000');
      await print('31000');
      const done = await orderById(alice, stop.id);
      // 0.1 at 31000; the next ask (40000) is beyond 31000 × 1.01, so the rest is cancelled.
      expect(done).toMatchObject({ status: 'cancelled', filled: '0.1', filled_amount: '3100', fees: '6.2' });
      expect((await alice.balances()).usd).toEqual({ balance: '16893.8', available: '16893.8' });
      await expectLedgerSound(t);
    });

    it('API.stops.beyond-fires-at-once: a stop already beyond the last price fires at once', async () => {
      order(await mm.buy({ currency_pair: 'btcusd', price: '29000', quantity: '1' }));
      await print('29500');
      const bob = await trader(t, { btc: '1' });
      const stop = order(await bob.sell({ currency_pair: 'btcusd', algorithm_id: 304, price: '30000', quantity: '0.1' }));
      expect(stop).toMatchObject({ status: 'done', filled: '0.1' });
    });

    it('API.order-types.trailing-stop, API.stops.stop-price-shows-trigger, API.stops.trailing-start: trailing stop triggering: the trigger follows the best price by stop_amount and fires when the price falls back by it', async () => {
      order(await mm.buy({ currency_pair: 'btcusd', price: '25000', quantity: '1' }));
      await print('30000');
      const bob = await trader(t, { btc: '1' });
      const trail = order(await bob.sell({ currency_pair: 'btcusd', algorithm_id: 308, quantity: '0.2', stop_amount: '1000' }));
      expect(trail).toMatchObject({ status: 'open', type: 'TrailingStop', stop_price: '29000' });
      await print('32000');
      expect((await orderById(bob, trail.id)).stop_price).toBe('31000');
      await print('31500');
      expect((await orderById(bob, trail.id)).stop_price).toBe('31000');
      await print('31000');
      expect(await orderById(bob, trail.id)).toMatchObject({ status: 'done', filled: '0.2', vwap: '25000' });
    });

    it('API.errors.no-reference-price-422: a trailing stop on a pair with no trade and no opposite order is refused', async () => {
      const bob = await trader(t, { btc: '1' });
      const before = await bob.balances();
      const res = await bob.sell({ currency_pair: 'btcusd', algorithm_id: 308, quantity: '0.2', stop_amount: '1000' });
      expect(res.statusCode).toBe(422);
      expect(problem(res).code).toBe('no_reference_price');
      expect(await bob.balances()).toEqual(before);
    });

    it('API.order-types.trailing-stop: trailing stop by percent: a buy trails above the lowest price', async () => {
      order(await mm.sell({ currency_pair: 'btcusd', price: '40000', quantity: '1' }));
      await print('30000');
      const alice = await trader(t, { usd: '100000' });
      const trail = order(await alice.buy({ currency_pair: 'btcusd', algorithm_id: 308, amount: '4100', stop_percent: '5' }));
      expect(trail.stop_price).toBe('31500');
      await print('28000');
      expect((await orderById(alice, trail.id)).stop_price).toBe('29400');
      await print('29400');
      expect(await orderById(alice, trail.id)).toMatchObject({ status: 'done', filled: '0.10229', filled_amount: '4091.6' }); // 4100 / 1.002 at 40000
      await expectLedgerSound(t);
    });

    it('a stop or trailing stop with GTD expires like any other order', async () => {
      await print('30000');
      const bob = await trader(t, { btc: '1' });
      const stop = order(
        await bob.sell({
          currency_pair: 'btcusd',
          algorithm_id: 304,
          price: '20000',
          quantity: '0.5',
          time_in_force: 'GTD',
          expires: t.clock.now() + 1000,
        }),
      );
      t.clock.advance(1000);
      await t.app.exchange.runTimers();
      expect((await orderById(bob, stop.id)).status).toBe('expired');
      expect((await bob.balances()).btc.available).toBe('1');
    });
  });

  describe('request for quote', () => {
    it('API.rfq.honoured, API.rfq.answer-buy-by-amount, API.rfq.answer-sell: RFQ honoured: a market order carrying the quote executes at least as well as quoted', async () => {
      order(await mm.sell({ currency_pair: 'btcusd', price: '30000', quantity: '0.1' }));
      order(await mm.sell({ currency_pair: 'btcusd', price: '30100', quantity: '1' }));
      const alice = await trader(t, { usd: '100000' });
      const q = quoteResponseSchema.parse(
        ok(await alice.client.post('/v1/orders/request-for-quote', { pair: 'btcusd', side: 'buy', amount: '6000' })),
      );
      expect(q.quantity).toBe('0.19926'); // 6000 / 1.002 buys 0.1 at 30000 and 0.09926 at 30100
      expect(q.expires_at).toBe(t.clock.now() + 10_000);
      const o = order(await alice.buy({ currency_pair: 'btcusd', algorithm_id: 100, amount: '6000', quote_id: q.quote_id }));
      expect(o).toMatchObject({ status: 'done', filled: '0.19926' });
      expect(Number(o.filled_amount) + Number(o.fees)).toBeLessThanOrEqual(6000);

      order(await mm.buy({ currency_pair: 'btcusd', price: '29900', quantity: '1' }));
      const bob = await trader(t, { btc: '1' });
      const sq = quoteResponseSchema.parse(
        ok(await bob.client.post('/v1/orders/request-for-quote', { pair: 'btcusd', side: 'sell', quantity: '0.5' })),
      );
      const sell = order(await bob.sell({ currency_pair: 'btcusd', algorithm_id: 100, quantity: '0.5', quote_id: sq.quote_id }));
      const net = Number(sell.filled_amount) - Number(sell.fees);
      expect(net).toBeGreaterThanOrEqual(Number(sq.amount));
      await expectLedgerSound(t);
    });

    it('API.errors.quote-expired-409, API.rfq.expired-refused, API.rfq.lifetime-10s: RFQ expired: after ~10 s the quote is refused with "Quote expired" and nothing is traded', async () => {
      order(await mm.sell({ currency_pair: 'btcusd', price: '30000', quantity: '1' }));
      const alice = await trader(t, { usd: '100000' });
      const q = quoteResponseSchema.parse(
        ok(await alice.client.post('/v1/orders/request-for-quote', { pair: 'btcusd', side: 'buy', amount: '3000' })),
      );
      t.clock.advance(10_001);
      const res = await alice.buy({ currency_pair: 'btcusd', algorithm_id: 100, amount: '3000', quote_id: q.quote_id });
      expect(res.statusCode).toBe(409);
      expect(problem(res)).toMatchObject({ code: 'quote_expired', detail: 'Quote expired' });
      expect((await alice.balances()).usd).toEqual({ balance: '100000', available: '100000' });
    });

    it('API.errors.quote-price-moved-409, API.rfq.price-moved-refused, API.rfq.answer-buy-by-quantity, API.orders.refused-not-stored: RFQ price moved: when the book got worse the order is refused with "Price moved beyond the quote"', async () => {
      order(await mm.sell({ currency_pair: 'btcusd', price: '30000', quantity: '0.1' }));
      order(await mm.sell({ currency_pair: 'btcusd', price: '35000', quantity: '1' }));
      const alice = await trader(t, { usd: '100000' });
      const q = quoteResponseSchema.parse(
        ok(await alice.client.post('/v1/orders/request-for-quote', { pair: 'btcusd', side: 'buy', quantity: '0.1' })),
      );
      expect(q.amount).toBe('3006');
      order(await printer.buy({ currency_pair: 'btcusd', price: '30000', quantity: '0.05' }));
      const res = await alice.buy({ currency_pair: 'btcusd', algorithm_id: 100, quantity: '0.1', quote_id: q.quote_id });
      expect(res.statusCode).toBe(409);
      expect(problem(res)).toMatchObject({ code: 'quote_price_moved', detail: 'Price moved beyond the quote' });
      expect((await alice.balances()).btc?.balance ?? '0').toBe('0');
    });

    it('API.errors.quote-not-found-404, API.errors.quote-mismatch-422, API.rfq.belongs-to-user: a quote belongs to its user, pair, side and size', async () => {
      order(await mm.sell({ currency_pair: 'btcusd', price: '30000', quantity: '1' }));
      const alice = await trader(t, { usd: '100000' });
      const bob = await trader(t, { usd: '100000' });
      const q = quoteResponseSchema.parse(
        ok(await alice.client.post('/v1/orders/request-for-quote', { pair: 'btcusd', side: 'buy', amount: '3000' })),
      );
      expect(problem(await bob.buy({ currency_pair: 'btcusd', algorithm_id: 100, amount: '3000', quote_id: q.quote_id })).code).toBe(
        'quote_not_found',
      );
      expect(problem(await alice.buy({ currency_pair: 'btcusd', algorithm_id: 100, amount: '2999', quote_id: q.quote_id })).code).toBe(
        'quote_mismatch',
      );
    });

    it('API.errors.insufficient-liquidity-422, API.rfq.lit-book-only: quotes walk the lit book only: dark liquidity is never revealed', async () => {
      order(await mm.sell({ currency_pair: 'btcusd', price: '30000', quantity: '1', destination: 'Dark Pool' }));
      const alice = await trader(t, { usd: '100000' });
      const res = await alice.client.post('/v1/orders/request-for-quote', { pair: 'btcusd', side: 'buy', amount: '3000' });
      expect(res.statusCode).toBe(422);
      expect(problem(res).code).toBe('insufficient_liquidity');
    });
  });
});
