import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { transactionListSchema } from '../../src/shared/api/account';
import { ok, problem, startExchangeApp, trader, type TestApp } from './exchange-harness';
import { describeEachStore } from '../support/postgres';

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startExchangeApp({ store });
  });
  afterEach(async () => {
    await t.close();
  });

  /** A user with deposits in several currencies at distinct times, and some trading rows. */
  async function busyTrader() {
    const alice = await trader(t, { usd: '100000' });
    for (const currency of ['btc', 'usdt', 'usd']) {
      t.clock.advance(60_000);
      ok(await alice.client.post('/dev/faucet', { currency, amount: '1' }));
    }
    const bob = await trader(t, { btc: '1' });
    ok(await bob.sell({ currency_pair: 'btcusd', price: '30000', quantity: '0.5' }));
    t.clock.advance(60_000);
    ok(await alice.buy({ currency_pair: 'btcusd', price: '30000', quantity: '0.5' }));
    return alice;
  }

  describe('GET /v1/account-management/transactions', () => {
    it('API.transactions.newest-first, API.transactions.paging, B7.transactions.list: pages by next_after under a types filter see every row once, in date order', async () => {
      const alice = await busyTrader();
      const list = async (q: string) => transactionListSchema.parse(ok(await alice.get(`/v1/account-management/transactions${q}`)));
      const all = (await list('')).data;
      expect(all.length).toBe(7);
      const days = all.map((r) => Date.parse(r.day));
      expect([...days].sort((a, b) => b - a)).toEqual(days);

      // Two types, two rows a page: the merge of both index ranges keeps date order across pages.
      const seen: string[] = [];
      let after: string | null = null;
      do {
        const page = await list(`?types=deposit,charge&limit=2${after ? `&after=${after}` : ''}`);
        seen.push(...page.data.map((r) => r.id));
        after = page.next_after;
      } while (after);
      expect(seen).toEqual(all.filter((r) => r.action === 'Deposit' || r.action === 'Charge').map((r) => r.id));

      // offset skips rows under the same order.
      expect((await list('?offset=2&limit=3')).data.map((r) => r.id)).toEqual(all.slice(2, 5).map((r) => r.id));
      // A cursor of another user's row (or of none) is an empty page, not somebody else's rows.
      expect((await list('?after=999999999')).data).toEqual([]);
    });

    it('API.transactions.csv-export: the filtered list as a CSV attachment; bad filters are 400 naming the field', async () => {
      const alice = await busyTrader();
      const res = await alice.get('/v1/account-management/transactions.csv?types=deposit&currency=btc');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toBe('attachment; filename="transactions.csv"');
      const lines = res.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe('id,date,action,currency,amount,price,symbol,status');
      expect(lines.slice(1).map((l) => l.split(',').slice(2, 5))).toEqual([['Deposit', 'BTC', '1']]);

      for (const [q, field] of [
        ['from=200&to=100', 'query.from'],
        ['types=buy,steal', 'query.types.1'],
        ['currency=ABCDEFGHIJKLMNOPQRSTU', 'query.currency'],
        ['to=soon', 'query.to'],
      ] as const) {
        const bad = await alice.get(`/v1/account-management/transactions.csv?${q}`);
        expect(bad.statusCode, q).toBe(400);
        expect(problem(bad).errors?.[field], `${q}: ${bad.body}`).toBeDefined();
      }
      const anonymous = await t.app.inject({
        method: 'GET',
        url: '/v1/account-management/transactions.csv',
        headers: { 'x-auth-method': 'cookie' },
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });
});
