import { toUnits, UNIT } from '../../shared/money/units';

// Where each simulated market starts: prices near real levels in mid-2024, in US dollars. A
// pair's starting mid is base ÷ quote, so ETH/BTC starts at 3,000 / 60,000 = 0.05.

export const referenceUsdPrices: Readonly<Record<string, string>> = {
  btc: '60000',
  xbt: '60000',
  eth: '3000',
  sol: '150',
  usd: '1',
  usdt: '1',
  usdc: '1',
  pax: '1',
  usdp: '1',
  busd: '1',
  tusd: '1',
  dai: '1',
};

/** A currency's reference price in 1e-8 USD units, or null when the simulator does not know it. */
export function referenceUsdUnits(currency: string): bigint | null {
  const price = referenceUsdPrices[currency.toLowerCase()];
  return price === undefined ? null : toUnits(price);
}

/** Starting mid of base/quote in 1e-8 quote units (truncated), or null for an unknown currency. */
export function referenceMidUnits(base: string, quote: string): bigint | null {
  const b = referenceUsdUnits(base);
  const q = referenceUsdUnits(quote);
  if (b === null || q === null || q === 0n) return null;
  return (b * UNIT) / q;
}
