import { describe, expect, it } from 'vitest';
import { hubEvents } from '../../shared/hub/names';
import type { SnapshotUpdate } from '../api';
import { createTestEngine } from '../testing/test-engine';

const book = (bid: string) => ({
  pair: 'btcusd',
  bids: [
    [bid, '1', 'ox'],
    ['90', '1', 'ox'],
  ],
  asks: [['110', '1', 'ox']],
});

type TestEngine = ReturnType<typeof createTestEngine>;

/** Every update the engine publishes from now on. */
function recordUpdates(t: TestEngine): SnapshotUpdate[] {
  const updates: SnapshotUpdate[] = [];
  t.engine.subscribe((u) => updates.push(u));
  return updates;
}

/** A first book, published; then how many updates there were. */
async function afterFirstBook(t: TestEngine, updates: SnapshotUpdate[]): Promise<number> {
  t.hub.emit(hubEvents.orderBook, book('100'));
  await t.advance(16);
  return updates.length;
}

/** A book every 5 ms for 400 ms (80 messages), then time for the last publication. */
async function bookEvery5ms(t: TestEngine): Promise<void> {
  for (let i = 1; i <= 80; i++) {
    t.hub.emit(hubEvents.orderBook, book(String(100 + (i % 7))));
    await t.advance(5);
  }
  await t.advance(64);
}

describe('snapshots', () => {
  it('CORE.engine.snapshots-per-frame: snapshots keep identity when nothing changed', async () => {
    const t = createTestEngine();
    t.start();
    await t.login();
    t.hub.emit(hubEvents.orderBook, book('100'));
    const a = t.engine.getSnapshot();
    expect(t.engine.getSnapshot()).toBe(a);
    await t.advance(1000);
    expect(t.engine.getSnapshot()).toBe(a);
    // A ticker changes pairs (and the selected row) only: every other slice keeps identity.
    t.hub.emit(hubEvents.ticker, { pair: 'ethusd', last: '3000' });
    const b = t.engine.getSnapshot();
    expect(b).not.toBe(a);
    expect(b.version).toBe(a.version + 1);
    for (const k of [
      'book',
      'connection',
      'recentTrades',
      'openOrders',
      'doneOrders',
      'trades',
      'balances',
      'errors',
      'quote',
      'user',
    ] as const)
      expect(b[k], k).toBe(a[k]);
    expect(b.pairs).not.toBe(a.pairs);
    expect(b.pairs.all.find((r) => r.symbol === 'btcusd')).toBe(a.pairs.all.find((r) => r.symbol === 'btcusd'));
    // Same book again: new message, same levels → level objects keep identity.
    t.hub.emit(hubEvents.orderBook, book('100'));
    const c = t.engine.getSnapshot();
    expect(c.book.asks).toBe(b.book.asks);
    expect(c.book.bids).toBe(b.book.bids);
    t.hub.emit(hubEvents.orderBook, book('101'));
    const d = t.engine.getSnapshot();
    expect(d.book.bids[0]).not.toBe(c.book.bids[0]); // a new best bid
    expect(d.book.bids[1]).toBe(c.book.bids[1]); // 90: same quantity, size and depth → same object
    expect(d.book.asks).toBe(c.book.asks);
  });

  it('CORE.engine.snapshots-per-frame: snapshots are posted at most once per frame, the first one at once', async () => {
    const t = createTestEngine();
    t.start();
    await t.login();
    const updates: SnapshotUpdate[] = [];
    t.engine.subscribe((u) => updates.push(u));
    expect(updates).toHaveLength(1);
    expect(updates[0]!.full).toBe(true);
    expect(Object.keys(updates[0]!.changed).sort()).toEqual(
      [
        'balances',
        'book',
        'chart',
        'chartLast',
        'connection',
        'doneOrders',
        'errors',
        'openOrders',
        'orderEntry',
        'pairs',
        'quote',
        'recentTrades',
        'selected',
        'trades',
        'user',
        'valuation',
      ].sort(),
    );
    for (let i = 0; i < 500; i++) t.hub.emit(hubEvents.orderBook, book(String(100 + (i % 5))));
    expect(updates).toHaveLength(1);
    await t.advance(16);
    expect(updates).toHaveLength(2);
    expect(updates[1]!.full).toBe(false);
    // The pair's first book also prefills the empty limit price with its mid (spec B §4).
    expect(Object.keys(updates[1]!.changed).sort()).toEqual(['book', 'orderEntry']);
    for (let i = 0; i < 500; i++) t.hub.emit(hubEvents.orderBook, book(String(100 + (i % 5))));
    // Market data alone is paced: it goes out on the first frame 50 ms after the last publication.
    await t.advance(48);
    expect(updates).toHaveLength(3);
    expect(Object.keys(updates[2]!.changed)).toEqual(['book']);
    await t.advance(16 * 10);
    // The flash timer may add one book rebuild, never one per message.
    expect(updates.length).toBeLessThanOrEqual(4);
  });

  it('CORE.engine.market-paced: market data alone is published at most every 50 ms, folded into the newest state', async () => {
    const t = createTestEngine();
    t.start();
    await t.login();
    const updates = recordUpdates(t);
    const published = await afterFirstBook(t, updates);
    // 80 messages: about 8 publications, the last one showing the last book.
    await bookEvery5ms(t);
    const bookUpdates = updates.slice(published);
    expect(bookUpdates.length).toBeGreaterThanOrEqual(7);
    expect(bookUpdates.length).toBeLessThanOrEqual(9);
    expect(t.engine.getSnapshot().book.bids[0]!.price).toBe(String(100 + (80 % 7)));
    expect(bookUpdates.at(-1)!.changed.book).toBe(t.engine.getSnapshot().book);
  });

  it("CORE.engine.market-paced: a change of the user's own goes out on the next frame and takes the waiting market data along", async () => {
    const t = createTestEngine();
    t.start();
    await t.login();
    const updates = recordUpdates(t);
    const published = await afterFirstBook(t, updates);
    t.hub.emit(hubEvents.orderBook, book('101'));
    await t.advance(16);
    expect(updates).toHaveLength(published); // paced: waiting
    t.engine.setOrderSide('sell');
    await t.advance(16);
    expect(updates).toHaveLength(published + 1);
    expect(Object.keys(updates.at(-1)!.changed).sort()).toEqual(['book', 'orderEntry']);
  });

  it("CORE.engine.market-paced: a trailing stop's figures follow the book at the book's pace", async () => {
    const t = createTestEngine();
    t.start();
    await t.login();
    t.engine.setOrderType('TrailingStop');
    t.engine.setOrderSide('sell'); // its initial stop follows the best bid, which the books below move
    t.engine.editOrderField('stopAmount', '1');
    t.engine.editOrderField('quantity', '1');
    const updates = recordUpdates(t);
    const published = await afterFirstBook(t, updates);
    // The order entry view moves with each of the 80 books; the page sees ~8 updates.
    await bookEvery5ms(t);
    const later = updates.slice(published);
    expect(later.some((u) => u.changed.orderEntry !== undefined)).toBe(true);
    expect(later.length).toBeLessThanOrEqual(9);
  });

  it('CORE.engine.market-paced: with pacing off every frame publishes', async () => {
    const t = createTestEngine({ marketPacingMs: 0 });
    t.start();
    await t.login();
    const updates: SnapshotUpdate[] = [];
    t.engine.subscribe((u) => updates.push(u));
    for (let i = 0; i < 10; i++) {
      t.hub.emit(hubEvents.orderBook, book(String(100 + (i % 2))));
      await t.advance(16);
    }
    expect(updates.length).toBeGreaterThanOrEqual(10);
  });

  it('a subscriber that stops listening gets nothing more; the local store notifies per frame', async () => {
    const t = createTestEngine();
    t.start();
    const updates: SnapshotUpdate[] = [];
    const id = t.engine.subscribe((u) => updates.push(u));
    let local = 0;
    const off = t.engine.store.subscribe(() => local++);
    t.engine.setPairSearch('x');
    t.engine.setPairSearch('xy');
    await t.advance(16);
    expect(local).toBe(1);
    expect(updates).toHaveLength(2);
    t.engine.unsubscribe(id);
    off();
    t.engine.setPairSearch('z');
    await t.advance(16);
    expect(updates).toHaveLength(2);
    expect(local).toBe(1);
  });
});
