import { describe, expect, it } from 'vitest';
import { isValidAccountNumber } from './account-number';
import { compactBankNumber } from './compact-bank-number';
import { isValidIban } from './iban';

const domestic = { international: false };
const international = { international: true };

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

describe('A5.bank-account.account-number-format: account numbers', () => {
  it('A5.bank-account.account-number-format: a domestic account number is 4 to 17 digits', () => {
    for (const good of ['1234', '000123456789', '12345678901234567']) expect(isValidAccountNumber(good, domestic), good).toBe(true);
    for (const bad of ['123', '123456789012345678', '12345A', '1234 5678', '', 'DE89370400440532013000']) {
      expect(isValidAccountNumber(bad, domestic), JSON.stringify(bad)).toBe(false);
    }
  });

  it('A5.bank-account.account-number-format: zeros only are refused, domestic or international', () => {
    expect(isValidAccountNumber('0000', domestic)).toBe(false);
    expect(isValidAccountNumber('00000000000000000', domestic)).toBe(false);
    expect(isValidAccountNumber('000000', international)).toBe(false);
  });

  it('A5.bank-account.account-number-format: an international account number is an IBAN or 4 to 34 letters and digits', () => {
    for (const iban of IBANS) expect(isValidAccountNumber(iban, international), iban).toBe(true);
    expect(isValidAccountNumber('1234567890', international)).toBe(true); // a bank's own number
    expect(isValidAccountNumber('AB1234567890', international)).toBe(true); // AB is no country: not an IBAN
    for (const bad of ['123', 'A'.repeat(35), 'DE89-3704', 'de89370400440532013000', '']) {
      expect(isValidAccountNumber(bad, international), JSON.stringify(bad)).toBe(false);
    }
  });

  it('A5.bank-account.account-number-format: an international number that starts like an IBAN must pass the IBAN check', () => {
    expect(isValidAccountNumber('GB82WEST12345698765433', international)).toBe(false); // last digit changed
    expect(isValidAccountNumber('GB28WEST12345698765432', international)).toBe(false); // check digits swapped
    expect(isValidAccountNumber('DE8937040044', international)).toBe(false); // cut short
  });

  it('A5.bank-account.account-number-format: an IBAN as printed, in groups of four, passes once compacted', () => {
    expect(isValidAccountNumber(compactBankNumber('de89 3704 0044 0532 0130 00'), international)).toBe(true);
  });
});

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
