// Display formatting of the engine's decimal strings. Money never goes through a binary float:
// rounding and grouping work on the digits of the text, so "0.1" + display is exactly "0.10".

const DECIMAL_RE = /^([+-])?(\d+)(?:\.(\d*))?$/;

export const PLACEHOLDER = '—';

export interface DecimalFormat {
  /** Pad with zeros up to this many places. */
  readonly minDecimals: number;
  /** Round half-up to at most this many places; zeros beyond minDecimals are trimmed. */
  readonly maxDecimals: number;
  /** Thousands separators (display only). Default true. */
  readonly group?: boolean;
  /** Prefix '+' on positive values (change percentages). */
  readonly signed?: boolean;
}

/** Adds one unit in the last place of a digit string; "0999" → "1000", "99" → "100". */
function incrementDigits(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] === '9') {
      out[i] = '0';
    } else {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
  }
  return `1${out.join('')}`;
}

function groupThousands(int: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Formats a decimal string; anything that is not a plain decimal comes back as the placeholder. */
export function formatDecimal(text: string | null | undefined, format: DecimalFormat): string {
  if (text === null || text === undefined) return PLACEHOLDER;
  const m = DECIMAL_RE.exec(text.trim());
  if (!m) return PLACEHOLDER;
  const sign = m[1] === '-' ? '-' : '';
  let int = m[2]!.replace(/^0+(?=\d)/, '');
  let frac = m[3] ?? '';

  if (frac.length > format.maxDecimals) {
    const roundUp = frac.charCodeAt(format.maxDecimals) >= 53; // '5'
    frac = frac.slice(0, format.maxDecimals);
    if (roundUp) {
      const bumped = incrementDigits(int + frac);
      int = bumped.slice(0, bumped.length - frac.length) || '0';
      frac = bumped.slice(bumped.length - frac.length);
    }
  }
  frac = frac.replace(/0+$/, '');
  if (frac.length < format.minDecimals) frac = frac.padEnd(format.minDecimals, '0');

  const isZero = /^0*$/.test(int + frac);
  const prefix = isZero ? '' : sign === '-' ? '-' : format.signed ? '+' : '';
  const intText = format.group === false ? int : groupThousands(int);
  return `${prefix}${intText}${frac ? `.${frac}` : ''}`;
}

/** Number of places in a decimal string's fraction. */
function fractionLength(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** Whether a non-negative decimal string is below 1 (its integer part is zero). */
export function isBelowOne(text: string): boolean {
  const m = DECIMAL_RE.exec(text.trim());
  return m !== null && /^0+$/.test(m[2]!);
}

/**
 * Spec B §9 prices have 2 decimals; a pair priced below 1 (ETH/BTC) would show nothing useful
 * at 2, so it shows as many places as its prices carry (up to the 8-place decimal limit).
 * One count for a whole column keeps the decimal points aligned.
 */
export function priceDecimals(prices: readonly (string | null | undefined)[], base = 2, max = 8): number {
  const present = prices.filter((p): p is string => typeof p === 'string' && DECIMAL_RE.test(p));
  const first = present[0];
  if (first === undefined || !isBelowOne(first)) return base;
  let places = base;
  for (const p of present) places = Math.max(places, fractionLength(p));
  return Math.min(places, max);
}

/** A price at the given places (default: 2, or more when the price is below 1). */
export function formatPrice(text: string | null | undefined, decimals?: number): string {
  const places = decimals ?? (text ? priceDecimals([text]) : 2);
  return formatDecimal(text, { minDecimals: places, maxDecimals: places });
}

/**
 * Spec B §9 fiat amounts: 2 decimals, and for a small amount (below 1: a fee, a credit of
 * cents) up to 4, so "0.0012" USD does not read as "0.00".
 */
export function formatFiat(text: string | null | undefined): string {
  const small = typeof text === 'string' && isBelowOne(text);
  return formatDecimal(text, { minDecimals: 2, maxDecimals: small ? 4 : 2 });
}

const FIAT_CODES = new Set(['usd', 'eur', 'gbp']);

/**
 * An amount in a named currency by spec B §9: fiat as formatFiat (2 places, small ones up to 4),
 * anything else as crypto (2 to 8).
 */
export function formatMoney(text: string | null | undefined, currency: string): string {
  return FIAT_CODES.has(currency.toLowerCase()) ? formatFiat(text) : formatAmount(text);
}

/** Thousands grouped, every place the text has and no more: "25000.50" → "25,000.50". */
export function formatExact(text: string | null | undefined): string {
  const places = amountDecimals([text], 0, Number.MAX_SAFE_INTEGER);
  return formatDecimal(text, { minDecimals: places, maxDecimals: places });
}

/** Spec B §9 amounts: up to 8 decimals (at least `minDecimals`, 2 by default: "crypto 2-8"). */
export function formatAmount(text: string | null | undefined, minDecimals = 2): string {
  return formatDecimal(text, { minDecimals: Math.min(minDecimals, 8), maxDecimals: 8 });
}

/**
 * Places that make a column of amounts line up: the most any of them carries, between 2
 * and 8. Padding only; nothing is rounded beyond the 8-place limit.
 */
export function amountDecimals(values: readonly (string | null | undefined)[], min = 2, max = 8): number {
  let places = min;
  for (const v of values) if (typeof v === 'string' && DECIMAL_RE.test(v)) places = Math.max(places, fractionLength(v));
  return Math.min(places, max);
}

/** A signed percentage, e.g. "+1.23%". */
export function formatPercent(text: string | null | undefined, signed = true): string {
  const value = formatDecimal(text, { minDecimals: 2, maxDecimals: 2, signed });
  return value === PLACEHOLDER ? value : `${value}%`;
}

/** -1, 0 or 1 from a decimal string's sign; 0 for zero or malformed text. */
export function decimalSign(text: string | null | undefined): -1 | 0 | 1 {
  if (!text) return 0;
  const m = DECIMAL_RE.exec(text.trim());
  if (!m || /^0*$/.test(m[2]! + (m[3] ?? ''))) return 0;
  return m[1] === '-' ? -1 : 1;
}
