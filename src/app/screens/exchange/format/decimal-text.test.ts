import { describe, expect, test } from 'vitest';
import { amountDecimals, decimalSign, formatAmount, formatDecimal, formatPercent, formatPrice, priceDecimals } from './decimal-text';

describe('B9 number formatting', () => {
  test('B9.format.prices-2-decimals: 2 decimals with grouping, rounded half-up on the digits', () => {
    expect(formatPrice('60123.45')).toBe('60,123.45');
    expect(formatPrice('60000')).toBe('60,000.00');
    expect(formatPrice('0.1')).toBe('0.10');
    expect(formatPrice('1234567.995')).toBe('1,234,568.00');
    expect(formatPrice('999.994')).toBe('999.99');
  });

  test('B9 prices below 1 keep the places the pair carries (ETH/BTC)', () => {
    expect(formatPrice('0.050123')).toBe('0.050123');
    expect(priceDecimals(['0.05', '0.050123', '0.0501'])).toBe(6);
    expect(formatPrice('0.05', 6)).toBe('0.050000');
    expect(priceDecimals(['60000.1', '60000.15'])).toBe(2);
    expect(priceDecimals(['0.123456789'])).toBe(8);
    expect(priceDecimals([])).toBe(2);
  });

  test('B9.format.amounts-8-decimals, B9.format.crypto-2-8: amounts: at least 2, up to 8 decimals', () => {
    expect(formatAmount('0.123456789')).toBe('0.12345679');
    expect(formatAmount('1.5')).toBe('1.50');
    expect(formatAmount('1234.00000001')).toBe('1,234.00000001');
    expect(amountDecimals(['0.5063', '0.19351', '2'])).toBe(5);
    expect(amountDecimals(['0.123456789'])).toBe(8);
    expect(formatAmount('0.15', 5)).toBe('0.15000');
  });

  test('B9.format.placeholders: no float artefacts, no crash on bad text', () => {
    expect(formatDecimal('0.30000000000000004', { minDecimals: 0, maxDecimals: 8 })).toBe('0.3');
    expect(formatAmount(null)).toBe('—');
    expect(formatAmount('abc')).toBe('—');
    expect(formatDecimal('1234', { minDecimals: 0, maxDecimals: 2, group: false })).toBe('1234');
  });

  test('B2 change percent is signed', () => {
    expect(formatPercent('1.2')).toBe('+1.20%');
    expect(formatPercent('-0.456')).toBe('-0.46%');
    expect(formatPercent('0')).toBe('0.00%');
    expect(formatPercent('-0.001')).toBe('0.00%');
    expect(decimalSign('-0.45')).toBe(-1);
    expect(decimalSign('0.00')).toBe(0);
    expect(decimalSign('3')).toBe(1);
  });
});
