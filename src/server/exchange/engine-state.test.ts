import { describe, expect, it } from 'vitest';
import { createOrderBook } from '../matching';
import { engineStateFromJson, engineStateToJson } from './engine-state';

describe('engine state storage', () => {
  it('CORE.exchange.order-survives-json: an engine order survives JSON (bigint quote amounts included) and restores into an equal book', () => {
    const book = createOrderBook();
    book.place({ id: '1', ownerId: 'a', side: 'sell', type: 'LIMIT', price: 100, qty: 5 });
    book.place({ id: '2', ownerId: 'b', side: 'buy', type: 'LIMIT', price: 90, qty: 3, destination: 'dark', tif: 'GTD', expiresAt: 5 });
    book.placeStop({ id: '3', ownerId: 'c', side: 'buy', type: 'STOP', triggerPrice: 120, quoteAmount: 123_456_789_012_345_678n });
    book.placeStop({
      id: '4',
      ownerId: 'd',
      side: 'sell',
      type: 'TRAILING_STOP',
      qty: 2,
      trail: { kind: 'bps', bps: 50 },
      referencePrice: 95,
    });
    const stored = [...book.orders()].map(engineStateToJson);
    const copy = createOrderBook();
    expect(copy.restore(stored.map(engineStateFromJson))).toEqual({ ok: true });
    expect(copy.stateHash()).toBe(book.stateHash());
    expect(copy.get('3')!.quoteAmount).toBe(123_456_789_012_345_678n);
  });
});
