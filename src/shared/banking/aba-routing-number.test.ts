import { describe, expect, it } from 'vitest';
import { isValidAbaRoutingNumber } from './aba-routing-number';

// Routing numbers published by the banks and the Federal Reserve.
const PUBLISHED = [
  '011000015', // Federal Reserve Bank of Boston
  '021000021', // JPMorgan Chase, New York
  '026009593', // Bank of America, New York
  '121000248', // Wells Fargo, San Francisco
  '111000025', // Bank of America, Texas
  '322271627', // Chase, California (thrift range)
  '071000013', // Chase, Illinois
  '256074974', // Navy Federal Credit Union
];

describe('A5.bank-account.routing-aba-checksum: ABA routing numbers', () => {
  it('A5.bank-account.routing-aba-checksum: published routing numbers pass', () => {
    for (const r of PUBLISHED) expect(isValidAbaRoutingNumber(r), r).toBe(true);
  });

  it('A5.bank-account.routing-aba-checksum: every single mistyped digit is caught by the 3-7-1 check digit', () => {
    for (const r of PUBLISHED) {
      for (let i = 0; i < 9; i += 1) {
        for (let d = 0; d <= 9; d += 1) {
          if (String(d) === r[i]) continue;
          const typo = r.slice(0, i) + d + r.slice(i + 1);
          expect(isValidAbaRoutingNumber(typo), typo).toBe(false);
        }
      }
    }
  });

  // Digits 5 apart swapped are the exception: no weighting of 3, 7 and 1 can tell them.
  it('A5.bank-account.routing-aba-checksum: two swapped neighbours are caught (but for digits 5 apart)', () => {
    expect(isValidAbaRoutingNumber('120100248')).toBe(false); // 121000248 with digits 3 and 4 swapped
    expect(isValidAbaRoutingNumber('026090593')).toBe(false); // 026009593 with digits 5 and 6 swapped
  });

  it('A5.bank-account.routing-aba-checksum: a valid check digit under an unknown prefix is refused', () => {
    // 3·(1+0+0) + 7·(3+0+0) + 6 = 30: the sum holds, but no institution starts with 13 (nor 50).
    expect(isValidAbaRoutingNumber('130000006')).toBe(false);
    expect(isValidAbaRoutingNumber('500000005')).toBe(false);
    expect(isValidAbaRoutingNumber('800000006')).toBe(true); // 3·8 + 6 = 30 under 80, traveller's cheques
  });

  it('A5.bank-account.routing-aba-checksum: anything but nine digits, and nine zeros, are refused', () => {
    for (const bad of ['', '02100002', '0210000210', '02100002a', '021-000-021', ' 021000021', '021000021 ', '000000000', '+21000021']) {
      expect(isValidAbaRoutingNumber(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});
