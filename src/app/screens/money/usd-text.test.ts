import { describe, expect, test } from 'vitest';
import { usdText } from './usd-text';

describe('usdText', () => {
  test('groups thousands and keeps the places it was given', () => {
    expect(usdText('359938.38')).toBe('$359,938.38');
    expect(usdText('30100.00')).toBe('$30,100.00');
    expect(usdText('25000')).toBe('$25,000');
    expect(usdText('999.5')).toBe('$999.5');
    expect(usdText('0.00')).toBe('$0.00');
  });

  test('puts the sign before the dollar sign', () => {
    expect(usdText('-1234.10')).toBe('-$1,234.10');
  });

  test('anything that is not a decimal shows as the placeholder', () => {
    expect(usdText(null)).toBe('—');
    expect(usdText('1e5')).toBe('—');
  });
});
