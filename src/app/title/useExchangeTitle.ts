import type { EngineSnapshot } from '../../worker/public';
import { exchangeTitle } from './exchange-title';
import { useDocumentTitle, type TitleSource, type TitleSpacing } from './useDocumentTitle';

function titleOf(snapshot: EngineSnapshot): string {
  const { selected, book } = snapshot;
  if (!selected.symbol) return exchangeTitle(null);
  // Right after a pair switch the book may still be the old pair's: no bid until it matches.
  // The best level's own price, not the 2-decimal bestBid, so ETH/BTC reads 0.050123.
  const bestBid = book.symbol === selected.symbol ? (book.bids[0]?.price ?? book.bestBid) : null;
  return exchangeTitle({ base: selected.base, quote: selected.quote, bestBid });
}

/** At most two writes a second for a moving best bid (within 0.5 s of the latest); a new pair at once. */
const spacing: TitleSpacing<EngineSnapshot> = { minIntervalMs: 500, subject: (s) => s.selected.symbol };

/** Spec B §1 tab title while the exchange screen is open: best bid and pair. */
export function useExchangeTitle(store: TitleSource<EngineSnapshot>): void {
  useDocumentTitle(store, titleOf, spacing);
}
