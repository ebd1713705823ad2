import { describe, expect, it } from 'vitest';
import { businessAccountPurposes, businessTypes, individualAccountPurposes, organizationTypes, transferTypes } from './enums';

// The lists are the spec's own (spec A §3): a changed or reordered entry changes what users pick from.
describe('registration and withdrawal enumerations (spec A §3)', () => {
  it('A3.enums.individual-purposes: the eight individual account purposes', () => {
    expect(individualAccountPurposes).toEqual([
      'Trading',
      'Selling only',
      'Online purchases',
      'Online payments',
      'Investing',
      'Buying only',
      'Business',
      'Other',
    ]);
  });

  it('A3.enums.business-purposes: the seven business account purposes', () => {
    expect(businessAccountPurposes).toEqual([
      'Treasury Management',
      'Operating',
      'Liquidating Crypto Assets',
      'Investment Fund',
      'Cross Border Payments',
      'Arbitrage Trading',
      'Other',
    ]);
  });

  it('A3.enums.organization-types: Trust, Sole Proprietor, LLC, Partnership, Corporation and Other', () => {
    expect(organizationTypes).toEqual(['Trust', 'Sole Proprietor', 'LLC', 'Partnership', 'Corporation', 'Other']);
  });

  it('A3.enums.business-types: 22 distinct business types, the seven the spec names among them', () => {
    expect(businessTypes).toHaveLength(22);
    expect(new Set(businessTypes).size).toBe(22);
    for (const named of [
      'Hedge Fund',
      'Private Equity Fund',
      'Mutual Fund',
      'Proprietary Trading Firm',
      'Money Service Business',
      'Crypto Exchange',
      'Merchant',
    ]) {
      expect(businessTypes).toContain(named);
    }
  });

  it('A3.enums.transfer-types: usd withdrawals go by ACH Transfer or Wire Transfer', () => {
    expect(transferTypes).toEqual([
      { value: 'ach', label: 'ACH Transfer' },
      { value: 'wire', label: 'Wire Transfer' },
    ]);
  });
});
