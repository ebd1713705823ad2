import { Decimal } from './decimal';

// Prices key the book by their canonical decimal text ("50000.10" and "50000.1" are one level).
// This runs for every level of every book message, so the common already-canonical case is
// one regex test; anything else is normalised by hand, and exponent numbers go to decimal.js.

const CANONICAL_RE = /^(?:0|[1-9]\d*)(?:\.\d*[1-9])?$/;

/** Canonical text of a non-negative decimal given as string or number; null when malformed. */
export function canonicalNonNegative(value: unknown): string | null {
  if (typeof value === 'string') {
    if (isCanonical(value)) return value;
    return normalise(value.trim());
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    const text = String(value);
    if (CANONICAL_RE.test(text)) return text;
    // Exponent forms (1e-7, 1e+21): expand exactly through decimal.js.
    return normalise(new Decimal(text).toFixed());
  }
  return null;
}

/**
 * Canonical text of a non-negative decimal string with at most `maxFraction` decimals (extra
 * digits cut, never rounded); null when malformed. One pass, and no allocation when the input
 * is already canonical, which is what our server sends.
 */
export function scanDecimal(s: string, maxFraction: number): string | null {
  const n = s.length;
  if (n === 0) return null;
  let dot = -1;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === 46) {
      if (dot >= 0 || i === 0 || i === n - 1) return null;
      dot = i;
    } else if (c < 48 || c > 57) return null;
  }
  const intEnd = dot < 0 ? n : dot;
  let start = 0;
  while (start < intEnd - 1 && s.charCodeAt(start) === 48) start++;
  let end = dot < 0 ? n : Math.min(n, dot + 1 + maxFraction);
  if (dot >= 0) {
    while (end > dot + 1 && s.charCodeAt(end - 1) === 48) end--;
    if (end === dot + 1) end = dot;
  }
  return start === 0 && end === n ? s : s.slice(start, end);
}

/** One pass over the characters: digits with at most one inner point, no redundant zeros. */
function isCanonical(s: string): boolean {
  const n = s.length;
  if (n === 0) return false;
  let c = s.charCodeAt(0);
  if (c < 48 || c > 57) return false;
  let dot = -1;
  for (let i = 1; i < n; i++) {
    c = s.charCodeAt(i);
    if (c === 46) {
      if (dot >= 0) return false;
      dot = i;
    } else if (c < 48 || c > 57) return false;
  }
  if (s.charCodeAt(0) === 48 && n > 1 && dot !== 1) return false; // leading zero
  if (dot >= 0) return dot < n - 1 && s.charCodeAt(n - 1) !== 48; // "1." or trailing zero
  return true;
}

/** Strips leading integer zeros and trailing fraction zeros by hand (no regex: hot path). */
function normalise(text: string): string | null {
  const n = text.length;
  let dot = -1;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 46 /* . */) {
      if (dot >= 0 || i === 0) return null;
      dot = i;
    } else if (c < 48 || c > 57) return null;
  }
  if (n === 0 || dot === n - 1) return null;
  const intEnd = dot < 0 ? n : dot;
  let start = 0;
  while (start < intEnd - 1 && text.charCodeAt(start) === 48) start++;
  let end = n;
  if (dot >= 0) {
    while (end > dot + 1 && text.charCodeAt(end - 1) === 48) end--;
    if (end === dot + 1) end = dot; // nothing left after the point
  }
  return start === 0 && end === n ? text : text.slice(start, end);
}

/** Numeric order of two canonical non-negative decimals, without parsing them. */
export function compareCanonical(a: string, b: string): number {
  if (a === b) return 0;
  const ai = a.indexOf('.');
  const bi = b.indexOf('.');
  const al = ai < 0 ? a.length : ai;
  const bl = bi < 0 ? b.length : bi;
  if (al !== bl) return al - bl;
  // Same integer width: character order is numeric order (a prefix is the smaller number).
  return a < b ? -1 : 1;
}

/** Whether a canonical decimal is zero. */
export function isZeroCanonical(a: string): boolean {
  return a === '0';
}

/** Numeric order of two signed decimal strings (canonical or not); used off the hot path. */
export function compareDecimalText(a: string, b: string): number {
  return new Decimal(a).comparedTo(new Decimal(b));
}
