import { accountLimits } from '../constants';

// One password rule for every password the server accepts (registration and reset), so an
// account can never hold a password weaker than the reset form would allow.
//
// Spec A §5 gives two rules: register step 1 asks for a non-alphanumeric character, a lowercase
// and an uppercase letter; the reset form asks for 12 characters with a lowercase, an
// uppercase, a digit and one of @$!%*?&. The rule here is their union, with the symbol read as
// register step 1 reads it (any character that is not an ASCII letter or digit): a password the
// registration accepts can then always be chosen again at reset.

/** Spec A §9 names 12 for the reset; registration uses the same minimum. */
export const PASSWORD_MIN_LENGTH = accountLimits.resetPasswordMinLength;
/** Long enough for any passphrase, short enough that hashing it costs nothing unusual. */
export const PASSWORD_MAX_LENGTH = 256;

export type PasswordRule = 'length' | 'symbol' | 'lowercase' | 'uppercase' | 'digit';

const rules: ReadonlyArray<readonly [PasswordRule, (value: string) => boolean]> = [
  ['length', (v) => [...v].length >= PASSWORD_MIN_LENGTH],
  ['symbol', (v) => /[^a-zA-Z0-9]/.test(v)],
  ['lowercase', (v) => /[a-z]/.test(v)],
  ['uppercase', (v) => /[A-Z]/.test(v)],
  ['digit', (v) => /\d/.test(v)],
];

/** The rules `value` breaks, in a fixed order (length first); empty when it is acceptable. */
export function brokenPasswordRules(value: string): PasswordRule[] {
  return rules.filter(([, holds]) => !holds(value)).map(([rule]) => rule);
}
