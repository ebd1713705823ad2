import { describe, expect, it } from 'vitest';
import { createTestEngine } from '../testing/test-engine';
import { initialSnapshot } from './initial-snapshot';
import { replaceEqualDeep } from './replace-equal-deep';

describe('the snapshot both threads share', () => {
  it('the main thread keeps identity of deeply equal parts of a cloned update (replaceEqualDeep)', () => {
    const prev = { a: [{ x: 1 }, { x: 2 }], b: { c: 'y' } };
    const same = structuredClone(prev);
    expect(replaceEqualDeep(prev, same)).toBe(prev);
    const changed = structuredClone(prev);
    changed.a[1]!.x = 3;
    const r = replaceEqualDeep(prev, changed);
    expect(r).not.toBe(prev);
    expect(r.a[0]).toBe(prev.a[0]);
    expect(r.b).toBe(prev.b);
    expect(r.a[1]).toEqual({ x: 3 });
  });

  it('the initial snapshot is version 0, for the saved pair or BTC/USD, and frozen', () => {
    const s = initialSnapshot('eth', 'btc');
    expect(s.version).toBe(0);
    expect(s.selected).toEqual({ base: 'ETH', quote: 'BTC', symbol: 'ethbtc', row: null, fee: '0' });
    expect(initialSnapshot().selected.symbol).toBe('btcusd');
    expect(Object.isFrozen(s)).toBe(true);
    expect(Object.isFrozen(s.connection)).toBe(true);
  });

  it('a started engine shows the initial values until the first data arrives', () => {
    const t = createTestEngine();
    t.start();
    const started = t.engine.getSnapshot();
    const initial = initialSnapshot();
    const unchanged = ['user', 'connection', 'pairs', 'selected', 'openOrders', 'doneOrders', 'trades', 'balances', 'errors', 'quote'];
    for (const k of unchanged as (keyof typeof initial)[]) expect(started[k], k).toEqual(initial[k]);
    // The book and Time and Sales already belong to the selected pair.
    expect(started.book).toEqual({ ...initial.book, symbol: 'btcusd' });
    expect(started.recentTrades).toEqual({ ...initial.recentTrades, symbol: 'btcusd' });
  });
});
