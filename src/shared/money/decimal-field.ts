import { z } from 'zod';
import { DECIMALS, decimalPlaces, isDecimalString } from './units';

// Wire decimals: strings (numbers tolerated from other back ends and turned into strings
// without going through arithmetic), at most 8 decimals.

const MAX_INT_DIGITS = 15;

/** A non-negative decimal string with at most `decimals` places, named in errors by `label`. */
export function decimalString(label: string, decimals: number = DECIMALS) {
  return z
    .union([z.string(), z.number()], { error: `${label} must be a decimal number.` })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    .refine((v) => isDecimalString(v) && !v.startsWith('-'), `${label} must be a decimal number.`)
    .refine((v) => v.split('.')[0]!.replace(/^0+(?=\d)/, '').length <= MAX_INT_DIGITS, `${label} is too large.`)
    .refine((v) => decimalPlaces(v) <= decimals, `${label} must have up to ${decimals} decimal places.`);
}

/** Like decimalString, and strictly greater than zero. */
export function positiveDecimalString(label: string, decimals: number = DECIMALS) {
  return decimalString(label, decimals).refine((v) => /[1-9]/.test(v), `${label} must be greater than 0.`);
}

/** A decimal as another back end may send it: string, number or null. Output: string | null. */
export const looseDecimal = z
  .union([z.string(), z.number(), z.null()])
  .transform((v) => (v === null ? null : String(v)));
