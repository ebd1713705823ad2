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

describe('transaction list refresh', () => {
  const ids = (list: ReturnType<typeof createTransactionList>) => list.getSnapshot().rows.map((r) => `${r.id}:${r.status}`);

  it('B4.transactions.live-after-money-moves: the first page read again replaces the rows it covers in place, keeps the older pages and their cursor, never shows loading', async () => {
    const { calls, fetchPage } = deferredFetch();
    const list = createTransactionList(fetchPage);
    const load = list.load({ types: 'deposit' });
    calls[0]!.resolve({ data: [{ ...row(5), status: 'pending' }, row(4), row(3)], next_after: '3' });
    await load;
    const more = list.loadMore();
    calls[1]!.resolve({ data: [row(2), row(1)], next_after: '1' });
    await more;

    // A new row on top, the pending one done; the page ends inside what is shown.
    const refresh = list.refresh();
    expect(calls[2]!.query).toEqual({ types: 'deposit', limit: 100 });
    expect(list.getSnapshot()).toMatchObject({ loading: false, loadingMore: false });
    calls[2]!.resolve({ data: [row(6), row(5), row(4)], next_after: '4' });
    await refresh;
    expect(ids(list)).toEqual(['6:done', '5:done', '4:done', '3:done', '2:done', '1:done']);
    expect(list.getSnapshot().hasMore).toBe(true);
    const next = list.loadMore();
    expect(calls[3]!.query).toEqual({ types: 'deposit', limit: 100, after: '1' });
    calls[3]!.resolve({ data: [], next_after: null });
    await next;

    // Nothing changed: the snapshot keeps its identity.
    const same = list.getSnapshot();
    const again = list.refresh();
    calls[4]!.resolve({ data: [row(6), row(5), row(4)], next_after: '4' });
    await again;
    expect(list.getSnapshot()).toBe(same);

    // More new rows than a page: the fresh page stands alone with its own cursor.
    const gap = list.refresh();
    calls[5]!.resolve({ data: [row(9), row(8), row(7)], next_after: '7' });
    await gap;
    expect(ids(list)).toEqual(['9:done', '8:done', '7:done']);
    expect(list.getSnapshot().hasMore).toBe(true);

    // A failed refresh keeps what is shown.
    const failed = list.refresh();
    calls[6]!.reject(new Error('offline'));
    await failed;
    expect(ids(list)).toEqual(['9:done', '8:done', '7:done']);
  });

  it('B4.transactions.live-after-money-moves: a refresh asked for while a load is on its way runs after it; a new filter drops it', async () => {
    const { calls, fetchPage } = deferredFetch();
    const list = createTransactionList(fetchPage);
    const load = list.load({});
    void list.refresh();
    expect(calls).toHaveLength(1);
    calls[0]!.resolve({ data: [{ ...row(1), status: 'pending' }], next_after: null });
    await load;
    expect(calls).toHaveLength(2);
    calls[1]!.resolve({ data: [row(1)], next_after: null });
    await Promise.resolve();
    await Promise.resolve();
    expect(ids(list)).toEqual(['1:done']);

    // Asked for during a refresh, then superseded by a new filter: only the new filter's load.
    void list.refresh();
    void list.refresh();
    const other = list.load({ types: 'sell' });
    calls[2]!.resolve({ data: [row(7)], next_after: null });
    calls[3]!.resolve({ data: [row(2)], next_after: null });
    await other;
    expect(calls).toHaveLength(4);
    expect(ids(list)).toEqual(['2:done']);
  });
});
