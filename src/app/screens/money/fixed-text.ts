import { fromUnits, isDecimalString, toUnits } from '../../../shared/money/units';

// Presentation of server-sent decimal strings with a fixed number of places, half up, on
// bigint units (no binary float, no decimal library in the page bundle).

function roundUnits(units: bigint, places: number): bigint {
  const step = 10n ** BigInt(8 - places);
  const half = step / 2n;
  const abs = units < 0n ? -units : units;
  const rounded = ((abs + half) / step) * step;
  return units < 0n ? -rounded : rounded;
}

/** `value` with exactly `places` decimals (≤ 8), or the text as sent when it is not a decimal. */
export function fixedText(value: string, places: number): string {
  if (!isDecimalString(value)) return value;
  const units = roundUnits(toUnits(value, { truncate: true }), places);
  const text = fromUnits(units, places);
  const dot = text.indexOf('.');
  return places === 0 || dot < 0 ? text : text.slice(0, dot + 1 + places);
}

/** A fraction as a percentage (rate × 100) with `places` decimals, e.g. "0.0025" → "0.250". */
export function percentText(rate: string, places: number): string {
  if (!isDecimalString(rate)) return rate;
  return fixedText(fromUnits(toUnits(rate, { truncate: true }) * 100n), places);
}

/** Whether a decimal string is zero. */
export function isZeroAmount(value: string): boolean {
  return isDecimalString(value) && toUnits(value, { truncate: true }) === 0n;
}

/** Compares two decimal strings (non-decimals sort as zero). */
export function compareAmounts(a: string, b: string): number {
  const ua = isDecimalString(a) ? toUnits(a, { truncate: true }) : 0n;
  const ub = isDecimalString(b) ? toUnits(b, { truncate: true }) : 0n;
  return ua < ub ? -1 : ua > ub ? 1 : 0;
}
