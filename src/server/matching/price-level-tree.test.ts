import { describe, expect, it } from 'vitest';
import { PriceLevelTree } from './price-level-tree';
import { seededRandom } from '../lib/seeded-random';

// Seeded, so a failure reproduces.
const prng = (seed: number): (() => number) => seededRandom(seed).next;

describe('price level tree', () => {
  it('CORE.structures.price-tree-invariants: keeps red-black invariants and sorted order under random inserts and removes', () => {
    const rand = prng(7);
    const tree = new PriceLevelTree();
    const keys = new Set<number>();
    for (let i = 0; i < 20_000; i++) {
      const key = Math.floor(rand() * 2_000) - 1_000;
      const found = tree.find(key);
      if (found === null) {
        tree.getOrCreate(key, Math.abs(key));
        keys.add(key);
      } else if (rand() < 0.6) {
        tree.remove(found);
        keys.delete(key);
      }
      if (i % 997 === 0) {
        tree.verify();
        expect([...tree.levels()].map((l) => l.key)).toEqual([...keys].sort((a, b) => a - b));
      }
      if (i % 101 === 0) expect(tree.first()?.key ?? null).toBe(keys.size === 0 ? null : Math.min(...keys));
    }
    tree.verify();
    expect(tree.size).toBe(keys.size);
  });

  it('CORE.structures.price-tree-invariants: getOrCreate returns the existing level for a known key', () => {
    const tree = new PriceLevelTree();
    const a = tree.getOrCreate(5, 5);
    expect(tree.getOrCreate(5, 5)).toBe(a);
    expect(tree.size).toBe(1);
  });

  it('CORE.structures.best-level-cached: the cached best level follows removals to the next best', () => {
    const tree = new PriceLevelTree();
    for (const k of [30, 10, 20]) tree.getOrCreate(k, k);
    tree.remove(tree.first() as NonNullable<ReturnType<PriceLevelTree['first']>>);
    expect(tree.first()?.key).toBe(20);
    tree.remove(tree.find(30) as NonNullable<ReturnType<PriceLevelTree['find']>>);
    tree.remove(tree.find(20) as NonNullable<ReturnType<PriceLevelTree['find']>>);
    expect(tree.first()).toBeNull();
    tree.verify();
  });
});
