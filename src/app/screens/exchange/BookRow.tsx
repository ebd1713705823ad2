import { memo } from 'react';
import type { BookLevel } from '../../../worker/public';
import { formatAmount, formatPrice } from './format/decimal-text';

export type BookSide = 'ask' | 'bid';

/** Places each numeric column is shown with, so the decimal points line up. */
export interface BookColumnPlaces {
  readonly price: number;
  readonly quantity: number;
  readonly size: number;
}

interface BookRowProps {
  /** Null: an empty slot of a side with fewer levels than the book's depth (blank, hidden from assistive technology). */
  readonly level: BookLevel | null;
  readonly side: BookSide;
  readonly places: BookColumnPlaces;
}

/**
 * One price level. Memoised on the level object: the engine reuses a level's object while it
 * is unchanged, so a book update re-renders only the levels that moved.
 *
 * A frame touches only this row's own box: the element set never changes (no overlay mounted
 * per flash), the flash is an attribute the engine turns off 0.6 s after the last change, and
 * the depth bar is the row's background size, a non-inherited property (a custom property
 * would restyle every cell).
 */
function BookRow({ level, side, places }: BookRowProps) {
  // One element shape for a level and for an empty slot, so a side gaining or losing levels
  // changes text inside fixed rows and never the rows themselves (see OrderBook's slots).
  return (
    <div
      role="row"
      aria-hidden={level ? undefined : true}
      className={`ex-book-line ex-book-row ex-book-${side}${level ? '' : ' ex-book-empty'}`}
      style={{ backgroundSize: depthBarSize(level?.depthPct ?? 0) }}
      data-flash={level?.flash ?? undefined}
      // Read by the book's one click handler (a click on a level picks its price).
      data-price={level?.price}
    >
      <span role="cell" className={`num ex-price ex-${side}`}>
        {level ? formatPrice(level.price, places.price) : ''}
      </span>
      <span role="cell" className="num ex-qty">
        {level ? formatAmount(level.quantity, places.quantity) : ''}
      </span>
      <span role="cell" className="num">
        {level ? formatAmount(level.size, places.size) : ''}
      </span>
      <span role="cell" className="ex-source" title={level?.source}>
        {level?.source ?? ''}
      </span>
    </div>
  );
}

export default memo(BookRow);

/** The depth bar's background-size: depthPct of the row's width, full height. */
export function depthBarSize(depthPct: number): string {
  return `${Math.max(0, Math.min(100, depthPct))}% 100%`;
}

/**
 * The rows of one side, nearest the mid last for asks (shown worst to best) and first for bids:
 * always at least `depth` slots, empty ones null. Under a sweeping storm a side's level count
 * changed with most book frames (~5 rows mounted or removed per frame measured by
 * bench/browser-storm.ts); each changed the book's height, so every frame re-laid out the whole
 * page from its root and moved the cards under the book. With the slots fixed the book keeps its
 * height and a frame only rewrites text inside fixed rows.
 */
export function bookSlots(levels: readonly BookLevel[], side: BookSide, depth: number): { key: number; level: BookLevel | null }[] {
  const count = Math.max(depth, levels.length);
  return Array.from({ length: count }, (_, i) => {
    const slot = side === 'ask' ? count - 1 - i : i;
    return { key: bookRowKey(slot), level: levels[slot] ?? null };
  });
}

/**
 * React key of a level's row: its slot, counted from the mid (0 = best). Under the storm prices
 * come and go many times a second; keyed by price, each one unmounted and mounted a whole row
 * (~150 a second; removing them cost the page more than updating text in place: browser-storm
 * main thread 20.4 % keyed by price, 18.7 % keyed by slot). The 15 rows a side stay; their
 * text, depth and flash change.
 */
export function bookRowKey(slotFromBest: number): number {
  return slotFromBest;
}
