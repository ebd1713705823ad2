import { volumeRules } from '../../shared/constants';
import { Decimal } from './decimal';

/** Half-up rounding to `places`, fixed places. */
export function roundFixed(value: Decimal, places: number): string {
  return value.toFixed(places, Decimal.ROUND_HALF_UP);
}

/** Truncation (toward zero) to `places`, trailing zeros removed: spec B §5 "truncated, not rounded". */
export function truncateTrim(value: Decimal, places = 8): string {
  return value.toDecimalPlaces(places, Decimal.ROUND_DOWN).toFixed();
}

/** Truncation to exactly `places` places (the 8-decimal estimate displays). */
export function truncateFixed(value: Decimal, places = 8): string {
  return value.toFixed(places, Decimal.ROUND_DOWN);
}

/** Spec B §9: K, M, B at 1e3, 1e6, 1e9, two decimals; smaller values with two decimals. */
export function abbreviate(value: Decimal): string {
  const abs = value.abs();
  for (const { threshold, suffix } of volumeRules.abbreviations) {
    if (abs.gte(threshold)) return `${roundFixed(value.div(threshold), 2)}${suffix}`;
  }
  return roundFixed(value, 2);
}
