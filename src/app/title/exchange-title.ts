import { PRODUCT_NAME } from '../../shared/constants';
import { formatPrice } from '../screens/exchange/format/decimal-text';
import { pageTitle } from './route-title';

export interface TitlePair {
  readonly base: string;
  readonly quote: string;
  readonly bestBid: string | null;
}

/**
 * Spec B §1: the tab shows the best bid and the pair ("60,123.45 BTC/USD · Ox Exchange"), or
 * only the product name when no pair is selected. Before the first book there is no bid yet,
 * so the pair alone.
 */
export function exchangeTitle(pair: TitlePair | null): string {
  if (!pair || !pair.base || !pair.quote) return PRODUCT_NAME;
  const name = `${pair.base}/${pair.quote}`;
  return pageTitle(pair.bestBid ? `${formatPrice(pair.bestBid)} ${name}` : name);
}
