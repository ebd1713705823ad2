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
  readonly level: BookLevel;
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
  return (
    <div
      role="row"
      className={`ex-book-line ex-book-row ex-book-${side}`}
      style={{ backgroundSize: depthBarSize(level.depthPct) }}
      data-flash={level.flash ?? undefined}
    >
      <span role="cell" className={`num ex-price ex-${side}`}>
        {formatPrice(level.price, places.price)}
      </span>
      <span role="cell" className="num ex-qty">
        {formatAmount(level.quantity, places.quantity)}
      </span>
      <span role="cell" className="num">
        {formatAmount(level.size, places.size)}
      </span>
      <span role="cell" className="ex-source" title={level.source}>
        {level.source}
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
 * React key of a level's row: its slot, counted from the mid (0 = best). Under the storm prices
 * come and go many times a second; keyed by price, each one unmounted and mounted a whole row
 * (~150 a second; removing them cost the page more than updating text in place: browser-storm
 * main thread 20.4 % keyed by price, 18.7 % keyed by slot). The 15 rows a side stay; their
 * text, depth and flash change.
 */
export function bookRowKey(slotFromBest: number): number {
  return slotFromBest;
}
