// Money crosses the wire as decimal strings and is computed as bigint "units" of 1e-8,
// the finest precision any amount in the product carries (spec B §9: decimal limit 8).
// No binary floating point touches a balance, price or quantity.

export const DECIMALS = 8;
export const UNIT = 100_000_000n;

const DECIMAL_RE = /^-?(\d+)(?:\.(\d+))?$/;

export class DecimalFormatError extends Error {
  readonly code = 'DECIMAL_FORMAT';
  constructor(readonly input: string) {
    super(`Not a decimal number: ${JSON.stringify(input)}`);
  }
}

/** Number of digits after the decimal point as written (trailing zeros count). */
export function decimalPlaces(value: string): number {
  const m = DECIMAL_RE.exec(value.trim());
  if (!m) throw new DecimalFormatError(value);
  return m[2]?.length ?? 0;
}

/** Whether `value` is a plain decimal literal (no exponent, no sign other than '-'). */
export function isDecimalString(value: string): boolean {
  return DECIMAL_RE.test(value.trim());
}

/**
 * Parses a decimal string into 1e-8 units. More than 8 decimals is an error unless
 * `truncate` is set, in which case the extra digits are cut (never rounded).
 */
export function toUnits(value: string, opts: { truncate?: boolean } = {}): bigint {
  const trimmed = value.trim();
  const m = DECIMAL_RE.exec(trimmed);
  if (!m) throw new DecimalFormatError(value);
  let frac = m[2] ?? '';
  if (frac.length > DECIMALS) {
    if (!opts.truncate && /[1-9]/.test(frac.slice(DECIMALS))) throw new DecimalFormatError(value);
    frac = frac.slice(0, DECIMALS);
  }
  const units = BigInt(m[1]!) * UNIT + BigInt(frac.padEnd(DECIMALS, '0'));
  return trimmed.startsWith('-') ? -units : units;
}

/** Formats 1e-8 units as a canonical decimal string: no trailing zeros, at least one integer digit. */
export function fromUnits(units: bigint, minDecimals = 0): string {
  const negative = units < 0n;
  // Cut the digit string rather than divide: bigint division is the slow part, and every
  // balance, fill and journal line the exchange writes goes through here.
  const digits = (negative ? -units : units).toString();
  const cut = digits.length - DECIMALS;
  const int = cut > 0 ? digits.slice(0, cut) : '0';
  const padded = cut >= 0 ? digits.slice(cut) : digits.padStart(DECIMALS, '0');
  let end = padded.length;
  while (end > 0 && padded.charCodeAt(end - 1) === 48) end--;
  let frac = padded.slice(0, end);
  if (frac.length < minDecimals) frac = frac.padEnd(minDecimals, '0');
  return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/** Canonical form of a decimal string (e.g. "001.500" → "1.5"). */
export function canonicalDecimal(value: string): string {
  return fromUnits(toUnits(value));
}

/** a × b for two unit amounts, truncated toward zero to 8 decimals. */
export function mulUnits(a: bigint, b: bigint): bigint {
  return (a * b) / UNIT;
}

/** a ÷ b for two unit amounts, truncated toward zero to 8 decimals. */
export function divUnits(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new RangeError('Division by zero');
  return (a * UNIT) / b;
}
