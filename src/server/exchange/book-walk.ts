import type { L2Level, OrderBook } from '../matching';

// Walking the book's levels without touching it: what a market order of some size would meet
// now. Used for quotes (lit levels only) and to bound what a market buy by quantity must hold
// (all levels, since the order will match dark liquidity too). Level by level equals order by
// order here: within a level every maker has the same price.

export interface Walk {
  lots: number;
  /** Σ ticks × lots, in engine quote units. */
  engineQuote: bigint;
  /** Price (ticks) of the last level reached; null when nothing was reached. */
  worst: number | null;
  /** Maker orders met, an upper bound on how many fills (and truncations) there will be. */
  orders: number;
  levels: number;
}

/** Levels on the side a taker of `side` meets, best first, enough for `enough` to say stop. */
function* levelsFor(book: OrderBook, side: 'buy' | 'sell', includeHidden: boolean): Generator<L2Level> {
  // Most walks end within a few levels; ask for more only when they don't.
  let want = 32;
  let seen = 0;
  for (;;) {
    const depth = book.depth(want, { includeHidden });
    const levels = side === 'buy' ? depth.asks : depth.bids;
    for (let i = seen; i < levels.length; i++) yield levels[i]!;
    if (levels.length < want) return;
    seen = levels.length;
    want *= 8;
  }
}

/** Meets up to `lots` lots. */
export function walkLots(book: OrderBook, side: 'buy' | 'sell', lots: number, includeHidden: boolean): Walk {
  const walk: Walk = { lots: 0, engineQuote: 0n, worst: null, orders: 0, levels: 0 };
  let need = lots;
  for (const level of levelsFor(book, side, includeHidden)) {
    if (need <= 0) break;
    const take = level.qty < need ? level.qty : need;
    walk.lots += take;
    walk.engineQuote += BigInt(level.price) * BigInt(take);
    walk.worst = level.price;
    walk.orders += level.orders;
    walk.levels++;
    need -= take;
  }
  return walk;
}

/** Buys what `budget` engine quote units afford, whole lots at each level, like a market buy by amount. */
export function walkBudget(book: OrderBook, budget: bigint, includeHidden: boolean): Walk {
  const walk: Walk = { lots: 0, engineQuote: 0n, worst: null, orders: 0, levels: 0 };
  let left = budget;
  for (const level of levelsFor(book, 'buy', includeHidden)) {
    const p = BigInt(level.price);
    if (left < p) break;
    const affordable = left / p;
    const take = affordable >= BigInt(level.qty) ? level.qty : Number(affordable);
    walk.lots += take;
    walk.engineQuote += p * BigInt(take);
    walk.worst = level.price;
    walk.orders += level.orders;
    walk.levels++;
    left -= p * BigInt(take);
    if (take < level.qty) break;
  }
  return walk;
}
