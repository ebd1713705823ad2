import { describe, expect, it } from 'vitest';
import { IndexedHeap } from './indexed-heap';
import { seededRandom } from '../lib/seeded-random';

interface Item {
  key: number;
  id: number;
  slot: number;
}

function heap(): IndexedHeap<Item> {
  return new IndexedHeap<Item>(
    (a, b) => a.key < b.key || (a.key === b.key && a.id < b.id),
    (i) => i.slot,
    (i, s) => {
      i.slot = s;
    },
  );
}

describe('indexed heap', () => {
  it('CORE.structures.indexed-heap: pops in order after arbitrary removes and re-keys', () => {
    const h = heap();
    const items: Item[] = [];
    const rand = seededRandom(1).next;
    for (let id = 0; id < 2_000; id++) {
      const item = { key: Math.floor(rand() * 500), id, slot: -1 };
      items.push(item);
      h.push(item);
    }
    const removed = new Set<Item>();
    for (const item of items) {
      const r = rand();
      if (r < 0.3) {
        h.remove(item);
        removed.add(item);
      } else if (r < 0.6) {
        item.key = Math.floor(rand() * 500);
        h.update(item);
      }
    }
    const expected = items.filter((i) => !removed.has(i)).sort((a, b) => a.key - b.key || a.id - b.id);
    const popped: Item[] = [];
    for (let i = h.pop(); i !== undefined; i = h.pop()) popped.push(i);
    expect(popped).toEqual(expected);
    expect(items.every((i) => i.slot === -1)).toBe(true);
  });

  it('CORE.structures.indexed-heap: ignores removing an item that is not in it', () => {
    const h = heap();
    const a = { key: 1, id: 1, slot: -1 };
    const b = { key: 2, id: 2, slot: 0 };
    h.push(a);
    h.remove(b);
    expect(h.size).toBe(1);
    expect(h.has(a)).toBe(true);
  });
});
