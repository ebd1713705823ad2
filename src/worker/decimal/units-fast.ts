import { UNIT } from '../../shared/money/units';

// The hot-path twin of toUnits() from src/shared/money/units.ts for already-canonical input:
// no regex, extra decimals truncated (never rounded).

export const SCALE = 8;
const ZEROS = '00000000';

/** 1e-8 units of a canonical non-negative decimal string. */
export function canonicalToUnits(value: string): bigint {
  return parseUnits(value);
}

function parseUnits(value: string): bigint {
  const dot = value.indexOf('.');
  if (dot < 0) return BigInt(value) * UNIT;
  let frac = value.slice(dot + 1);
  frac = frac.length >= SCALE ? frac.slice(0, SCALE) : frac + ZEROS.slice(frac.length);
  return BigInt(value.slice(0, dot) + frac);
}

/**
 * Canonical decimal text of 1e-8 units (same output as fromUnits in src/shared/money/units.ts,
 * without its regex and padStart: this runs for every shown level of every book).
 */
export function fromUnits(units: bigint, minDecimals = 0): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString();
  const len = digits.length;
  let int: string;
  let frac: string;
  if (len > SCALE) {
    int = digits.slice(0, len - SCALE);
    frac = digits.slice(len - SCALE);
  } else {
    int = '0';
    frac = ZEROS.slice(len) + digits;
  }
  let end = frac.length;
  while (end > minDecimals && frac.charCodeAt(end - 1) === 48) end--;
  frac = frac.slice(0, Math.max(end, minDecimals));
  const sign = negative && units !== 0n ? '-' : '';
  return frac ? `${sign}${int}.${frac}` : `${sign}${int}`;
}

/** Units rounded half-up to `decimals` (≤ 8) places, as units. Non-negative input. */
export function roundUnits(units: bigint, decimals: number): bigint {
  const step = 10n ** BigInt(SCALE - decimals);
  const sign = units < 0n ? -1n : 1n;
  const abs = units * sign;
  return ((abs + step / 2n) / step) * step * sign;
}

/** Units formatted with exactly `decimals` places (rounded half-up first). */
export function formatUnitsFixed(units: bigint, decimals: number): string {
  return fromUnits(roundUnits(units, decimals), decimals);
}
