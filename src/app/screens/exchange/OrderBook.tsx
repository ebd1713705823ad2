import { useId, useMemo } from 'react';
import { tradingLimits } from '../../../shared/constants';
import { tradingTexts } from '../../../shared/messages';
import type { BookLevel, OrderBookView } from '../../../worker/public';
import BookMid from './BookMid';
import BookRow, { bookSlots, type BookColumnPlaces, type BookSide } from './BookRow';
import { amountDecimals, formatPercent, formatPrice, priceDecimals } from './format/decimal-text';
import StaleBadge from './StaleBadge';

interface OrderBookProps {
  readonly book: OrderBookView;
  readonly base: string;
  readonly quote: string;
  /** A level clicked: its price for the order entry. */
  readonly onPickPrice?: (price: string) => void;
}

function Side({
  levels,
  side,
  places,
  loading,
  emptyText,
  label,
}: {
  /** Best first, as the engine sends them (asks are shown worst first, so best next to the mid). */
  levels: readonly BookLevel[];
  side: BookSide;
  places: BookColumnPlaces;
  loading: boolean;
  emptyText: string;
  label: string;
}) {
  return (
    <div role="rowgroup" className={`ex-book-side ex-book-${side}s`} aria-label={label}>
      {levels.length > 0 ? (
        bookSlots(levels, side, tradingLimits.orderBookDepth).map(({ key, level }) => (
          <BookRow key={key} level={level} side={side} places={places} />
        ))
      ) : (
        <div role="row" className="ex-book-line ex-message-row">
          <span role="cell" className="ex-book-wide muted">
            {loading ? tradingTexts.loading : emptyText}
          </span>
        </div>
      )}
    </div>
  );
}

/**
 * Spec B §2 order book: asks above the mid (worst to best), bids below (best to worst).
 * ARIA table roles over a CSS grid rather than <table>: each row needs its own box for the
 * depth bar, which table rows do not reliably give.
 */
export default function OrderBook({ book, base, quote, onPickPrice }: OrderBookProps) {
  const titleId = useId();
  const price = priceDecimals([
    book.bids[0]?.price ?? book.asks[0]?.price,
    ...book.bids.map((l) => l.price),
    ...book.asks.map((l) => l.price),
  ]);
  const quantity = amountDecimals([...book.bids.map((l) => l.quantity), ...book.asks.map((l) => l.quantity)]);
  const size = amountDecimals([...book.bids.map((l) => l.size), ...book.asks.map((l) => l.size)]);
  // One object per distinct set of places, so memoised rows see equal props between frames.
  const places = useMemo<BookColumnPlaces>(() => ({ price, quantity, size }), [price, quantity, size]);
  const pair = `${base}/${quote}`;

  return (
    <section
      className={`card ex-card ex-order-book${book.stale ? ' is-stale' : ''}`}
      aria-labelledby={titleId}
      aria-busy={book.loading}
      // Which book message is on screen, for tests and the browser-storm benchmark (book age).
      data-testid="order-book"
      data-symbol={book.symbol ?? undefined}
      data-sequence={book.sequence ?? undefined}
      data-updated-at={book.updatedAt ?? undefined}
    >
      <header className="ex-card-header">
        <h2 id={titleId} className="card-title">
          Order Book <span className="ex-title-pair">{pair}</span>
        </h2>
        {book.stale ? <StaleBadge /> : null}
        <p className="ex-book-spread">
          <span className="muted">Spread</span> <span className="num">{formatPrice(book.spread)}</span>{' '}
          <span className="muted">({formatPercent(book.spreadPct, false)})</span>
        </p>
      </header>
      <div className="ex-table-wrap">
        {/* One handler for every level, so the memoised rows take no callback. A mouse
            convenience: the keyboard has the order entry's Bid, Ask and Mid buttons. */}
        <div
          role="table"
          className={`ex-book-grid${onPickPrice ? ' is-pickable' : ''}`}
          aria-label={`Order book ${pair}`}
          onClick={onPickPrice ? (event) => pickedPrice(event.target, onPickPrice) : undefined}
        >
          <div role="rowgroup" className="ex-book-head">
            <div role="row" className="ex-book-line">
              <span role="columnheader" className="num">
                PRICE {quote}
              </span>
              <span role="columnheader" className="num">
                QUANTITY {base}
              </span>
              <span role="columnheader" className="num">
                SIZE {base}
              </span>
              <span role="columnheader">EXCHANGE</span>
            </div>
          </div>
          <Side levels={book.asks} side="ask" places={places} loading={book.loading} emptyText={tradingTexts.noAsks} label="Asks" />
          <div role="rowgroup" className="ex-book-mid-group">
            <BookMid mid={book.mid} tick={book.tick} spread={book.spread} spreadPct={book.spreadPct} />
          </div>
          <Side levels={book.bids} side="bid" places={places} loading={book.loading} emptyText={tradingTexts.noBids} label="Bids" />
        </div>
      </div>
    </section>
  );
}

/** The price of the level row a click landed in, if any. */
function pickedPrice(target: EventTarget, onPickPrice: (price: string) => void): void {
  const row = target instanceof Element ? target.closest<HTMLElement>('[data-price]') : null;
  const price = row?.dataset.price;
  if (price) onPickPrice(price);
}
