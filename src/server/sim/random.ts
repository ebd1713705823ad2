// A small seeded PRNG (sfc32) so a simulation with the same seed makes the same decisions.
// Math.random cannot be seeded, and crypto randomness is not wanted here.

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
}

/** 32-bit hash of a string (cyrb53 folded), to turn a text seed into state words. */
function hashSeed(seed: string, salt: number): number {
  let h1 = 0xdeadbeef ^ salt;
  let h2 = 0x41c6ce57 ^ salt;
  for (let i = 0; i < seed.length; i++) {
    const ch = seed.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  return h1 >>> 0;
}

export function seededRandom(seed: string | number): Random {
  const text = String(seed);
  let a = hashSeed(text, 1);
  let b = hashSeed(text, 2);
  let c = hashSeed(text, 3);
  let d = hashSeed(text, 4);
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // Discard the first outputs: sfc32 mixes its state over its first rounds.
  for (let i = 0; i < 16; i++) next();
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
  };
}

/** A child generator derived from a parent seed and a name, so adding a pair does not reshuffle the others. */
export function childRandom(seed: string | number, name: string): Random {
  return seededRandom(`${seed}/${name}`);
}
