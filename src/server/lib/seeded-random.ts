import { hashPair } from './text-hash';

// The one seeded pseudo-random generator (mulberry32) of the product and its tests: the market
// simulator makes the same decisions for the same seed, and fuzz tests and benchmarks replay the
// same commands. Math.random cannot be seeded, and crypto randomness is not wanted here.

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number;
  /** Standard normal (Box-Muller). */
  normal(): number;
  /** true with probability p. */
  chance(p: number): boolean;
  /** Index chosen with probability proportional to its weight. */
  weighted(weights: readonly number[]): number;
  /** One element of a non-empty list, each as likely. */
  pick<T>(items: readonly T[]): T;
}

/** 32-bit hash of a text seed (cyrb53 folded), so named seeds spread over the whole state. */
function hashSeed(seed: string): number {
  const [h1, h2] = hashPair(seed);
  return (Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)) >>> 0;
}

/**
 * A generator from a number (used as the 32-bit state as it is, so a seed printed by a failing
 * fuzz run reproduces it) or a text (hashed first).
 */
export function seededRandom(seed: string | number): Random {
  let s = typeof seed === 'number' ? seed >>> 0 : hashSeed(seed);
  const next = (): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    normal() {
      const u = 1 - next();
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    chance: (p) => next() < p,
    weighted(weights) {
      let total = 0;
      for (const w of weights) total += w;
      let x = next() * total;
      for (let i = 0; i < weights.length; i++) {
        x -= weights[i]!;
        if (x < 0) return i;
      }
      return weights.length - 1;
    },
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

/** A child generator derived from a parent seed and a name, so adding a pair does not reshuffle the others. */
export function childRandom(seed: string | number, name: string): Random {
  return seededRandom(`${seed}/${name}`);
}
