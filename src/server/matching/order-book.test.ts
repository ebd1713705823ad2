import { describe, expect, it } from 'vitest';
import { createOrderBook } from './fast-order-book';
import { createNaiveOrderBook } from './naive-order-book';
import { affordableLots, notional } from './notional';
import { ORDER_TYPE_CODE, orderTypeFromCode } from './order-type-code';
import type { BookConfig, OrderBook, PlaceOrder, Side } from './types';

// Every rule is proved on both books: the fast one and the reference the fuzz test trusts.
const books: [string, (config?: BookConfig) => OrderBook][] = [
  ['fast', createOrderBook],
  ['naive', createNaiveOrderBook],
];

let n = 0;
/** A GTC limit from a fresh owner unless told otherwise, so self-trade prevention stays out of the way. */
function limit(side: Side, price: number, qty: number, extra: Partial<PlaceOrder> = {}): PlaceOrder {
  n++;
  return { id: `o${n}`, ownerId: `u${n}`, side, type: 'LIMIT', price, qty, ...extra };
}
function market(side: Side, extra: Partial<PlaceOrder>): PlaceOrder {
  n++;
  return { id: `m${n}`, ownerId: `u${n}`, side, type: 'MARKET', ...extra };
}
const ids = (book: OrderBook): string[] => [...book.orders()].map((o) => `${o.id}:${o.remaining}`);

describe('notional arithmetic', () => {
  it('CORE.matching.notional-exact: price × qty is exact in bigint far beyond 2^53', () => {
    const p = Number.MAX_SAFE_INTEGER;
    expect(notional(p, p)).toBe(81129638414606663681390495662081n);
    expect(affordableLots(notional(p, 3) + 5n, p, 10)).toBe(3);
    expect(affordableLots(10n ** 40n, 1, 7)).toBe(7);
  });
});

describe.each(books)('%s book: price-time priority', (_name, make) => {
  it('CORE.matching.price-time-priority: price-time priority: equal price fills oldest first', () => {
    const book = make();
    const a = book.place(limit('sell', 100, 5, { id: 'a' }));
    const b = book.place(limit('sell', 100, 5, { id: 'b' }));
    expect(a.status).toBe('NEW');
    expect(b.resting?.seq).toBeGreaterThan(a.resting?.seq ?? Infinity);
    const r = book.place(limit('buy', 100, 7));
    expect(r.fills.map((f) => [f.makerOrderId, f.qty, f.makerRemaining])).toEqual([
      ['a', 5, 0],
      ['b', 2, 3],
    ]);
    expect(r.status).toBe('FILLED');
    expect(ids(book)).toEqual(['b:3']);
  });

  it('CORE.matching.price-priority: price priority: a buy takes the lowest ask first, at the maker price', () => {
    const book = make();
    book.place(limit('sell', 102, 1, { id: 'hi' }));
    book.place(limit('sell', 101, 1, { id: 'lo' }));
    const r = book.place(limit('buy', 105, 2));
    expect(r.fills.map((f) => [f.makerOrderId, f.price])).toEqual([
      ['lo', 101],
      ['hi', 102],
    ]);
  });

  it('CORE.matching.crossing-limit-rests-remainder: a crossing limit fills what it can and rests the remainder as PARTIALLY_FILLED', () => {
    const book = make();
    book.place(limit('sell', 100, 3));
    const r = book.place(limit('buy', 101, 5, { id: 'taker' }));
    expect(r.status).toBe('PARTIALLY_FILLED');
    expect(r.filledQty).toBe(3);
    expect(r.remainingQty).toBe(2);
    expect(r.resting).toMatchObject({ id: 'taker', price: 101, remaining: 2, filled: 3 });
    expect(book.bestBid()).toEqual({ price: 101, qty: 2, orders: 1 });
    expect(book.bestAsk()).toBeNull();
  });

  it('CORE.matching.limit-price-respected: a sell does not trade below its limit', () => {
    const book = make();
    book.place(limit('buy', 99, 3));
    const r = book.place(limit('sell', 100, 3));
    expect(r.fills).toHaveLength(0);
    expect(r.status).toBe('NEW');
  });
});

describe.each(books)('%s book: time in force', (_name, make) => {
  it('CORE.matching.ioc-cancels-rest: IOC fills what it can and cancels the rest', () => {
    const book = make();
    book.place(limit('sell', 100, 2));
    book.place(limit('sell', 105, 2));
    const r = book.place(limit('buy', 101, 5, { tif: 'IOC' }));
    expect(r.status).toBe('CANCELLED');
    expect(r.reason).toBe('UNFILLED_REMAINDER');
    expect(r.filledQty).toBe(2);
    expect(r.remainingQty).toBe(3);
    expect(book.bestBid()).toBeNull();
  });

  it('CORE.matching.ioc-type-never-rests: IOC order type (309) is a limit IOC and never rests', () => {
    const book = make();
    const r = book.place({ id: 'i', ownerId: 'u', side: 'buy', type: 'IOC', price: 100, qty: 1 });
    expect(r.status).toBe('CANCELLED');
    expect(book.get('i')).toBeNull();
    expect(book.place({ id: 'j', ownerId: 'u', side: 'buy', type: 'IOC', tif: 'GTC', price: 100, qty: 1 }).reason).toBe(
      'INVALID_TIME_IN_FORCE',
    );
  });

  it('CORE.matching.fok-limit: FOK: a limit FOK that cannot fill completely leaves no fill', () => {
    const book = make();
    book.place(limit('sell', 100, 2));
    book.place(limit('sell', 101, 2));
    book.place(limit('sell', 103, 10));
    const before = book.stateHash();
    const r = book.place(limit('buy', 101, 5, { tif: 'FOK' }));
    expect(r.status).toBe('REJECTED');
    expect(r.reason).toBe('INSUFFICIENT_LIQUIDITY_FOK');
    expect(r.fills).toHaveLength(0);
    expect(book.stateHash()).toBe(before);
  });

  it('CORE.matching.fok-limit: FOK: a limit FOK that can fill completely fills across levels', () => {
    const book = make();
    book.place(limit('sell', 100, 2));
    book.place(limit('sell', 101, 3));
    const r = book.place(limit('buy', 101, 5, { tif: 'FOK' }));
    expect(r.status).toBe('FILLED');
    expect(r.filledQty).toBe(5);
  });

  it('CORE.matching.fok-ignores-own-orders: FOK does not count its own resting orders, and leaves them alone when it fails', () => {
    const book = make();
    book.place(limit('sell', 100, 5, { id: 'mine', ownerId: 'me' }));
    book.place(limit('sell', 100, 2));
    const r = book.place(limit('buy', 100, 3, { ownerId: 'me', tif: 'FOK' }));
    expect(r.reason).toBe('INSUFFICIENT_LIQUIDITY_FOK');
    expect(book.get('mine')?.remaining).toBe(5);
  });

  it('CORE.matching.gtd-not-before: GTD order expires at its time, not before', () => {
    const book = make();
    book.place(limit('buy', 100, 1, { id: 'g', tif: 'GTD', expiresAt: 5_000 }));
    book.place(limit('buy', 100, 1, { id: 'keep' }));
    expect(book.expireDue(4_999)).toEqual([]);
    const expired = book.expireDue(5_000);
    expect(expired.map((o) => o.id)).toEqual(['g']);
    expect(book.get('g')).toBeNull();
    expect(ids(book)).toEqual(['keep:1']);
    expect(book.expireDue(10_000)).toEqual([]);
  });

  it('CORE.matching.gtd-expiry-order: GTD orders expire by time then seq, and a filled GTD order is no longer due', () => {
    const book = make();
    book.place(limit('sell', 100, 1, { id: 'late', tif: 'GTD', expiresAt: 20 }));
    book.place(limit('sell', 101, 1, { id: 'early', tif: 'GTD', expiresAt: 10 }));
    book.place(limit('sell', 102, 1, { id: 'tie', tif: 'GTD', expiresAt: 10 }));
    book.place(limit('buy', 100, 1));
    expect(book.expireDue(30).map((o) => o.id)).toEqual(['early', 'tie']);
  });

  it('CORE.matching.gtd-only-with-expiry: GTD needs expiresAt and other time-in-force values refuse one', () => {
    const book = make();
    expect(book.place(limit('buy', 100, 1, { tif: 'GTD' })).reason).toBe('INVALID_EXPIRY');
    expect(book.place(limit('buy', 100, 1, { expiresAt: 10 })).reason).toBe('INVALID_EXPIRY');
    expect(book.place(market('buy', { qty: 1, tif: 'GTD', expiresAt: 10 })).reason).toBe('INVALID_TIME_IN_FORCE');
  });
});

describe.each(books)('%s book: post-only', (_name, make) => {
  it('CORE.matching.post-only-crossing-rejected: post-only crossing order is rejected', () => {
    const book = make();
    book.place(limit('sell', 100, 1));
    const r = book.place(limit('buy', 100, 1, { postOnly: true }));
    expect(r.status).toBe('REJECTED');
    expect(r.reason).toBe('POST_ONLY_WOULD_CROSS');
    expect(r.fills).toHaveLength(0);
    expect(book.bestBid()).toBeNull();
  });

  it('CORE.matching.post-only-rests: post-only order that does not cross rests', () => {
    const book = make();
    book.place(limit('sell', 100, 1));
    expect(book.place(limit('buy', 99, 1, { postOnly: true })).status).toBe('NEW');
  });

  it('CORE.matching.post-only-resting-types: post-only is refused on orders that cannot rest', () => {
    const book = make();
    expect(book.place(limit('buy', 99, 1, { postOnly: true, tif: 'IOC' })).reason).toBe('POST_ONLY_NOT_ALLOWED');
    expect(book.place(market('buy', { qty: 1, postOnly: true })).reason).toBe('POST_ONLY_NOT_ALLOWED');
  });
});

describe.each(books)('%s book: dark orders', (_name, make) => {
  it('API.dark.matches, API.dark.never-published: dark order matches but is absent from published depth', () => {
    const book = make();
    book.place(limit('sell', 100, 4, { id: 'dark', destination: 'dark' }));
    book.place(limit('sell', 100, 1, { id: 'lit' }));
    book.place(limit('sell', 101, 2, { destination: 'dark' }));
    expect(book.depth(10)).toEqual({ bids: [], asks: [{ price: 100, qty: 1, orders: 1 }] });
    expect(book.depth(10, { includeHidden: true }).asks).toEqual([
      { price: 100, qty: 5, orders: 2 },
      { price: 101, qty: 2, orders: 1 },
    ]);
    const r = book.place(limit('buy', 100, 3));
    expect(r.fills.map((f) => [f.makerOrderId, f.qty])).toEqual([['dark', 3]]);
  });

  it('CORE.matching.dark-best-hidden: best bid and ask skip dark-only levels unless hidden ones are asked for', () => {
    const book = make();
    book.place(limit('buy', 101, 1, { destination: 'dark' }));
    book.place(limit('buy', 100, 2));
    expect(book.bestBid()).toEqual({ price: 100, qty: 2, orders: 1 });
    expect(book.bestBid({ includeHidden: true })).toEqual({ price: 101, qty: 1, orders: 1 });
  });

  it('API.dark.limit-only: dark is for limit orders only', () => {
    const book = make();
    expect(book.place(market('sell', { qty: 1, destination: 'dark' })).reason).toBe('INVALID_DESTINATION');
  });
});

describe.each(books)('%s book: self-trade prevention', (_name, make) => {
  it('API.self-trade.cancel-resting: self-trade prevention cancels the resting order', () => {
    const book = make();
    book.place(limit('sell', 100, 2, { id: 'own', ownerId: 'me' }));
    book.place(limit('sell', 100, 2, { id: 'other' }));
    const r = book.place(limit('buy', 100, 2, { ownerId: 'me' }));
    expect(r.selfTradeCancelled.map((o) => [o.id, o.remaining])).toEqual([['own', 2]]);
    expect(r.fills.map((f) => f.makerOrderId)).toEqual(['other']);
    expect(r.status).toBe('FILLED');
    expect(book.get('own')).toBeNull();
  });

  it('CORE.matching.self-trade-cancel-taker: self-trade policy CANCEL_TAKER stops the taker and keeps the resting order', () => {
    const book = make({ selfTradePolicy: 'CANCEL_TAKER' });
    book.place(limit('sell', 100, 1, { id: 'other1' }));
    book.place(limit('sell', 100, 2, { id: 'own', ownerId: 'me' }));
    book.place(limit('sell', 100, 2, { id: 'other2' }));
    const r = book.place(limit('buy', 100, 5, { ownerId: 'me' }));
    expect(r.fills.map((f) => f.makerOrderId)).toEqual(['other1']);
    expect(r.status).toBe('CANCELLED');
    expect(r.reason).toBe('SELF_TRADE_PREVENTED');
    expect(r.selfTradeCancelled).toHaveLength(0);
    expect(ids(book)).toEqual(['own:2', 'other2:2']);
  });

  it('CORE.matching.self-trade-cancel-both: self-trade policy CANCEL_BOTH, chosen per order, cancels both', () => {
    const book = make();
    book.place(limit('sell', 100, 2, { id: 'own', ownerId: 'me' }));
    book.place(limit('sell', 100, 2, { id: 'other' }));
    const r = book.place(limit('buy', 100, 5, { ownerId: 'me', selfTradePolicy: 'CANCEL_BOTH' }));
    expect(r.status).toBe('CANCELLED');
    expect(r.selfTradeCancelled.map((o) => o.id)).toEqual(['own']);
    expect(r.fills).toHaveLength(0);
    expect(ids(book)).toEqual(['other:2']);
  });
});

describe.each(books)('%s book: market orders', (_name, make) => {
  it('CORE.matching.market-sell-sweeps: market sell by base quantity sweeps bids best first and cancels the remainder', () => {
    const book = make();
    book.place(limit('buy', 99, 2));
    book.place(limit('buy', 100, 1));
    const r = book.place(market('sell', { qty: 5 }));
    expect(r.fills.map((f) => [f.price, f.qty])).toEqual([
      [100, 1],
      [99, 2],
    ]);
    expect(r.status).toBe('CANCELLED');
    expect(r.remainingQty).toBe(2);
    expect(book.bestBid()).toBeNull();
  });

  it('CORE.matching.market-buy-never-rests: market buy by base quantity fills and never rests', () => {
    const book = make();
    book.place(limit('sell', 100, 3));
    const r = book.place(market('buy', { qty: 2 }));
    expect(r.status).toBe('FILLED');
    expect(r.resting).toBeNull();
  });

  it('CORE.matching.market-amount-whole-lots: market buy by quote amount buys whole lots while the rest affords one lot at the level price', () => {
    const book = make();
    book.place(limit('sell', 100, 3));
    book.place(limit('sell', 150, 10));
    // 1000 quote units: 3 lots at 100 (300), then 4 lots at 150 (600); 100 left cannot buy a lot at 150.
    const r = book.place(market('buy', { quoteAmount: 1000n }));
    expect(r.fills.map((f) => [f.price, f.qty])).toEqual([
      [100, 3],
      [150, 4],
    ]);
    expect(r.quoteRemaining).toBe(100n);
    expect(r.status).toBe('FILLED');
    expect(r.remainingQty).toBe(0);
    expect(book.bestAsk()).toEqual({ price: 150, qty: 6, orders: 1 });
  });

  it('CORE.matching.market-amount-exact: market buy by quote amount is exact for notionals far beyond 2^53', () => {
    const book = make();
    const price = 9_007_199_254_740_000; // near MAX_SAFE_INTEGER ticks
    book.place(limit('sell', price, 3_000));
    const amount = 2_500n * BigInt(price) + 7n;
    const r = book.place(market('buy', { quoteAmount: amount }));
    expect(r.filledQty).toBe(2_500);
    expect(r.quoteRemaining).toBe(7n);
    const spent = r.fills.reduce((s, f) => s + BigInt(f.price) * BigInt(f.qty), 0n);
    expect(spent + (r.quoteRemaining ?? 0n)).toBe(amount);
  });

  it('CORE.matching.market-amount-runs-out: market buy by quote amount that runs out of asks is cancelled with the rest unspent', () => {
    const book = make();
    book.place(limit('sell', 100, 2));
    const r = book.place(market('buy', { quoteAmount: 1000n }));
    expect(r.status).toBe('CANCELLED');
    expect(r.quoteRemaining).toBe(800n);
  });

  it('CORE.matching.market-protection-price: protection price: a market order never trades beyond it', () => {
    const book = make();
    book.place(limit('sell', 100, 1));
    book.place(limit('sell', 101, 1));
    book.place(limit('sell', 102, 1));
    const r = book.place(market('buy', { qty: 3, protectionPrice: 101 }));
    expect(r.fills.map((f) => f.price)).toEqual([100, 101]);
    expect(r.status).toBe('CANCELLED');
    book.place(limit('buy', 90, 1));
    book.place(limit('buy', 95, 1));
    const s = book.place(market('sell', { qty: 2, protectionPrice: 92 }));
    expect(s.fills.map((f) => f.price)).toEqual([95]);
    const q = book.place(market('buy', { quoteAmount: 10_000n, protectionPrice: 101 }));
    expect(q.fills).toHaveLength(0);
  });
});

describe.each(books)('%s book: market FOK and small amounts', (_name, make) => {
  it('CORE.matching.market-fok: market FOK by quantity fills completely or not at all', () => {
    const book = make();
    book.place(limit('sell', 100, 2));
    expect(book.place(market('buy', { qty: 3, tif: 'FOK' })).reason).toBe('INSUFFICIENT_LIQUIDITY_FOK');
    expect(book.place(market('buy', { qty: 2, tif: 'FOK' })).status).toBe('FILLED');
  });

  it('CORE.matching.market-fok: market FOK by quote amount fills completely or not at all', () => {
    const book = make();
    book.place(limit('sell', 100, 2));
    const before = book.stateHash();
    expect(book.place(market('buy', { quoteAmount: 300n, tif: 'FOK' })).reason).toBe('INSUFFICIENT_LIQUIDITY_FOK');
    expect(book.stateHash()).toBe(before);
    const r = book.place(market('buy', { quoteAmount: 199n, tif: 'FOK' }));
    expect(r.status).toBe('FILLED');
    expect(r.quoteRemaining).toBe(99n);
  });

  it('CORE.matching.market-fok: market FOK by quote amount fails when protection stops it short', () => {
    const book = make();
    book.place(limit('sell', 100, 1));
    book.place(limit('sell', 110, 5));
    expect(book.place(market('buy', { quoteAmount: 300n, tif: 'FOK', protectionPrice: 105 })).reason).toBe('INSUFFICIENT_LIQUIDITY_FOK');
    expect(book.place(market('buy', { quoteAmount: 300n, tif: 'FOK' })).status).toBe('FILLED');
  });

  it('CORE.matching.market-amount-filled: market buy by quote amount is FILLED when the rest cannot buy a lot at the last price paid', () => {
    const book = make();
    book.place(limit('sell', 100, 2));
    const r = book.place(market('buy', { quoteAmount: 250n }));
    expect(r.status).toBe('FILLED');
    expect(r.quoteRemaining).toBe(50n);
    expect(book.place(market('buy', { quoteAmount: 250n })).fills).toHaveLength(0);
  });

  it('CORE.matching.market-amount-too-small: a market amount too small for one lot fills nothing', () => {
    const book = make();
    book.place(limit('sell', 100, 2));
    const r = book.place(market('buy', { quoteAmount: 99n }));
    expect(r.status).toBe('CANCELLED');
    expect(r.fills).toHaveLength(0);
  });

  it('CORE.matching.quote-amount-market-buy-only: quote amounts are for market buys only, and exclusive of quantity', () => {
    const book = make();
    expect(book.place(market('sell', { quoteAmount: 10n })).reason).toBe('INVALID_QUOTE_AMOUNT');
    expect(book.place(market('buy', { quoteAmount: 10n, qty: 1 })).reason).toBe('INVALID_QUOTE_AMOUNT');
    expect(book.place(market('buy', { quoteAmount: 0n })).reason).toBe('INVALID_QUOTE_AMOUNT');
    expect(book.place(limit('buy', 1, 1, { quoteAmount: 10n })).reason).toBe('INVALID_QUOTE_AMOUNT');
  });
});

describe.each(books)('%s book: cancel, move, reduce', (_name, make) => {
  it('CORE.matching.cancel-frees-level: cancel returns the cancelled order once and frees its level', () => {
    const book = make();
    book.place(limit('buy', 100, 2, { id: 'x' }));
    expect(book.cancel('x')).toMatchObject({ id: 'x', remaining: 2, price: 100 });
    expect(book.cancel('x')).toBeNull();
    expect(book.bestBid()).toBeNull();
    expect(book.restingCount).toBe(0);
  });

  it('CORE.matching.move-loses-priority: move loses time priority (exchange-core move = cancel + re-place)', () => {
    const book = make();
    book.place(limit('sell', 100, 1, { id: 'first' }));
    book.place(limit('sell', 100, 1, { id: 'second' }));
    const moved = book.move('first', 100);
    expect(moved.status).toBe('NEW');
    expect(ids(book)).toEqual(['second:1', 'first:1']);
  });

  it('CORE.matching.move-crossing-matches: move to a crossing price matches, keeping the filled quantity', () => {
    const book = make();
    book.place(limit('buy', 100, 2));
    book.place(limit('sell', 101, 5, { id: 's' }));
    const r = book.move('s', 100, 4);
    expect(r.fills.map((f) => [f.makerOrderId, f.qty])).toHaveLength(1);
    expect(r.status).toBe('PARTIALLY_FILLED');
    expect(r.resting).toMatchObject({ id: 's', price: 100, remaining: 2, filled: 2 });
  });

  it('CORE.matching.move-refused-unchanged: a refused move leaves the order as it was', () => {
    const book = make();
    book.place(limit('buy', 100, 1));
    book.place(limit('sell', 101, 1, { id: 'p', postOnly: true }));
    const before = book.stateHash();
    expect(book.move('p', 100).reason).toBe('POST_ONLY_WOULD_CROSS');
    expect(book.move('p', 0).reason).toBe('INVALID_PRICE');
    expect(book.move('p', 102, 1.5).reason).toBe('INVALID_QUANTITY');
    expect(book.move('nope', 102).reason).toBe('ORDER_NOT_FOUND');
    expect(book.stateHash()).toBe(before);
  });

  it('CORE.matching.reduce-keeps-priority: reduce keeps time priority', () => {
    const book = make();
    book.place(limit('sell', 100, 5, { id: 'first' }));
    book.place(limit('sell', 100, 5, { id: 'second' }));
    expect(book.reduce('first', 3)).toMatchObject({ ok: true, removed: false, order: { remaining: 2 } });
    expect(ids(book)).toEqual(['first:2', 'second:5']);
    expect(book.bestAsk()).toEqual({ price: 100, qty: 7, orders: 2 });
  });

  it('CORE.matching.reduce-keeps-priority: reducing by the whole remainder removes the order', () => {
    const book = make();
    book.place(limit('sell', 100, 5, { id: 'r' }));
    expect(book.reduce('r', 9)).toMatchObject({ ok: true, removed: true, order: { id: 'r' } });
    expect(book.get('r')).toBeNull();
    expect(book.reduce('r', 1)).toEqual({ ok: false, reason: 'ORDER_NOT_FOUND' });
    expect(book.bestAsk()).toBeNull();
  });
});

describe.each(books)('%s book: boundary checks', (_name, make) => {
  it('CORE.book.ticks-lots-safe-integers: ticks and lots must be positive safe integers', () => {
    const book = make();
    expect(book.place(limit('buy', 100, 0)).reason).toBe('INVALID_QUANTITY');
    expect(book.place(limit('buy', 100, 0.5)).reason).toBe('INVALID_QUANTITY');
    expect(book.place(limit('buy', 100, 2 ** 53)).reason).toBe('INVALID_QUANTITY');
    expect(book.place(limit('buy', 1.01, 1)).reason).toBe('INVALID_PRICE');
    expect(book.place(limit('buy', -1, 1)).reason).toBe('INVALID_PRICE');
    expect(book.place(market('buy', { qty: 1, price: 5 })).reason).toBe('INVALID_PRICE');
    expect(book.restingCount).toBe(0);
  });

  it('CORE.book.duplicate-id-rejected: a duplicate id is rejected, including a stop id', () => {
    const book = make();
    book.place(limit('buy', 100, 1, { id: 'dup' }));
    expect(book.place(limit('buy', 100, 1, { id: 'dup' })).reason).toBe('DUPLICATE_ORDER_ID');
    book.placeStop({ id: 'st', ownerId: 'u', side: 'sell', type: 'STOP', qty: 1, triggerPrice: 90 });
    expect(book.place(limit('buy', 100, 1, { id: 'st' })).reason).toBe('DUPLICATE_ORDER_ID');
  });

  it('CORE.book.level-overflow-refused: a level whose total would pass MAX_SAFE_INTEGER lots refuses the order', () => {
    const book = make();
    book.place(limit('buy', 100, Number.MAX_SAFE_INTEGER - 1));
    expect(book.place(limit('buy', 100, 2)).reason).toBe('LEVEL_QUANTITY_OVERFLOW');
    expect(book.place(limit('buy', 100, 1)).status).toBe('NEW');
  });

  it('B3.order-types.codes: order type codes follow spec B §3', () => {
    expect(ORDER_TYPE_CODE).toEqual({ MARKET: 100, LIMIT: 201, STOP: 304, TRAILING_STOP: 308, IOC: 309 });
    expect(orderTypeFromCode(309)).toBe('IOC');
    expect(orderTypeFromCode(200)).toBeNull();
  });
});

describe.each(books)('%s book: views', (_name, make) => {
  it('CORE.book.depth-aggregated: depth aggregates L2 levels per side, best first, up to the asked number', () => {
    const book = make();
    book.place(limit('buy', 99, 1));
    book.place(limit('buy', 100, 2));
    book.place(limit('buy', 100, 3));
    book.place(limit('buy', 98, 1));
    book.place(limit('sell', 103, 4));
    book.place(limit('sell', 102, 5));
    expect(book.depth(2)).toEqual({
      bids: [
        { price: 100, qty: 5, orders: 2 },
        { price: 99, qty: 1, orders: 1 },
      ],
      asks: [
        { price: 102, qty: 5, orders: 1 },
        { price: 103, qty: 4, orders: 1 },
      ],
    });
  });

  it('CORE.book.order-listing: orders() lists bids best first, then asks best first, each level oldest first, then stops', () => {
    const book = make();
    book.place(limit('sell', 105, 1, { id: 'a2' }));
    book.place(limit('buy', 99, 1, { id: 'b2' }));
    book.placeStop({ id: 's', ownerId: 'u', side: 'sell', type: 'STOP', qty: 1, triggerPrice: 90 });
    book.place(limit('buy', 100, 1, { id: 'b1' }));
    book.place(limit('sell', 104, 1, { id: 'a1' }));
    book.place(limit('buy', 100, 1, { id: 'b1b' }));
    expect([...book.orders()].map((o) => o.id)).toEqual(['b1', 'b1b', 'b2', 'a1', 'a2', 's']);
  });

  it('CORE.book.get-returns-copy: get returns a copy that does not change with the book', () => {
    const book = make();
    book.place(limit('sell', 100, 5, { id: 'x' }));
    const seen = book.get('x');
    book.place(limit('buy', 100, 2));
    expect(seen?.remaining).toBe(5);
    expect(book.get('x')?.remaining).toBe(3);
  });

  it('CORE.book.state-hash: stateHash follows every resting change and not reads', () => {
    const book = make();
    const empty = book.stateHash();
    book.place(limit('sell', 100, 5, { id: 'x' }));
    const one = book.stateHash();
    expect(one).not.toBe(empty);
    book.depth(5);
    expect(book.stateHash()).toBe(one);
    book.reduce('x', 1);
    expect(book.stateHash()).not.toBe(one);
    book.cancel('x');
    expect(book.stateHash()).toBe(empty);
  });
});

describe.each(books)('%s book: restore', (_name, make) => {
  it('CORE.book.restore-same-book: restore rebuilds the same book: same hash, same priority, later orders after the restored ones', () => {
    const book = make();
    book.place(limit('sell', 100, 5, { id: 'a' }));
    book.place(limit('sell', 100, 5, { id: 'b', destination: 'dark' }));
    book.place(limit('buy', 90, 5, { id: 'c', tif: 'GTD', expiresAt: 77 }));
    book.place(limit('buy', 95, 1));
    book.placeStop({
      id: 't',
      ownerId: 'u',
      side: 'sell',
      type: 'TRAILING_STOP',
      qty: 1,
      trail: { kind: 'bps', bps: 250 },
      referencePrice: 99,
    });
    book.move('a', 100);
    const copy = make();
    expect(copy.restore([...book.orders()].reverse())).toEqual({ ok: true });
    expect(copy.stateHash()).toBe(book.stateHash());
    const r = copy.place(limit('buy', 100, 6, { id: 'later' }));
    expect(r.fills.map((f) => f.makerOrderId)).toEqual(['b', 'a']);
    expect(copy.expireDue(77).map((o) => o.id)).toEqual(['c']);
    expect(copy.get('later')).toBeNull();
    expect(copy.place(limit('buy', 1, 1, { id: 'next' })).resting?.seq).toBeGreaterThan(book.get('t')?.seq ?? Infinity);
  });

  it('CORE.book.restore-refuses-bad-state: restore refuses a crossed book, duplicates and a non-empty book, leaving the book empty', () => {
    const source = make();
    source.place(limit('sell', 100, 1, { id: 'a' }));
    source.place(limit('buy', 99, 1, { id: 'b' }));
    const [b, a] = [...source.orders()];
    if (a === undefined || b === undefined) throw new Error('fixture');
    const crossed = make();
    expect(crossed.restore([a, { ...b, price: 100 }])).toMatchObject({ ok: false, reason: 'CROSSED_BOOK' });
    expect(crossed.restingCount).toBe(0);
    expect(make().restore([a, { ...b, id: 'a' }])).toMatchObject({ ok: false, reason: 'DUPLICATE_ORDER_ID' });
    expect(make().restore([a, { ...b, seq: a.seq }])).toMatchObject({ ok: false, reason: 'INVALID_SEQUENCE' });
    expect(make().restore([{ ...a, remaining: 0 }])).toMatchObject({ ok: false, reason: 'INVALID_QUANTITY' });
    expect(source.restore([a])).toMatchObject({ ok: false, reason: 'BOOK_NOT_EMPTY' });
  });
});
