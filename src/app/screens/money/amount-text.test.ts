import { describe, expect, test } from 'vitest';
import { amountText } from './amount-text';

describe('amountText', () => {
  test('groups thousands and drops trailing zeros', () => {
    expect(amountText('100000')).toBe('100,000');
    expect(amountText('1234.56780000')).toBe('1,234.5678');
    expect(amountText('0.50000000')).toBe('0.5');
    expect(amountText('0')).toBe('0');
  });

  test('rounds nothing: every place the server sent stays', () => {
    expect(amountText('21000000.00000001')).toBe('21,000,000.00000001');
    expect(amountText('1.123456789')).toBe('1.123456789');
  });

  test('text that is not a plain decimal is shown as it came', () => {
    expect(amountText('1e5')).toBe('1e5');
    expect(amountText('')).toBe('');
  });
});
