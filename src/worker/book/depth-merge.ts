import { compareCanonical } from '../decimal/canonical';
import { canonicalToUnits, fromUnits } from '../decimal/units-fast';
import { STRIDE, type FlatLevels } from './book-message';

// Spec B §5 depth: the book's levels and the market_making levels of one side are merged by
// price (canonical text); quantities at the same price are summed exactly (bigint 1e-8 units)
// and the first level's source is kept (book levels come before market_making levels). The
// best `depth` prices are returned, best first.
//
// Hot path: both inputs normally arrive sorted, so this is a two-way merge that stops after
// `depth` distinct prices: no map, no sort, and most levels beyond the top are never touched.
// Unsorted input is stably sorted first (stable: the first of equal prices keeps its source).

export interface MergedLevel {
  readonly price: string;
  readonly quantity: string;
  /** quantity in 1e-8 units when already known (summed levels); see levelUnits. */
  readonly units: bigint | null;
  readonly source: string;
}

export type BookSide = 'bids' | 'asks';

export function mergeSide(primary: FlatLevels, extra: FlatLevels, side: BookSide, depth: number): MergedLevel[] {
  const desc = side === 'bids';
  // better(a, b) < 0 when a's price ranks before b's on this side.
  const better = desc ? (a: string, b: string) => compareCanonical(b, a) : compareCanonical;
  const a = sorted(primary, better);
  const b = sorted(extra, better);
  const an = a.length;
  const bn = b.length;
  const out: MergedLevel[] = [];
  let i = 0;
  let j = 0;
  while (out.length < depth && (i < an || j < bn)) {
    let f: number;
    let from: FlatLevels;
    if (j >= bn || (i < an && better(a[i]!, b[j]!) <= 0)) {
      from = a;
      f = i;
      i += STRIDE;
    } else {
      from = b;
      f = j;
      j += STRIDE;
    }
    const price = from[f]!;
    const quantity = from[f + 1]!;
    let units: bigint | null = null;
    // Every further level at this price, from either list, adds to the first one.
    for (;;) {
      let q: string;
      if (i < an && a[i] === price) {
        q = a[i + 1]!;
        i += STRIDE;
      } else if (j < bn && b[j] === price) {
        q = b[j + 1]!;
        j += STRIDE;
      } else break;
      units = (units ?? canonicalToUnits(quantity)) + canonicalToUnits(q);
    }
    out.push(
      units === null
        ? { price, quantity, units: null, source: from[f + 2]! }
        : { price, quantity: fromUnits(units), units, source: from[f + 2]! },
    );
  }
  return out;
}

/** Units of a merged level; parsed only when someone needs them (cumulative sizes). */
export function levelUnits(level: MergedLevel): bigint {
  return level.units ?? canonicalToUnits(level.quantity);
}

function sorted(levels: FlatLevels, better: (a: string, b: string) => number): FlatLevels {
  for (let k = STRIDE; k < levels.length; k += STRIDE) {
    if (better(levels[k - STRIDE]!, levels[k]!) > 0) return stableSort(levels, better);
  }
  return levels;
}

/** Sorts flat levels by price; stable, so the first of equal prices keeps its source. */
function stableSort(levels: FlatLevels, better: (a: string, b: string) => number): string[] {
  const idx: number[] = [];
  for (let k = 0; k < levels.length; k += STRIDE) idx.push(k);
  idx.sort((x, y) => better(levels[x]!, levels[y]!) || x - y);
  const out: string[] = [];
  for (const k of idx) out.push(levels[k]!, levels[k + 1]!, levels[k + 2]!);
  return out;
}
