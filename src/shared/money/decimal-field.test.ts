import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalString, MAX_DECIMAL_TEXT, positiveDecimalString } from './decimal-field';

const price = positiveDecimalString('Price');
const messages = (value: unknown) => {
  const r = price.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('wire decimals are bounded before they are parsed', () => {
  it('plain digits with up to 8 decimals are accepted, trimmed, as strings', () => {
    expect(price.parse(' 30000.5 ')).toBe('30000.5');
    expect(price.parse(12.5)).toBe('12.5');
    expect(price.parse('999999999999999.99999999')).toBe('999999999999999.99999999');
    expect(decimalString('Amount').parse('0')).toBe('0');
  });

  it('exponent notation, in text or as a JSON number, is refused as not a decimal', () => {
    for (const v of ['1e308', '1E-7', '1e+21', 1e21, 1e-7, 1e308]) expect(messages(v)).toEqual(['Price must be a decimal number.']);
  });

  it('NaN-like text, signs, hex and digits of other scripts are refused', () => {
    for (const v of ['NaN', 'Infinity', '-1', '+1', '0x10', '1_000', '1,5', '١٢٣', '１２３', '.5', '5.']) {
      expect(messages(v), JSON.stringify(v)).toEqual(['Price must be a decimal number.']);
    }
  });

  it('A8.forms.empty-decimal-is-required: empty or blank text is required, not a malformed number', () => {
    for (const v of ['', ' ', '\t']) expect(messages(v), JSON.stringify(v)).toEqual(['Price is required.']);
  });

  it('objects, arrays, booleans and null are refused with one message', () => {
    for (const v of [{}, [], ['1'], true, null]) expect(messages(v)).toEqual(['Price must be a decimal number.']);
  });

  it('more than 15 integer digits, or more than 40 characters of digits, is too large', () => {
    expect(messages('1234567890123456')).toEqual(['Price is too large.']);
    expect(messages('9'.repeat(70_000))).toEqual(['Price is too large.']);
    expect(messages(`1.${'0'.repeat(MAX_DECIMAL_TEXT)}`)).toEqual(['Price is too large.']);
    expect(messages('a'.repeat(70_000))).toEqual(['Price must be a decimal number.']);
  });

  it('more than 8 decimals and zero are refused with their own messages', () => {
    expect(messages('0.000000001')).toEqual(['Price must have up to 8 decimal places.']);
    expect(messages('0')).toEqual(['Price must be greater than 0.']);
    const threePlaces = positiveDecimalString('stop_percent', 2).safeParse('1.234');
    expect(threePlaces.error?.issues[0]?.message).toBe('stop_percent must have up to 2 decimal places.');
  });

  it('whatever arrives, parsing never throws: one issue at most, and what passes is plain digits', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.jsonValue(), fc.string({ unit: 'grapheme' }), fc.stringMatching(/^[-+ ]?\d{0,30}(\.\d{0,30})?([eE][+-]?\d{1,4})?$/)),
        (value) => {
          const r = price.safeParse(value);
          if (r.success) expect(r.data).toMatch(/^\d{1,15}(\.\d{1,8})?$/);
          else expect(r.error.issues).toHaveLength(1);
        },
      ),
      { numRuns: 500 },
    );
  });
});
