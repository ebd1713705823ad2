import type { Currency } from '../../../shared/api/account';

/** A currency select's options: the wire's lower-case code, shown as "Bitcoin (BTC)". */
export function currencyOptions(currencies: readonly Currency[]): { value: string; label: string }[] {
  return currencies.map((c) => ({ value: c.symbol.toLowerCase(), label: `${c.name} (${c.symbol.toUpperCase()})` }));
}
