import { describe, expect, it } from 'vitest';
import { DecimalFormatError, canonicalDecimal, divUnits, fromUnits, mulUnits, toUnits } from './units';

describe('money units (1e-8)', () => {
  it('API.money.decimal-strings: B9 decimal limit 8: toUnits parses up to 8 decimals and refuses more unless truncating', () => {
    expect(toUnits('1')).toBe(100_000_000n);
    expect(toUnits('0.00000001')).toBe(1n);
    expect(toUnits('-2.5')).toBe(-250_000_000n);
    expect(toUnits('12345678901.12345678')).toBe(1_234_567_890_112_345_678n);
    expect(() => toUnits('0.000000001')).toThrow(DecimalFormatError);
    expect(toUnits('0.123456789', { truncate: true })).toBe(12_345_678n);
    expect(toUnits('1.000000000')).toBe(100_000_000n);
    expect(() => toUnits('1e5')).toThrow(DecimalFormatError);
  });

  it('fromUnits writes the canonical form: no trailing zeros, at least one integer digit', () => {
    const cases: [bigint, string][] = [
      [0n, '0'],
      [1n, '0.00000001'],
      [10n, '0.0000001'],
      [12_345_678n, '0.12345678'],
      [100_000_000n, '1'],
      [150_000_000n, '1.5'],
      [-150_000_000n, '-1.5'],
      [-1n, '-0.00000001'],
      [1_234_567_890_112_345_678n, '12345678901.12345678'],
      [99_999_999n, '0.99999999'],
      [100_000_001n, '1.00000001'],
    ];
    for (const [units, text] of cases) expect(fromUnits(units)).toBe(text);
  });

  it('fromUnits pads to a minimum number of decimals when asked', () => {
    expect(fromUnits(0n, 2)).toBe('0.00');
    expect(fromUnits(150_000_000n, 2)).toBe('1.50');
    expect(fromUnits(12_345_678n, 2)).toBe('0.12345678');
  });

  it('round trip: fromUnits(toUnits(x)) is the canonical form of x', () => {
    expect(canonicalDecimal('001.500')).toBe('1.5');
    for (let i = 0; i < 2000; i++) {
      const units = BigInt(Math.floor(Math.random() * 1e15)) * (i % 2 ? -1n : 1n);
      expect(toUnits(fromUnits(units))).toBe(units);
    }
  });

  it('multiplication and division truncate toward zero to 8 decimals', () => {
    expect(mulUnits(toUnits('0.333'), toUnits('0.00000003'))).toBe(0n);
    expect(mulUnits(toUnits('2'), toUnits('1.5'))).toBe(toUnits('3'));
    expect(divUnits(toUnits('1'), toUnits('3'))).toBe(33_333_333n);
    expect(divUnits(toUnits('-1'), toUnits('3'))).toBe(-33_333_333n);
    expect(() => divUnits(1n, 0n)).toThrow(RangeError);
  });
});
