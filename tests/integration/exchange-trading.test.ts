import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderListSchema, orderSchema, tradeListSchema } from '../../src/shared/api/orders';
import { balanceListSchema, currencyPairListSchema, feeRatesSchema, transactionListSchema } from '../../src/shared/api/account';
import type { ExchangeEvent } from '../../src/server/exchange/events';
import { describeEachStore } from '../support/postgres';
import { expectLedgerSound, ok, startExchangeApp, trader, type TestApp } from './exchange-harness';

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  let t: TestApp;
  let events: ExchangeEvent[];
  beforeEach(async () => {
    t = await startExchangeApp({ store });
    events = [];
    t.app.exchange.events.on((e) => events.push(e));
  });
  afterEach(async () => {
    await t.close();
  });

  describe('two users trade through the API', () => {
    it('CORE.exchange.fill-views-agree, B7.orders.create, B7.orders.open, B7.orders.done, B7.trades.list, API.fills.maker-price, API.fills.buyer-pays-fee, API.fills.seller-receives-net, API.holds.set-aside, API.holds.sell-holds-base, API.balances.held-is-difference, API.orders.filled-fields, API.cancel.answers-cancelled, API.cancel.live-orders, API.trades.net-amount, API.transactions.fill-rows, API.transactions.signed-amounts: a resting limit sell, a crossing limit buy: the fill, the fees, balances, trades, done orders and transactions all agree', async () => {
      const alice = await trader(t, { usd: '100000' });
      const bob = await trader(t, { btc: '2' });

      // Bob rests 1 BTC at 30000; his BTC is held.
      const ask = orderSchema.parse(
        ok(await bob.sell({ currency_pair: 'btcusd', algorithm_id: 201, price: '30000', quantity: '1', client_order_id: '500001' })),
      );
      expect(ask).toMatchObject({
        status: 'open',
        filled: '0',
        price: '30000',
        quantity: '1',
        pair: 'btcusd',
        action: 'sell',
        type: 'Limit',
        algorithm_id: 201,
      });
      expect((await bob.balances()).btc).toEqual({ balance: '2', available: '1' });
      const open = orderListSchema.parse(ok(await bob.get('/v1/orders')));
      expect(open.map((o) => o.id)).toEqual([ask.id]);

      // Alice buys 0.4 at up to 30100: she takes at the maker's price 30000.
      const bid = orderSchema.parse(ok(await alice.buy({ currency_pair: 'btcusd', price: '30100', quantity: '0.4' })));
      expect(bid).toMatchObject({ status: 'done', filled: '0.4', filled_amount: '12000', vwap: '30000', fees: '24' });

      // Taker fee 0.2% of 12000 = 24 (alice pays 12024); maker fee 0.1% = 12 (bob gets 11988).
      expect(await alice.balances()).toMatchObject({
        usd: { balance: '87976', available: '87976' },
        btc: { balance: '0.4', available: '0.4' },
      });
      expect(await bob.balances()).toMatchObject({
        usd: { balance: '11988', available: '11988' },
        btc: { balance: '1.6', available: '1' },
      });

      const aliceTrades = tradeListSchema.parse(ok(await alice.get('/v1/account-management/trades')));
      expect(aliceTrades).toEqual([
        expect.objectContaining({
          action: 'buy',
          currency_pair: 'btcusd',
          quantity: '0.4',
          price: '30000',
          amount: '12000',
          fees: '24',
          net_amount: '12024',
          order_id: bid.id,
        }),
      ]);
      const bobTrades = tradeListSchema.parse(ok(await bob.get('/v1/account-management/trades')));
      expect(bobTrades).toEqual([
        expect.objectContaining({ action: 'sell', amount: '12000', fees: '12', net_amount: '11988', order_id: ask.id }),
      ]);
      expect(bobTrades[0]!.trade_id).toBe(aliceTrades[0]!.trade_id);

      // Bob's order is partially filled and still open; Alice's is done.
      expect(orderListSchema.parse(ok(await bob.get('/v1/orders')))[0]).toMatchObject({ status: 'partially filled', filled: '0.4' });
      expect(orderListSchema.parse(ok(await alice.get('/v1/orders')))).toEqual([]);
      expect(orderListSchema.parse(ok(await alice.get('/v1/orders/done')))).toEqual([
        expect.objectContaining({ id: bid.id, status: 'done' }),
      ]);

      // The journal explains Alice's balances line by line (signed amounts; the fee is a Charge).
      const tx = transactionListSchema.parse(ok(await alice.get('/v1/account-management/transactions')));
      expect(tx.data.map((r) => [r.action, r.currency, r.amount, r.price, r.symbol, r.status])).toEqual([
        ['Buy', 'btc', '0.4', '30000', 'btcusd', 'done'],
        ['Charge', 'usd', '-24', '30000', 'btcusd', 'done'],
        ['Buy', 'usd', '-12000', '30000', 'btcusd', 'done'],
        ['Deposit', 'usd', '100000', null, null, 'done'],
      ]);

      // Bob cancels the rest; his BTC is released.
      const cancelled = orderSchema.parse(ok(await bob.cancel(ask.id)));
      expect(cancelled).toMatchObject({ status: 'cancelled', filled: '0.4' });
      expect((await bob.balances()).btc).toEqual({ balance: '1.6', available: '1.6' });
      await expectLedgerSound(t);
    });

    it('CORE.exchange.events-once-per-batch: events after commit: public trade, book changed once per batch, both users’ orders, trades and balances', async () => {
      const alice = await trader(t, { usd: '100000' });
      const bob = await trader(t, { btc: '1' });
      ok(await bob.sell({ currency_pair: 'btcusd', price: '30000', quantity: '1' }));
      events.length = 0;
      ok(await alice.buy({ currency_pair: 'btcusd', price: '30000', quantity: '0.5' }));
      const kinds = events.map((e) => e.type);
      expect(kinds.filter((k) => k === 'trade')).toHaveLength(1);
      expect(kinds.filter((k) => k === 'book')).toHaveLength(1);
      expect(events.find((e) => e.type === 'trade')).toMatchObject({ pair: 'btcusd', price: '30000', quantity: '0.5', side: 'buy' });
      const userTrades = events.filter((e) => e.type === 'user-trade');
      expect(userTrades.map((e) => e.type === 'user-trade' && e.userId).sort()).toEqual([alice.id, bob.id].sort());
      const orders = events.filter((e): e is Extract<ExchangeEvent, { type: 'order' }> => e.type === 'order');
      expect(orders.map((e) => [e.userId === alice.id ? 'alice' : 'bob', e.order.status])).toEqual([
        ['bob', 'partially filled'],
        ['alice', 'done'],
      ]);
      const balances = events.filter((e): e is Extract<ExchangeEvent, { type: 'balance' }> => e.type === 'balance');
      expect(balances.map((e) => e.userId).sort()).toEqual([alice.id, bob.id].sort());
      expect(balances.find((e) => e.userId === alice.id)!.balances).toEqual(
        expect.arrayContaining([{ currency: 'btc', balance: '0.5', available: '0.5' }]),
      );
    });

    it('B7.balances.list, B7.currency-pairs.list, A3.currency-pair.fields, A7.account.balances, A7.account.fee-rates, API.balances.every-tradable, API.currency-pairs.fields, API.money.lower-case-symbols: reference lists: every tradable currency in balances (zero when never funded), currency pairs with their rules, fee rates by volume', async () => {
      const alice = await trader(t, { usd: '1000' });
      const balances = balanceListSchema.parse(ok(await alice.get('/v1/account-management/balances')));
      expect(balances.find((b) => b.currency === 'usd')).toEqual({ currency: 'usd', balance: '1000', available: '1000' });
      expect(balances.find((b) => b.currency === 'eth')).toEqual({ currency: 'eth', balance: '0', available: '0' });

      const pairs = currencyPairListSchema.parse(ok(await alice.get('/v1/account-management/currency-pairs')));
      expect(pairs.find((p) => p.symbol === 'btcusd')).toEqual({
        symbol: 'btcusd',
        base: 'btc',
        quote: 'usd',
        formatted_symbol: 'BTC/USD',
        fee: '0.002',
        maker_fee: '0.001',
        tick_size: '0.01',
        lot_size: '0.00001',
        min_quantity: '0.0001',
      });
      expect(feeRatesSchema.parse(ok(await alice.get('/v1/account-management/fee-rates')))).toEqual({
        volume: '0.00',
        makerRate: '0.001',
        nprRate: '0.002',
        nprOffRate: '0.0025',
      });
    });

    it('API.fee-tiers.volume-14-days, API.fee-tiers.smart-rate-display-only, API.fee-rates.answer: fee tiers: 14-day USD volume of fills lowers the rates of later orders, never below what the pair lists', async () => {
      const whale = await trader(t, { usd: '10000000' });
      const maker = await trader(t, { btc: '10' });
      ok(await maker.sell({ currency_pair: 'btcusd', price: '30000', quantity: '2' }));
      ok(await whale.buy({ currency_pair: 'btcusd', price: '30000', quantity: '2' })); // 60,000 USD of volume
      expect(feeRatesSchema.parse(ok(await whale.get('/v1/account-management/fee-rates')))).toEqual({
        volume: '60000.00',
        makerRate: '0.0008',
        nprRate: '0.0018',
        nprOffRate: '0.0022',
      });
      ok(await maker.sell({ currency_pair: 'btcusd', price: '30000', quantity: '1' }));
      const next = orderSchema.parse(ok(await whale.buy({ currency_pair: 'btcusd', price: '30000', quantity: '1' })));
      expect(next.fees).toBe('54'); // 0.18% of 30000

      // Fourteen days later the volume has rolled off (asked of the service: the session would have expired).
      t.clock.advance(13 * 86_400_000);
      expect((await t.app.exchange.feeRates(whale.id)).volume).toBe('90000.00');
      t.clock.advance(86_400_000);
      expect((await t.app.exchange.feeRates(whale.id)).volume).toBe('0.00');
      await expectLedgerSound(t);
    });

    it('B7.transactions.list, API.transactions.query: transactions: filter by types, time and currency, page with limit and after (next_after)', async () => {
      const alice = await trader(t, { usd: '100000' });
      t.clock.advance(60_000);
      const bob = await trader(t, { btc: '1' });
      ok(await bob.sell({ currency_pair: 'btcusd', price: '30000', quantity: '0.5' }));
      ok(await alice.buy({ currency_pair: 'btcusd', price: '30000', quantity: '0.5' }));
      const list = async (q: string) => transactionListSchema.parse(ok(await alice.get(`/v1/account-management/transactions${q}`)));
      expect((await list('?types=deposit')).data.map((r) => r.action)).toEqual(['Deposit']);
      expect((await list('?types=buy,charge')).data.map((r) => r.action)).toEqual(['Buy', 'Charge', 'Buy']);
      expect((await list('?currency=BTC')).data.map((r) => [r.action, r.amount])).toEqual([['Buy', '0.5']]);
      const start = Date.UTC(2025, 0, 1, 12);
      expect((await list(`?from=${start}&to=${start + 1000}`)).data.map((r) => r.action)).toEqual(['Deposit']);
      expect((await list('?pending=true')).data).toEqual([]);
      const page1 = await list('?limit=3');
      expect(page1.data).toHaveLength(3);
      expect(page1.next_after).not.toBeNull();
      const page2 = await list(`?limit=3&after=${page1.next_after}`);
      expect(page2.data.map((r) => r.action)).toEqual(['Deposit']);
      expect(page2.next_after).toBeNull();
    });

    it('API.candles.path: candles: daily OHLCV of our own trades', async () => {
      const alice = await trader(t, { usd: '1000000' });
      const bob = await trader(t, { btc: '10' });
      for (const price of ['30000', '31000', '29000', '30500']) {
        ok(await bob.sell({ currency_pair: 'btcusd', price, quantity: '0.1' }));
        ok(await alice.buy({ currency_pair: 'btcusd', price, quantity: '0.1' }));
      }
      const candles = ok<unknown[]>(await alice.get('/v1/market/candles?pair=btcusd&interval=1d'));
      expect(candles).toEqual([{ time: Date.UTC(2025, 0, 1), open: '30000', high: '31000', low: '29000', close: '30500', volume: '0.4' }]);
      const weekly = ok<{ time: number }[]>(await alice.get('/v1/market/candles?pair=btcusd&interval=1w'));
      expect(weekly[0]!.time).toBe(Date.UTC(2024, 11, 30)); // the Monday of that week
      // API.candles.intervals: the same fills as minute, quarter-hour and hour candles.
      for (const interval of ['1m', '15m', '1h']) {
        const rows = ok<{ time: number; open: string; close: string; volume: string }[]>(
          await alice.get(`/v1/market/candles?pair=btcusd&interval=${interval}`),
        );
        expect(rows.reduce((v, r) => v + Number(r.volume), 0)).toBeCloseTo(0.4, 8);
        expect(rows[0]!.open).toBe('30000');
        expect(rows.at(-1)!.close).toBe('30500');
      }
    });
  });
});
