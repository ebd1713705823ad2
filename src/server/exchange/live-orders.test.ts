import { describe, expect, it } from 'vitest';
import { LiveOrders } from './live-orders';
import type { OrderRecord } from './order-record';

const order = (id: number, userId: string) => ({ id, userId }) as OrderRecord;

describe('live orders are counted per user as they come and go', () => {
  it('CORE.exchange.live-order-counts: counts additions once per id, also when the same order is set again (a fired stop)', () => {
    const live = new LiveOrders();
    const a1 = order(1, 'a');
    live.set(1, a1).set(2, order(2, 'a')).set(3, order(3, 'b'));
    live.set(1, a1);
    expect(live.countOf('a')).toBe(2);
    expect(live.countOf('b')).toBe(1);
    expect(live.countOf('c')).toBe(0);
    expect(live.size).toBe(3);
  });

  it('CORE.exchange.live-order-counts: uncounts deletions, ignores unknown ids and forgets users with none left', () => {
    const live = new LiveOrders();
    live.set(1, order(1, 'a')).set(2, order(2, 'a'));
    expect(live.delete(1)).toBe(true);
    expect(live.delete(1)).toBe(false);
    expect(live.delete(99)).toBe(false);
    expect(live.countOf('a')).toBe(1);
    live.delete(2);
    expect(live.countOf('a')).toBe(0);
    live.set(3, order(3, 'b'));
    live.clear();
    expect(live.countOf('b')).toBe(0);
  });

  it("CORE.exchange.live-order-counts: moves the count when an id is set to another user's record", () => {
    const live = new LiveOrders();
    live.set(1, order(1, 'a'));
    live.set(1, order(1, 'b'));
    expect([live.countOf('a'), live.countOf('b')]).toEqual([0, 1]);
  });
});
