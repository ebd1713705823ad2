import type { Option } from './geo';

// Enumerations of spec A §3.

export const accountTypes = ['individual', 'corporation'] as const;
export type AccountType = (typeof accountTypes)[number];
export const accountTypeOptions: readonly Option[] = [
  { value: 'individual', label: 'Individual' },
  { value: 'corporation', label: 'Business' },
];

export const individualAccountPurposes = [
  'Trading',
  'Selling only',
  'Online purchases',
  'Online payments',
  'Investing',
  'Buying only',
  'Business',
  'Other',
] as const;

export const businessAccountPurposes = [
  'Treasury Management',
  'Operating',
  'Liquidating Crypto Assets',
  'Investment Fund',
  'Cross Border Payments',
  'Arbitrage Trading',
  'Other',
] as const;

export const organizationTypes = ['Trust', 'Sole Proprietor', 'LLC', 'Partnership', 'Corporation', 'Other'] as const;

// Spec A §3 names 7 of the 22 business types; the other 15 are our completion of the list.
export const businessTypes = [
  'Hedge Fund',
  'Private Equity Fund',
  'Mutual Fund',
  'Proprietary Trading Firm',
  'Money Service Business',
  'Crypto Exchange',
  'Merchant',
  'Venture Capital Fund',
  'Family Office',
  'Asset Manager',
  'Broker-Dealer',
  'Bank',
  'Payment Processor',
  'Crypto Miner',
  'OTC Desk',
  'Market Maker',
  'Fintech',
  'Non-Profit Organization',
  'Holding Company',
  'Real Estate',
  'Technology Company',
  'Other',
] as const;

export const idTypes = ['ssn', 'passport'] as const;
export type IdType = (typeof idTypes)[number];
export const idTypeLabels: Readonly<Record<IdType, string>> = { ssn: 'SSN', passport: 'Passport' };

/** Spec A §3/§4: ssn and passport for US, passport only otherwise. */
export function idTypesFor(countryCode: string): readonly IdType[] {
  return countryCode === 'US' ? idTypes : ['passport'];
}

/** The Withdraw modal's USD transfer methods (spec A §2). */
export const transferTypes = [
  { value: 'ach', label: 'ACH Transfer' },
  { value: 'wire', label: 'Wire Transfer' },
] as const;

export const roles = ['client', 'admin'] as const;
export const DEFAULT_ROLE = 'client';
