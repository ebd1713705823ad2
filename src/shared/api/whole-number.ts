import { z } from 'zod';

// Whole numbers from outside (JSON bodies, query strings, path segments): a JSON integer or a
// string of plain digits, never a sign, a point, an exponent or more digits than the bound has,
// so nothing beyond the range is ever turned into a number (no Infinity, no unsafe integers).

/** The last millisecond a JavaScript Date can hold (ECMA-262 §21.4.1.1). */
export const MAX_EPOCH_MS = 8_640_000_000_000_000;

/** A whole number in [min, max] (max at most Number.MAX_SAFE_INTEGER), named `label` in its error. */
export function wholeNumber(label: string, min: number, max: number) {
  const message = `${label} must be a whole number from ${min} to ${max}.`;
  const digits = new RegExp(`^\\d{1,${String(max).length}}$`);
  return z
    .union([z.number(), z.string().regex(digits, message).transform(Number)], { error: message })
    .pipe(z.number({ error: message }).int(message).min(min, message).max(max, message));
}
