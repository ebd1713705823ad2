import { displayAmount } from '../../data/balances';
import { formatExact, PLACEHOLDER } from '../exchange/format/decimal-text';

/**
 * A currency amount for display: every place the server sent (trailing zeros dropped, nothing
 * rounded: a balance is shown to the satoshi), with thousands grouped as prices and dollar
 * figures are: "100000" → "100,000", "1234.56780000" → "1,234.5678". Text that is not a plain
 * decimal is shown as it came.
 */
export function amountText(value: string): string {
  const shown = displayAmount(value);
  const text = formatExact(shown);
  return text === PLACEHOLDER ? shown : text;
}
