import { displayAmount } from '../../data/balances';
import { amountDecimals, formatDecimal, PLACEHOLDER } from '../exchange/format/decimal-text';

/**
 * A currency amount for display: every place the server sent (trailing zeros dropped, nothing
 * rounded: a balance is shown to the satoshi), with thousands grouped as prices and dollar
 * figures are: "100000" → "100,000", "1234.56780000" → "1,234.5678". Text that is not a plain
 * decimal is shown as it came.
 */
export function amountText(value: string): string {
  const shown = displayAmount(value);
  const places = amountDecimals([shown], 0, Number.MAX_SAFE_INTEGER);
  const text = formatDecimal(shown, { minDecimals: places, maxDecimals: places });
  return text === PLACEHOLDER ? shown : text;
}
