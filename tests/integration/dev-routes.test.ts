import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { transactionListSchema } from '../../src/shared/api/account';
import { describeEachStore } from '../support/postgres';
import { ok, problem, startExchangeApp, trader, type TestApp } from './exchange-harness';

// The development aids of the exchange: the faucet and the engine's depth, as tests and the
// crash test use them.

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startExchangeApp({ store });
  });
  afterEach(async () => {
    await t.close();
  });

  describe('POST /dev/faucet', () => {
    it('API.dev.faucet: credits the caller as a Deposit row and answers the new balance', async () => {
      const alice = await trader(t, { usd: '100' });
      const answer = ok(await alice.client.post('/dev/faucet', { currency: 'usd', amount: '25.5' }));
      expect(answer).toEqual({ currency: 'usd', balance: '125.5', available: '125.5' });
      const rows = transactionListSchema.parse(ok(await alice.get('/v1/account-management/transactions'))).data;
      expect(rows.map((r) => [r.action, r.currency, r.amount])).toEqual([
        ['Deposit', 'usd', '25.5'],
        ['Deposit', 'usd', '100'],
      ]);
    });

    it('API.errors.unknown-currency-400: an unknown currency answers 400 unknown_currency naming currency', async () => {
      const alice = await trader(t);
      const res = await alice.client.post('/dev/faucet', { currency: 'doge', amount: '1' });
      expect(res.statusCode).toBe(400);
      expect(problem(res)).toMatchObject({ code: 'unknown_currency', errors: { currency: [expect.any(String)] } });
    });
  });

  describe('GET /dev/exchange/depth', () => {
    it('API.dev.depth: answers the lit depth and the state hash without login; dark orders stay hidden', async () => {
      const mm = await trader(t, { btc: '2' });
      ok(await mm.sell({ currency_pair: 'btcusd', price: '30000', quantity: '0.5' }));
      ok(await mm.sell({ currency_pair: 'btcusd', price: '31000', quantity: '0.25', destination: 'Dark Pool' }));
      const res = await t.app.inject({ method: 'GET', url: '/dev/exchange/depth?pair=btcusd' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ pair: 'btcusd', bids: [], asks: [['30000', '0.5']], hash: t.app.exchange.stateHash('btcusd') });
    });
  });
});
