import { volumeRules } from '../../shared/constants';
import { Decimal } from '../decimal/decimal';

// Spec B §9: the USD equivalent of a pair's 24 h base volume. Stablecoins (and USD itself)
// are worth 1 USD; xbt is btc; any other base is priced by its last trade against USD or a
// stablecoin.

const USD_LIKE = new Set(['usd', ...volumeRules.stablecoins]);

export function currencyKey(code: string): string {
  const c = code.toLowerCase();
  return volumeRules.aliases[c] ?? c;
}

export function isUsdLike(code: string): boolean {
  return USD_LIKE.has(currencyKey(code));
}

export interface PricedPair {
  readonly base: string;
  readonly quote: string;
  readonly last: string | null;
}

/** USD price of one unit of each base that can be priced, from the pairs' last prices. */
export function usdPrices(pairs: Iterable<PricedPair>): Map<string, Decimal> {
  const prices = new Map<string, Decimal>();
  for (const p of pairs) {
    const base = currencyKey(p.base);
    if (USD_LIKE.has(base) || prices.has(base) || !p.last || !isUsdLike(p.quote)) continue;
    const last = new Decimal(p.last);
    if (last.gt(0)) prices.set(base, last);
  }
  return prices;
}

/** USD value of `volume` units of `base`, or null when no USD route exists. */
export function usdValue(base: string, volume: string, prices: ReadonlyMap<string, Decimal>): Decimal | null {
  const key = currencyKey(base);
  if (USD_LIKE.has(key)) return new Decimal(volume);
  const price = prices.get(key);
  return price ? price.mul(volume) : null;
}
