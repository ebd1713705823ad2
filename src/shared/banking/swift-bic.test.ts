import { describe, expect, it } from 'vitest';
import { compactBankNumber } from './compact-bank-number';
import { isValidSwiftBic, parseSwiftBic } from './swift-bic';

describe('A5.bank-account.swift-format: SWIFT codes', () => {
  it('A5.bank-account.swift-format: 8- and 11-character codes of real banks pass, with their parts', () => {
    for (const code of ['DEUTDEFF', 'DEUTDEFF500', 'CHASUS33', 'BOFAUS3N', 'NWBKGB2L', 'BNPAFRPP', 'CITIUS33XXX', 'RBKOXKPR']) {
      expect(isValidSwiftBic(code), code).toBe(true);
    }
    expect(parseSwiftBic('DEUTDEFF500')).toEqual({ bank: 'DEUT', country: 'DE', location: 'FF', branch: '500' });
    expect(parseSwiftBic('CHASUS33')).toEqual({ bank: 'CHAS', country: 'US', location: '33', branch: undefined });
  });

  it("A5.bank-account.swift-format: the country must be one of the app's country list", () => {
    expect(isValidSwiftBic('DEUTZZFF')).toBe(false);
    expect(isValidSwiftBic('DEUTUKFF')).toBe(false); // the UK's ISO code is GB
    expect(isValidSwiftBic('DEUTGBFF')).toBe(true);
  });

  it('A5.bank-account.swift-format: wrong lengths and characters in the wrong places are refused', () => {
    const bads = ['', 'DEUTDEF', 'DEUTDEFF5', 'DEUTDEFF50', 'DEUTDEFF5000', 'DEU1DEFF', 'DEUTD3FF'];
    bads.push('DEUTDEF-', 'DEUTDEFF50-', 'deutdeff', 'DEUT DEFF');
    for (const bad of bads) {
      expect(isValidSwiftBic(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('A5.bank-account.swift-format: what a user typed with spaces or in lower case passes once compacted', () => {
    expect(compactBankNumber(' deut de ff 500 ')).toBe('DEUTDEFF500');
    expect(isValidSwiftBic(compactBankNumber('deut de ff'))).toBe(true);
  });
});
