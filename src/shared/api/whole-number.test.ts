import { describe, expect, it } from 'vitest';
import { MAX_EPOCH_MS, wholeNumber } from './whole-number';

const limit = wholeNumber('limit', 1, 1000);
const fails = (value: unknown) => !limit.safeParse(value).success;

describe('whole numbers from outside stay within their range', () => {
  it('a JSON integer or a string of digits within the range', () => {
    expect(limit.parse(1)).toBe(1);
    expect(limit.parse('1000')).toBe(1000);
    expect(limit.parse('0042')).toBe(42);
  });

  it('out of range, fractions, signs, exponents, NaN-like text, long digit strings and other types are refused', () => {
    for (const v of [0, 1001, 1.5, -1, '-1', '+1', '1e3', '1.0', 'NaN', 'Infinity', '9'.repeat(400), '', [], {}, null, true, 1e308]) {
      expect(fails(v), JSON.stringify(v)).toBe(true);
    }
  });

  it('the error names the field and its range', () => {
    expect(limit.safeParse('abc').error?.issues[0]?.message).toBe('limit must be a whole number from 1 to 1000.');
    expect(limit.safeParse(5000).error?.issues[0]?.message).toBe('limit must be a whole number from 1 to 1000.');
  });

  it('timestamps stop at the last millisecond a Date can hold', () => {
    const ms = wholeNumber('expires', 1, MAX_EPOCH_MS);
    expect(new Date(ms.parse(String(MAX_EPOCH_MS))).toISOString()).toBe('+275760-09-13T00:00:00.000Z');
    expect(ms.safeParse(MAX_EPOCH_MS + 1).success).toBe(false);
    expect(ms.safeParse('9007199254740993').success).toBe(false);
  });
});
