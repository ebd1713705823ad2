import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hubEvents, hubMethods } from '../../shared/hub/names';
import { canonicalDecimal, fromUnits, toUnits } from '../../shared/money/units';
import { createTestEngine } from '../testing/test-engine';
import { parseBookMessage, type FlatLevels } from './book-message';
import { BookViewBuilder } from './book-view';
import { mergeSide } from './depth-merge';
import { OrderBookModel } from './order-book';

const book = (bids: unknown[], asks: unknown[], extra: Record<string, unknown> = {}) => ({ pair: 'btcusd', bids, asks, ...extra });

function model(): OrderBookModel {
  const m = new OrderBookModel();
  m.reset('btcusd');
  return m;
}

function apply(m: OrderBookModel, msg: unknown, now = 0) {
  const p = parseBookMessage(msg);
  if (!p.ok) throw new Error(p.reason);
  return m.apply(p.book, now);
}

describe('order book: messages, depth and prices (spec B §5)', () => {
  it('B5.book.drop-without-sides: order book drops messages lacking bids or asks', () => {
    expect(parseBookMessage({ pair: 'btcusd', bids: [['1', '1', 'ox']] })).toMatchObject({ ok: false, code: 'MISSING_SIDE' });
    expect(parseBookMessage({ pair: 'btcusd', asks: [] })).toMatchObject({ ok: false, code: 'MISSING_SIDE' });
    expect(parseBookMessage({ pair: 'btcusd', bids: [], asks: [] }).ok).toBe(true);
  });

  it('B5 malformed book messages are rejected whole', () => {
    for (const bad of [
      null,
      'x',
      { bids: [], asks: [] },
      book([['abc', '1', 'ox']], []),
      book([['1', '-1', 'ox']], []),
      book([['1']], []),
      book([['1', '1', 7]], []),
      book([], [], { market_making: { bids: 'x' } }),
      book([], [], { sequence: -1 }),
      book([], [], { sequence: 1.5 }),
    ]) {
      expect(parseBookMessage(bad).ok, JSON.stringify(bad)).toBe(false);
    }
  });

  it('B5.depth.merge-same-price: same-price levels merge by summing quantity and keep the first source', () => {
    const m = model();
    apply(
      m,
      book(
        [
          ['100.10', '0.1', 'ox'],
          ['100.1', '0.2', 'binance'],
          ['99', '1', 'ox'],
        ],
        [['101', '0.30000001', 'kraken']],
        { market_making: { bids: [['100.100', '0.7', 'mm']], asks: [['101.0', '0.1', 'mm']] } },
      ),
    );
    expect(m.bids.map((l) => [l.price, l.quantity, l.source])).toEqual([
      ['100.1', '1', 'ox'],
      ['99', '1', 'ox'],
    ]);
    expect(m.asks.map((l) => [l.price, l.quantity, l.source])).toEqual([['101', '0.40000001', 'kraken']]);
  });

  it('B9.order-book.depth-15: 15 levels a side, best first', () => {
    const m = model();
    const bids = Array.from({ length: 40 }, (_, i) => [String(1000 - i), '1', 'ox']).reverse();
    const asks = Array.from({ length: 40 }, (_, i) => [String(1001 + i), '1', 'ox']).reverse();
    apply(m, book(bids, asks));
    expect(m.bids).toHaveLength(15);
    expect(m.asks).toHaveLength(15);
    expect(m.bids[0]!.price).toBe('1000');
    expect(m.bids[14]!.price).toBe('986');
    expect(m.asks[0]!.price).toBe('1001');
  });

  it('B5.book.prices-2-decimals: best bid, best ask and mid are rounded to 2 decimals; spread and spread percent', () => {
    const m = model();
    apply(m, book([['100.005', '1', 'ox']], [['100.114', '2', 'ox']]));
    const v = new BookViewBuilder().build(m, 0);
    expect(v.bestBid).toBe('100.01');
    expect(v.bestAsk).toBe('100.11');
    expect(v.mid).toBe('100.06'); // (100.005 + 100.114) / 2 = 100.0595
    expect(v.spread).toBe('0.11'); // 0.109
    expect(v.spreadPct).toBe('0.11'); // 0.109 / 100.0595 × 100 = 0.1089…
  });

  it('B5.book.prices-pair-places: a pair ticking finer than a cent (ETH/BTC) rounds mid, best prices and spread to its own places', () => {
    const m = new OrderBookModel();
    m.reset('ethbtc');
    apply(m, { ...book([['0.0501104', '1', 'ox']], [['0.0501296', '2', 'ox']]), pair: 'ethbtc' });
    const b = new BookViewBuilder();
    const v = b.build(m, 0, 6);
    expect(v.bestBid).toBe('0.050110');
    expect(v.bestAsk).toBe('0.050130');
    expect(v.mid).toBe('0.050120'); // (0.0501104 + 0.0501296) / 2 = 0.05012
    expect(v.spread).toBe('0.000019'); // 0.0000192
    expect(v.spreadPct).toBe('0.04'); // 0.0000192 / 0.05012 × 100 = 0.0383…
    // The places arriving after the book (the pair list loads later) rebuild the view.
    expect(b.build(m, 1, 2).mid).toBe('0.05');
  });

  it('B5 tick direction of the mid', () => {
    const m = model();
    const b = new BookViewBuilder();
    apply(m, book([['100', '1', 'ox']], [['102', '1', 'ox']]));
    expect(b.build(m, 0).tick).toBe(null);
    apply(m, book([['101', '1', 'ox']], [['103', '1', 'ox']]));
    expect(b.build(m, 1).tick).toBe('up');
    apply(m, book([['101', '2', 'ox']], [['103', '1', 'ox']]));
    expect(b.build(m, 2).tick).toBe('up'); // unchanged mid keeps the last direction
    apply(m, book([['99', '1', 'ox']], [['100', '1', 'ox']]));
    expect(b.build(m, 3).tick).toBe('down');
  });
});

describe('order book: the view, staleness and resync (spec B §2, §4, §5)', () => {
  it('B9.order-book.flash-0-6s, B2.order-book.flash-levels: new levels and changed levels flash for 0.6 s; the first book does not flash', () => {
    const m = model();
    const b = new BookViewBuilder();
    apply(
      m,
      book(
        [
          ['100', '1', 'ox'],
          ['99', '1', 'ox'],
        ],
        [['101', '1', 'ox']],
      ),
    );
    expect(b.build(m, 1000).bids.map((l) => l.flash)).toEqual([null, null]);
    apply(
      m,
      book(
        [
          ['100', '2', 'ox'],
          ['99', '1', 'ox'],
          ['98', '1', 'ox'],
        ],
        [['101', '1', 'ox']],
      ),
    );
    const v = b.build(m, 2000);
    expect(v.bids.map((l) => l.flash)).toEqual(['changed', null, 'new']);
    expect(b.flashExpiresAt).toBe(2600);
    expect(b.build(m, 2599)).toBe(v);
    const after = b.build(m, 2600);
    expect(after.bids.map((l) => l.flash)).toEqual([null, null, null]);
    expect(after.bids[1]).toBe(v.bids[1]); // untouched level keeps identity
    expect(b.flashExpiresAt).toBe(null);
  });

  it('B2.order-book.depth-bars: depth bars are scaled against the largest quantity on that side; size is cumulative', () => {
    const m = model();
    apply(
      m,
      book(
        [
          ['100', '2', 'ox'],
          ['99', '0.5', 'ox'],
          ['98', '1', 'ox'],
        ],
        [['101', '0.3', 'ox']],
      ),
    );
    const v = new BookViewBuilder().build(m, 0);
    expect(v.bids.map((l) => l.depthPct)).toEqual([100, 25, 50]);
    expect(v.bids.map((l) => l.size)).toEqual(['2', '2.5', '3.5']);
    expect(v.asks.map((l) => l.depthPct)).toEqual([100]);
  });

  it('B2 empty sides are flagged', () => {
    const m = model();
    const b = new BookViewBuilder();
    expect(b.build(m, 0)).toMatchObject({ loading: true, asksEmpty: true, bidsEmpty: true });
    apply(m, book([['1', '1', 'ox']], []));
    expect(b.build(m, 0)).toMatchObject({ loading: false, asksEmpty: true, bidsEmpty: false, mid: null, spread: null });
  });

  it('CORE.engine.book-older-ignored: B5 messages for another pair or older sequence are ignored', () => {
    const m = model();
    expect(apply(m, { ...book([], []), pair: 'ETH/USD' })).toBe('other-symbol');
    expect(apply(m, book([], [], { sequence: 5 }))).toBe('applied');
    expect(apply(m, book([], [], { sequence: 5 }))).toBe('out-of-order');
    expect(apply(m, { ...book([], [], { sequence: 6 }), pair: 'BTC/USD' })).toBe('applied');
  });

  it('CORE.engine.book-gap-resync, B7.hub.event-order-book: a sequence gap marks the book stale and rejoins the book feed; it is fresh again after the resync', async () => {
    const t = createTestEngine();
    t.start();
    await t.login();
    const hub = t.hub.current!;
    hub.emit(hubEvents.orderBook, book([['100', '1', 'ox']], [['101', '1', 'ox']], { sequence: 1 }));
    hub.emit(hubEvents.orderBook, book([['100', '2', 'ox']], [['101', '1', 'ox']], { sequence: 2 }));
    expect(t.engine.getSnapshot().book.stale).toBe(false);
    hub.emit(hubEvents.orderBook, book([['100', '3', 'ox']], [['101', '1', 'ox']], { sequence: 9 }));
    expect(t.engine.getSnapshot().book).toMatchObject({ stale: true, sequence: 9 });
    expect(t.engine.getSnapshot().connection.stale).toBe(true);
    await t.advance(0);
    expect(t.hub.left().at(-1)).toEqual(['orderbook.ox.btcusd']);
    expect(t.hub.calls(hubMethods.joinFeedGroups).at(-1)!.args[0]).toEqual(['orderbook.ox.btcusd']);
    // Not a deliberate leave: it is not recorded.
    expect(t.engine.getSnapshot().connection.leftFeeds).toEqual([]);
    hub.emit(hubEvents.orderBook, book([['100', '4', 'ox']], [['101', '1', 'ox']], { sequence: 1 }));
    expect(t.engine.getSnapshot().book).toMatchObject({ stale: false, sequence: 1 });
    expect(t.engine.getSnapshot().book.bids[0]!.quantity).toBe('4');
  });

  it('CORE.engine.book-stale-after-reconnect: B4 after a reconnect the book is stale until a fresh message arrives', async () => {
    const t = createTestEngine();
    t.start();
    await t.login();
    t.hub.emit(hubEvents.orderBook, book([['100', '1', 'ox']], [['101', '1', 'ox']], { sequence: 40 }));
    t.hub.current!.drop({ message: 'network' });
    await t.advance(0);
    expect(t.engine.getSnapshot().book.stale).toBe(true);
    expect(t.engine.getSnapshot().book.bids).toHaveLength(1); // content kept, but flagged
    await t.advance(2000 + 300);
    expect(t.engine.getSnapshot().book.stale).toBe(true);
    t.hub.emit(hubEvents.orderBook, book([['100', '1', 'ox']], [['101', '1', 'ox']], { sequence: 1 }));
    expect(t.engine.getSnapshot().book.stale).toBe(false);
    expect(t.engine.getSnapshot().connection.stale).toBe(false);
  });

  it('B5 property: depth merging equals a naive reference on random books', () => {
    const price = fc.integer({ min: 1, max: 400 }).chain((i) => fc.constantFrom(String(i / 4), `${i / 4}0`, (i / 4).toFixed(3)));
    const qty = fc.integer({ min: 1, max: 10_000_000_000 }).map((u) => fromUnits(BigInt(u)));
    const level = fc.tuple(price, qty, fc.constantFrom('ox', 'a', 'b', 'mm'));
    const side = fc.array(level, { maxLength: 60 });
    fc.assert(
      fc.property(side, side, fc.constantFrom<'bids' | 'asks'>('bids', 'asks'), (primary, extra, which) => {
        const parse = (ls: [string, string, string][]) =>
          parseBookMessage(book(ls, [])) as unknown as { ok: true; book: { bids: FlatLevels } };
        const got = mergeSide(parse(primary).book.bids, parse(extra).book.bids, which, 15).map((l) => [l.price, l.quantity, l.source]);
        expect(got).toEqual(naiveMerge([...primary, ...extra], which, 15));
      }),
      { numRuns: 500 },
    );
  });
});

/** Obviously-correct reference: group by numeric price, sum units, first source, sort, take. */
function naiveMerge(levels: [string, string, string][], side: 'bids' | 'asks', depth: number): [string, string, string][] {
  const groups: { units: bigint; price: bigint; qty: bigint; source: string }[] = [];
  for (const [p, q, s] of levels) {
    const pu = toUnits(p);
    const g = groups.find((x) => x.price === pu);
    if (g) g.qty += toUnits(q);
    else groups.push({ units: pu, price: pu, qty: toUnits(q), source: s });
  }
  groups.sort((a, b) => (side === 'bids' ? Number(b.price - a.price) : Number(a.price - b.price)));
  return groups.slice(0, depth).map((g) => [canonicalDecimal(fromUnits(g.price)), fromUnits(g.qty), g.source]);
}
