import { positiveDecimalString } from '../../../shared/money/decimal-field';
import { fromUnits, toUnits } from '../../../shared/money/units';

/** The most one deposit or withdrawal may move. */
export const MAX_TRANSFER = toUnits('1000000000');

/** A positive decimal amount of one transfer, at most MAX_TRANSFER; errors name `field`. */
export function transferAmount(field: string) {
  return positiveDecimalString(field).refine((v) => toUnits(v) <= MAX_TRANSFER, `${field} must be at most ${fromUnits(MAX_TRANSFER)}.`);
}
