import { describe, expect, it } from 'vitest';
import { createOrderBook } from './fast-order-book';
import { createNaiveOrderBook } from './naive-order-book';
import { protectionFromSlippage } from './slippage';
import { trailDistance, trailTrigger } from './trailing';
import type { OrderBook, PlaceStop } from './types';

const books: [string, () => OrderBook][] = [
  ['fast', () => createOrderBook()],
  ['naive', () => createNaiveOrderBook()],
];

function stop(id: string, extra: Partial<PlaceStop>): PlaceStop {
  return { id, ownerId: `owner-${id}`, side: 'sell', type: 'STOP', qty: 1, ...extra } as PlaceStop;
}
const fired = (book: OrderBook, ref: number): string[] => book.triggerStops(ref).map((t) => t.order.id);

describe('trailing arithmetic', () => {
  it('CORE.stops.percent-trail-exact: a percent trail is ceil(extreme × bps / 10000) ticks, exactly, even past 2^53', () => {
    expect(trailDistance(10_000, { kind: 'bps', bps: 250 })).toBe(250);
    expect(trailDistance(10_001, { kind: 'bps', bps: 250 })).toBe(251);
    expect(trailDistance(1, { kind: 'bps', bps: 1 })).toBe(1);
    const big = Number.MAX_SAFE_INTEGER;
    expect(trailDistance(big, { kind: 'bps', bps: 9_999 })).toBe(Number((BigInt(big) * 9_999n + 9_999n) / 10_000n));
    expect(trailTrigger('buy', big - 1, { kind: 'ticks', ticks: 5 })).toBe(big);
  });

  it('CORE.stops.protection-from-slippage: max slippage gives a protection price rounded towards the trigger', () => {
    expect(protectionFromSlippage('buy', 10_001, 100)).toBe(10_101); // 10101.01 floored
    expect(protectionFromSlippage('sell', 10_001, 100)).toBe(9_901); // 9900.99 ceiled
    expect(protectionFromSlippage('sell', 100, 10_000)).toBe(1);
    expect(protectionFromSlippage('buy', Number.MAX_SAFE_INTEGER, 10_000)).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe.each(books)('%s book stops', (_name, make) => {
  it('API.stops.sell-fires-falling: sell stop fires when the reference price falls to its trigger', () => {
    const book = make();
    expect(book.placeStop(stop('s', { triggerPrice: 95 })).ok).toBe(true);
    expect(fired(book, 96)).toEqual([]);
    expect(fired(book, 95)).toEqual(['s']);
    expect(book.stopCount).toBe(0);
  });

  it('API.stops.buy-fires-rising: buy stop fires when the reference price rises to its trigger', () => {
    const book = make();
    book.placeStop(stop('b', { side: 'buy', triggerPrice: 105 }));
    expect(fired(book, 104)).toEqual([]);
    expect(fired(book, 110)).toEqual(['b']);
  });

  it('API.stops.trailing-follows-best: trailing sell stop: trigger is the highest reference price minus the trail', () => {
    const book = make();
    book.placeStop(stop('t', { type: 'TRAILING_STOP', trail: { kind: 'ticks', ticks: 5 }, referencePrice: 100 }));
    expect(book.get('t')?.stop).toMatchObject({ triggerPrice: 95, extreme: 100 });
    expect(fired(book, 110)).toEqual([]);
    expect(book.get('t')?.stop).toMatchObject({ triggerPrice: 105, extreme: 110 });
    expect(fired(book, 106)).toEqual([]);
    expect(book.get('t')?.stop?.triggerPrice).toBe(105); // a lower price never lowers the trigger
    expect(fired(book, 105)).toEqual(['t']);
  });

  it('API.stops.trailing-follows-best: trailing buy stop: trigger is the lowest reference price plus the trail', () => {
    const book = make();
    book.placeStop(stop('t', { side: 'buy', type: 'TRAILING_STOP', trail: { kind: 'ticks', ticks: 5 }, referencePrice: 100 }));
    expect(fired(book, 90)).toEqual([]);
    expect(book.get('t')?.stop).toMatchObject({ triggerPrice: 95, extreme: 90 });
    expect(fired(book, 94)).toEqual([]);
    expect(fired(book, 95)).toEqual(['t']);
  });

  it('CORE.stops.percent-trail-exact: trailing stop with a percent trail in basis points follows the price exactly', () => {
    const book = make();
    book.placeStop(stop('t', { type: 'TRAILING_STOP', trail: { kind: 'bps', bps: 150 }, referencePrice: 20_000 }));
    expect(book.get('t')?.stop?.triggerPrice).toBe(19_700);
    fired(book, 20_001); // 1.5% of 20001 = 300.015 → 301 ticks
    expect(book.get('t')?.stop?.triggerPrice).toBe(19_700);
    expect(fired(book, 19_701)).toEqual([]);
    expect(fired(book, 19_700)).toEqual(['t']);
  });

  it('CORE.stops.trailing-not-on-moving-update: a trailing stop never fires on the update that moved it', () => {
    const book = make();
    book.placeStop(stop('t', { type: 'TRAILING_STOP', trail: { kind: 'ticks', ticks: 1 }, referencePrice: 100 }));
    for (let p = 101; p < 200; p++) expect(fired(book, p)).toEqual([]);
    expect(fired(book, 198)).toEqual(['t']);
  });

  it('API.stops.fired-becomes-market, CORE.stops.protection-from-slippage: a fired stop becomes a market order with its protection price from max slippage', () => {
    const book = make();
    book.placeStop(stop('s', { clientOrderId: 'c1', qty: 7, triggerPrice: 10_000, maxSlippageBps: 50 }));
    const [t] = book.triggerStops(9_990);
    expect(t?.market).toEqual({
      id: 's',
      ownerId: 'owner-s',
      clientOrderId: 'c1',
      side: 'sell',
      type: 'MARKET',
      tif: 'GTC',
      qty: 7,
      protectionPrice: 9_950,
    });
  });

  it('CORE.stops.buy-by-amount: a stop buy by amount becomes a market buy by quote amount that the book fills', () => {
    const book = make();
    book.place({ id: 'ask', ownerId: 'm', side: 'sell', type: 'LIMIT', price: 100, qty: 10 });
    book.placeStop(stop('b', { side: 'buy', qty: undefined, quoteAmount: 450n, triggerPrice: 100 }));
    const [t] = book.triggerStops(100);
    expect(t?.market).toMatchObject({ type: 'MARKET', quoteAmount: 450n });
    expect(t?.market.qty).toBeUndefined();
    const r = book.place(t?.market ?? (undefined as never));
    expect(r.filledQty).toBe(4);
    expect(r.quoteRemaining).toBe(50n);
  });
});

describe.each(books)('%s book stops: order, cancel, expiry and checks', (_name, make) => {
  it('CORE.stops.fire-in-time-priority: fired stops come back in time priority (seq), whatever their triggers', () => {
    const book = make();
    book.placeStop(stop('late-high', { triggerPrice: 99 }));
    book.placeStop(stop('buy', { side: 'buy', triggerPrice: 50 }));
    book.placeStop(stop('low', { triggerPrice: 90 }));
    book.placeStop(stop('untouched', { triggerPrice: 10 }));
    expect(fired(book, 80)).toEqual(['late-high', 'buy', 'low']);
  });

  it('CORE.stops.cancellable-listed-hashed: stops can be cancelled by id and show in orders() and stateHash', () => {
    const book = make();
    const empty = book.stateHash();
    book.placeStop(stop('s', { triggerPrice: 90 }));
    expect([...book.orders()].map((o) => [o.id, o.type, o.stop?.triggerPrice])).toEqual([['s', 'STOP', 90]]);
    expect(book.stateHash()).not.toBe(empty);
    expect(book.cancel('s')?.id).toBe('s');
    expect(book.stateHash()).toBe(empty);
    expect(fired(book, 1)).toEqual([]);
  });

  it('CORE.stops.trailing-move-changes-hash: a trailing move changes the state hash', () => {
    const book = make();
    book.placeStop(stop('t', { type: 'TRAILING_STOP', trail: { kind: 'ticks', ticks: 3 }, referencePrice: 100 }));
    const before = book.stateHash();
    book.triggerStops(101);
    expect(book.stateHash()).not.toBe(before);
  });

  it('CORE.stops.gtd-expire-with-book: GTD stops expire with the book orders, by time then seq', () => {
    const book = make();
    book.placeStop(stop('s', { triggerPrice: 90, tif: 'GTD', expiresAt: 50 }));
    book.place({ id: 'o', ownerId: 'u', side: 'buy', type: 'LIMIT', price: 1, qty: 1, tif: 'GTD', expiresAt: 50 });
    book.placeStop(stop('early', { triggerPrice: 90, tif: 'GTD', expiresAt: 40 }));
    expect(book.expireDue(49).map((o) => o.id)).toEqual(['early']);
    expect(book.expireDue(50).map((o) => o.id)).toEqual(['s', 'o']);
  });

  it('CORE.stops.not-amendable: stops cannot be moved or reduced', () => {
    const book = make();
    book.placeStop(stop('s', { triggerPrice: 90 }));
    expect(book.move('s', 91).reason).toBe('ORDER_NOT_AMENDABLE');
    expect(book.reduce('s', 1)).toEqual({ ok: false, reason: 'ORDER_NOT_AMENDABLE' });
  });

  it('CORE.stops.boundary-checks: stop requests are checked at the boundary', () => {
    const book = make();
    expect(book.placeStop(stop('a', {}))).toEqual({ ok: false, reason: 'INVALID_TRIGGER_PRICE' });
    expect(book.placeStop(stop('b', { type: 'TRAILING_STOP', trail: { kind: 'bps', bps: 10_000 }, referencePrice: 5 }))).toEqual({
      ok: false,
      reason: 'INVALID_TRAIL',
    });
    expect(book.placeStop(stop('c', { type: 'TRAILING_STOP', trail: { kind: 'ticks', ticks: 2 } }))).toEqual({
      ok: false,
      reason: 'INVALID_REFERENCE_PRICE',
    });
    expect(book.placeStop(stop('d', { triggerPrice: 9, tif: 'FOK' }))).toEqual({ ok: false, reason: 'INVALID_TIME_IN_FORCE' });
    expect(book.placeStop(stop('e', { triggerPrice: 9, maxSlippageBps: 10_001 }))).toEqual({ ok: false, reason: 'INVALID_SLIPPAGE' });
    expect(book.placeStop(stop('f', { triggerPrice: 9, qty: undefined, quoteAmount: 5n }))).toEqual({
      ok: false,
      reason: 'INVALID_QUOTE_AMOUNT',
    });
    expect(book.triggerStops(0)).toEqual([]);
  });
});
