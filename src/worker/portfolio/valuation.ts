import type { Balance, Loadable, PairRow, PairsView, PortfolioValuation } from '../api';
import { Decimal } from '../decimal/decimal';
import { roundFixed } from '../decimal/format';
import { EMPTY_VALUATION } from '../snapshot/initial-snapshot';
import { currencyKey, isUsdLike, usdPrices, usdValue } from '../market/usd-volume';

// The USD worth of each balance and of them all, priced by the live tickers (usd and
// stablecoins at 1 USD). Built here so the page never does decimal math; rebuilt only when
// the balances or the pair list change identity, so the slice keeps identity otherwise.
//
// A balance without a price is either still pricing (the pair list, or the ticker of a pair
// against USD or a stablecoin, has not arrived: the page shows a loading state) or unpriced
// (no such pair, or its ticker came without a last trade: the page warns). Right after login
// every crypto balance is pricing, not unpriced.

type PricingPairs = Pick<PairsView, 'status' | 'all'>;

/** Whether a price for `code` may still arrive: the pair list is loading or a USD pair's ticker is missing. */
function mayStillPrice(code: string, pairs: PricingPairs): boolean {
  if (pairs.status === 'idle' || pairs.status === 'loading') return true;
  if (pairs.status === 'error') return false;
  const key = currencyKey(code);
  return pairs.all.some((p: PairRow) => !p.tickerSeen && currencyKey(p.base) === key && isUsdLike(p.quote));
}

export function buildValuation(balances: Loadable<Balance>, pairs: PricingPairs): PortfolioValuation {
  if (balances.status === 'idle' && balances.items.length === 0) return EMPTY_VALUATION;
  const prices = usdPrices(pairs.all);
  const byCurrency: Record<string, string | null> = {};
  const unpriced: string[] = [];
  const pricing: string[] = [];
  let total = new Decimal(0);
  for (const b of balances.items) {
    const code = b.currency.toLowerCase();
    let value: Decimal | null;
    try {
      value = usdValue(code, b.balance, prices);
    } catch {
      value = null; // a balance the server sent in a shape Decimal cannot read stays unpriced
    }
    if (value === null) {
      // Nothing is worth $0.00 whatever its price, so a zero balance never waits for one.
      const zero = /^0*\.?0*$/.test(b.balance);
      byCurrency[code] = zero ? '0.00' : null;
      if (!zero) (mayStillPrice(code, pairs) ? pricing : unpriced).push(code);
      continue;
    }
    byCurrency[code] = roundFixed(value, 2);
    total = total.add(value);
  }
  return Object.freeze({
    byCurrency: Object.freeze(byCurrency),
    // A total without the balances still pricing, or before the balances themselves arrive
    // (loading with none yet), would be too low: no figure until they are in.
    totalUsd: pricing.length > 0 || (balances.status !== 'ready' && balances.items.length === 0) ? null : roundFixed(total, 2),
    unpriced: Object.freeze(unpriced.sort()),
    pricing: Object.freeze(pricing.sort()),
  });
}

/** Remembers its inputs so an unchanged pair of inputs yields the same object. */
export class ValuationBuilder {
  private lastBalances: Loadable<Balance> | null = null;
  private lastPairs: PricingPairs | null = null;
  private view: PortfolioValuation = EMPTY_VALUATION;

  build(balances: Loadable<Balance>, pairs: PricingPairs): PortfolioValuation {
    if (balances === this.lastBalances && pairs === this.lastPairs) return this.view;
    this.lastBalances = balances;
    this.lastPairs = pairs;
    const next = buildValuation(balances, pairs);
    if (!sameValuation(next, this.view)) this.view = next;
    return this.view;
  }
}

function sameValuation(a: PortfolioValuation, b: PortfolioValuation): boolean {
  if (a.totalUsd !== b.totalUsd || a.unpriced.join() !== b.unpriced.join() || a.pricing.join() !== b.pricing.join()) return false;
  const ka = Object.keys(a.byCurrency);
  return ka.length === Object.keys(b.byCurrency).length && ka.every((k) => a.byCurrency[k] === b.byCurrency[k]);
}
