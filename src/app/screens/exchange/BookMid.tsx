import { memo } from 'react';
import type { OrderBookView } from '../../../worker/public';
import { formatPercent, formatPrice } from './format/decimal-text';
import TickArrow from './TickArrow';

interface BookMidProps {
  readonly mid: OrderBookView['mid'];
  readonly tick: OrderBookView['tick'];
  readonly spread: OrderBookView['spread'];
  readonly spreadPct: OrderBookView['spreadPct'];
}

/** The row between asks and bids: mid price with its tick arrow, and the spread. */
function BookMid({ mid, tick, spread, spreadPct }: BookMidProps) {
  return (
    <div role="row" className="ex-book-line ex-book-mid">
      <span role="rowheader" className="ex-book-wide">
        <span className="ex-sr-only">Mid price </span>
        <span className={`ex-mid-price num${tick ? ` ex-tick-${tick}` : ''}`}>
          {formatPrice(mid)}
          <TickArrow tick={tick} />
        </span>
        <span className="ex-mid-spread muted">
          Spread {formatPrice(spread)} ({formatPercent(spreadPct, false)})
        </span>
      </span>
    </div>
  );
}

export default memo(BookMid);
