import { memo, type CSSProperties } from 'react';
import type { BookLevel } from '../../../worker/api';
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
 */
function BookRow({ level, side, places }: BookRowProps) {
  // The depth bar is the row's background image, sized by this property (exchange.css).
  const style = { '--ex-depth': `${Math.max(0, Math.min(100, level.depthPct))}%` } as CSSProperties;
  return (
    <div role="row" className={`ex-book-line ex-book-row ex-book-${side}`} style={style} data-flash={level.flash ?? undefined}>
      {level.flash ? (
        // Keyed by quantity: a level that changes again while flashing remounts only this
        // overlay, which restarts its fade; the row and its cells stay in place.
        <span key={level.quantity} className={`ex-flash ex-flash-${level.flash}`} aria-hidden="true" />
      ) : null}
      <span role="cell" className={`num ex-price ex-${side}`}>
        {formatPrice(level.price, places.price)}
      </span>
      <span role="cell" className="num">
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

/** React key of a level's row: its price, so a quantity change updates the row in place. */
export function bookRowKey(level: BookLevel): string {
  return level.price;
}
