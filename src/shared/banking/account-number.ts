import { countryCodes } from '../geo';
import { isValidIban } from './iban';

// The account_number of a bank account, in the compact form of compactBankNumber.

/**
 * US account numbers are 4 to 17 digits: 17 is the width of the account number in ACH (NACHA)
 * entries, and no US bank issues fewer than 4.
 */
export const DOMESTIC_ACCOUNT_NUMBER = /^\d{4,17}$/;

/**
 * Outside the US an account number is an IBAN where the country uses them, or the bank's own
 * number elsewhere: 4 to 34 letters and digits (34, the longest an IBAN may be).
 */
export const INTERNATIONAL_ACCOUNT_NUMBER = /^[A-Z0-9]{4,34}$/;

/** A country code and two digits: how every IBAN starts. */
function startsLikeIban(value: string): boolean {
  return /^[A-Z]{2}\d{2}/.test(value) && countryCodes.has(value.slice(0, 2));
}

/**
 * Whether `value` is an account number of a domestic (US) or international bank account. An
 * international number that starts like an IBAN (a country code and two digits) must be a valid
 * IBAN, check digits included: a mistyped IBAN is refused here rather than returned by the
 * bank days later. A number of zeros only is refused in both cases.
 */
export function isValidAccountNumber(value: string, options: { international: boolean }): boolean {
  if (/^0+$/.test(value)) return false;
  if (!options.international) return DOMESTIC_ACCOUNT_NUMBER.test(value);
  if (!INTERNATIONAL_ACCOUNT_NUMBER.test(value)) return false;
  return startsLikeIban(value) ? isValidIban(value) : true;
}
