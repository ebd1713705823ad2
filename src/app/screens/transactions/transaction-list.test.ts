import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../shared/api/account';
import { createTransactionList, type FetchTransactionPage, type TransactionPage } from './transaction-list';

const row = (id: number): Transaction => ({
  id: String(id),
  day: '2025-01-01T00:00:00.000Z',
  action: 'Buy',
  currency: 'btc',
  amount: '1',
  price: '1',
  symbol: 'btcusd',
  status: 'done',
});

function deferredFetch() {
  const calls: { query: Parameters<FetchTransactionPage>[0]; resolve: (p: TransactionPage) => void; reject: (e: unknown) => void }[] = [];
  const fetchPage: FetchTransactionPage = (query) => new Promise((resolve, reject) => calls.push({ query, resolve, reject }));
  return { calls, fetchPage };
}

describe('transaction list', () => {
  it('B4.transactions.states, B4.transactions.reload-on-filter: loading, then rows; a new filter starts over and drops the old answer', async () => {
    const { calls, fetchPage } = deferredFetch();
    const list = createTransactionList(fetchPage);
    const first = list.load({ types: 'buy' });
    expect(list.getSnapshot()).toMatchObject({ loading: true, rows: [] });
    const second = list.load({ types: 'sell' });
    calls[0]!.resolve({ data: [row(1)], next_after: null });
    calls[1]!.resolve({ data: [row(2)], next_after: '2' });
    await Promise.all([first, second]);
    expect(calls.map((c) => c.query)).toEqual([
      { types: 'buy', limit: 100 },
      { types: 'sell', limit: 100 },
    ]);
    expect(list.getSnapshot()).toMatchObject({ loading: false, hasMore: true });
    expect(list.getSnapshot().rows.map((r) => r.id)).toEqual(['2']);

    // The next page follows the cursor and appends; with no cursor left there is no further page.
    const more = list.loadMore();
    expect(calls[2]!.query).toEqual({ types: 'sell', limit: 100, after: '2' });
    calls[2]!.resolve({ data: [row(1)], next_after: null });
    await more;
    expect(list.getSnapshot().rows.map((r) => r.id)).toEqual(['2', '1']);
    await list.loadMore();
    expect(calls).toHaveLength(3);
  });

  it('B4.transactions.error-silent: a failed load ends loading, keeps nothing pending and throws nothing', async () => {
    const { calls, fetchPage } = deferredFetch();
    const list = createTransactionList(fetchPage);
    const load = list.load({});
    calls[0]!.reject(new Error('boom'));
    await expect(load).resolves.toBeUndefined();
    expect(list.getSnapshot()).toEqual({ rows: [], loading: false, loadingMore: false, hasMore: false });
  });
});
