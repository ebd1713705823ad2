import { fromUnits, toUnits } from '../../shared/money/units';
import type { LevelWire } from '../../shared/hub/messages';
import type { BookSide, MakerQuotes } from './maker-quotes';

// Builds the levels of an order-book message (spec B §3): `bids`/`asks` are what ordinary users
// rest on the exchange, under the source 'Ox'; `market_making` are the named market makers'
// quotes. Both come from the engine's published (lit) depth: the maker part is known from the
// makers' own orders and the rest is the users'. A client that merges the two lists (spec B §5)
// sees exactly the engine's book.

/** Source name of ordinary users' orders on our exchange. */
export const EXCHANGE_SOURCE = 'Ox';

/** One aggregated price level of the published book, decimal strings. */
export interface DepthLevel {
  readonly price: string;
  readonly quantity: string;
}

/** Best first on both sides. */
export interface PublishedDepth {
  readonly bids: readonly DepthLevel[];
  readonly asks: readonly DepthLevel[];
}

/** The published depth of a pair as of the last committed batch, `levels` deep; null when the pair has no book. */
export type DepthReader = (pair: string, levels: number) => PublishedDepth | null;

export interface BookLevels {
  bids: LevelWire[];
  asks: LevelWire[];
  market_making: { bids: LevelWire[]; asks: LevelWire[] };
}

export function buildBookLevels(pair: string, read: DepthReader, makers: MakerQuotes, limit: number): BookLevels {
  // Ask deep enough that `limit` user levels survive even when makers own every top price.
  const deepest = limit + Math.max(makers.priceCount(pair, 'bids'), makers.priceCount(pair, 'asks'));
  const depth = read(pair, deepest) ?? { bids: [], asks: [] };
  return {
    bids: userLevels(pair, 'bids', depth.bids, makers, limit),
    asks: userLevels(pair, 'asks', depth.asks, makers, limit),
    market_making: {
      bids: makerLevels(pair, 'bids', makers, limit),
      asks: makerLevels(pair, 'asks', makers, limit),
    },
  };
}

function userLevels(pair: string, side: BookSide, levels: readonly DepthLevel[], makers: MakerQuotes, limit: number): LevelWire[] {
  const out: LevelWire[] = [];
  for (const level of levels) {
    if (out.length >= limit) break;
    const price = toUnits(level.price, { truncate: true });
    const quantity = toUnits(level.quantity, { truncate: true }) - makers.quantityAt(pair, side, price);
    // A maker order the engine already filled may still be in the shadow for an instant; the
    // level is then simply not the users'.
    if (quantity > 0n) out.push([fromUnits(price), fromUnits(quantity), EXCHANGE_SOURCE]);
  }
  return out;
}

function makerLevels(pair: string, side: BookSide, makers: MakerQuotes, limit: number): LevelWire[] {
  return makers.levels(pair, side, limit).map(([price, quantity, source]) => [fromUnits(price), fromUnits(quantity), source]);
}
