import { countryCodes } from '../geo';

// SWIFT codes (BIC, ISO 9362) of an international bank account.

export interface SwiftBic {
  /** Four letters naming the institution. */
  bank: string;
  /** The ISO 3166-1 alpha-2 code of its country. */
  country: string;
  /** Two letters or digits naming its location. */
  location: string;
  /** Three letters or digits naming a branch; absent (or XXX) for the head office. */
  branch: string | undefined;
}

const SWIFT_BIC = /^([A-Z]{4})([A-Z]{2})([A-Z0-9]{2})([A-Z0-9]{3})?$/;

/**
 * The parts of an 8- or 11-character SWIFT code in upper case (compactBankNumber makes what a
 * user typed so), or undefined when it is not one: the country must be one of the app's
 * country list (src/shared/geo.ts), which also carries XK, the code SWIFT gives Kosovo.
 */
export function parseSwiftBic(value: string): SwiftBic | undefined {
  const m = SWIFT_BIC.exec(value);
  if (!m || !countryCodes.has(m[2]!)) return undefined;
  return { bank: m[1]!, country: m[2]!, location: m[3]!, branch: m[4] };
}

export function isValidSwiftBic(value: string): boolean {
  return parseSwiftBic(value) !== undefined;
}
