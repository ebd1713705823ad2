import { formatExact, PLACEHOLDER } from '../exchange/format/decimal-text';

/**
 * A dollar figure for display: the places the value already has (callers round or truncate as
 * the spec asks), with "$" and thousands grouped, as the trading screens show prices:
 * "359938.38" → "$359,938.38", "25000" → "$25,000", "-5.10" → "-$5.10".
 */
export function usdText(value: string | null | undefined): string {
  const text = formatExact(value);
  if (text === PLACEHOLDER) return PLACEHOLDER;
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}
