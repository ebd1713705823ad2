import { describe, expect, it } from 'vitest';
import { isValidIban } from './iban';

// Example IBANs published by the banks' associations and in ISO 13616.
const IBANS = [
  'GB82WEST12345698765432',
  'DE89370400440532013000',
  'FR1420041010050500013M02606',
  'NL91ABNA0417164300',
  'CH9300762011623852957',
  'NO9386011117947', // the shortest: 15
  'MT84MALT011000012345MTLCAST001S',
];

describe('A5.bank-account.account-number-format: IBAN check digits', () => {
  it('A5.bank-account.account-number-format: the published IBANs pass and any one changed character fails', () => {
    for (const iban of IBANS) {
      expect(isValidIban(iban), iban).toBe(true);
      for (let i = 2; i < iban.length; i += 1) {
        const ch = iban[i]!;
        const other = /\d/.test(ch) ? String((Number(ch) + 1) % 10) : ch === 'Z' ? 'A' : String.fromCharCode(ch.charCodeAt(0) + 1);
        const typo = iban.slice(0, i) + other + iban.slice(i + 1);
        expect(isValidIban(typo), typo).toBe(false);
      }
    }
  });

  it('A5.bank-account.account-number-format: an unknown country, a wrong length or a non-digit check is refused', () => {
    expect(isValidIban('ZZ82WEST12345698765432')).toBe(false);
    expect(isValidIban('GBX2WEST12345698765432')).toBe(false);
    expect(isValidIban('GB82WEST1234')).toBe(false);
    expect(isValidIban(`GB82${'1'.repeat(31)}`)).toBe(false);
  });
});
