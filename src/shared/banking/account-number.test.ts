import { describe, expect, it } from 'vitest';
import { isValidAccountNumber } from './account-number';
import { compactBankNumber } from './compact-bank-number';

const domestic = { international: false };
const international = { international: true };

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
    // IBANs published as examples (their check digits: iban.test.ts).
    for (const iban of ['GB82WEST12345698765432', 'FR1420041010050500013M02606', 'NO9386011117947']) {
      expect(isValidAccountNumber(iban, international), iban).toBe(true);
    }
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
