import { z } from 'zod';
import { decimalPlacesMessage } from '../messages';
import { DECIMALS, decimalPlaces, isDecimalString } from './units';

// Wire decimals: strings (numbers tolerated from other back ends and turned into strings
// without going through arithmetic), plain digits with an optional point: no sign, no exponent,
// no NaN or Infinity, bounded in length and magnitude before anything parses them.

/** Digits before the point: 10^15 units of anything is beyond every balance and book we keep. */
export const MAX_INT_DIGITS = 15;
/**
 * Longest text read at all (leading zeros and surrounding spaces included); anything longer is
 * refused before the decimal pattern runs, so a 70,000-character field costs nothing.
 */
export const MAX_DECIMAL_TEXT = 40;

/** Why `v` is not an acceptable non-negative decimal of at most `decimals` places, or null. */
function decimalIssue(v: string, label: string, decimals: number): string | null {
  if (v.length > MAX_DECIMAL_TEXT) {
    return /^\d*\.?\d*$/.test(v) ? `${label} is too large.` : `${label} must be a decimal number.`;
  }
  // Nothing typed yet is "required", not "not a number", so an untouched form says so.
  if (v === '') return `${label} is required.`;
  if (!isDecimalString(v) || v.startsWith('-')) return `${label} must be a decimal number.`;
  if (v.split('.')[0]!.replace(/^0+(?=\d)/, '').length > MAX_INT_DIGITS) return `${label} is too large.`;
  if (decimalPlaces(v) > decimals) return decimalPlacesMessage(label, decimals);
  return null;
}

/** A non-negative decimal string with at most `decimals` places, named in errors by `label`. */
export function decimalString(label: string, decimals: number = DECIMALS) {
  return z.union([z.string(), z.number()], { error: `${label} must be a decimal number.` }).transform((v, ctx) => {
    const text = typeof v === 'number' ? String(v) : v.length > MAX_DECIMAL_TEXT ? v : v.trim();
    const issue = decimalIssue(text, label, decimals);
    if (issue === null) return text;
    ctx.addIssue({ code: 'custom', message: issue, input: v });
    return z.NEVER;
  });
}

/** Like decimalString, and strictly greater than zero. */
export function positiveDecimalString(label: string, decimals: number = DECIMALS) {
  return decimalString(label, decimals).refine((v) => /[1-9]/.test(v), `${label} must be greater than 0.`);
}

/** A decimal as another back end may send it: string, number or null. Output: string | null. */
export const looseDecimal = z.union([z.string(), z.number(), z.null()]).transform((v) => (v === null ? null : String(v)));
