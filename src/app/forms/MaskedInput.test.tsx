// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { applyMask } from './MaskedInput';

describe('applyMask (spec A §5 SSN mask 000-00-0000)', () => {
  const ssn = '000-00-0000';
  it.each([
    ['', ''],
    ['1', '1'],
    ['123', '123'],
    ['1234', '123-4'],
    ['12345', '123-45'],
    ['123456', '123-45-6'],
    ['123456789', '123-45-6789'],
    ['1234567890', '123-45-6789'],
    ['123-45-6789', '123-45-6789'],
    ['12a3 4-5', '123-45'],
    ['123-', '123'],
  ])('%j → %j', (typed, shown) => {
    expect(applyMask(ssn, typed)).toBe(shown);
  });
});
