import { tradingLimits } from '../../shared/constants';
import type { PercentShortcutInput, PercentShortcutResult } from '../api';
import { Decimal, parseDecimal } from '../decimal/decimal';
import { truncateTrim } from '../decimal/format';

/**
 * Spec B §2/§9: 10, 25, 50, 75 or 100 % of the available balance; buy fills the amount (quote),
 * sell the quantity (base); truncated to 8 decimals so it never exceeds the balance.
 */
export function percentShortcut(input: PercentShortcutInput): PercentShortcutResult {
  const field = input.side === 'buy' ? 'amount' : 'quantity';
  const available = parseDecimal(input.available);
  if (!available || available.lte(0) || !tradingLimits.percentShortcuts.includes(input.percent)) return { field, value: '0' };
  return { field, value: truncateTrim(available.mul(input.percent).div(new Decimal(100)), tradingLimits.amountDecimals) };
}
