import { accountLimits } from '../constants';

// The password rules the server and the forms share, so the two can never disagree.
//
// Spec A §5 gives two rules. Register step 1 asks for a non-alphanumeric character, a lowercase
// and an uppercase letter; we add the reset's 12 characters and digit to it, so registration
// is never weaker than the reset. The reset form asks for 12 characters with a lowercase, an
// uppercase, a digit and one of @$!%*?&, and keeps exactly that: its symbol must be one of
// those seven characters (other characters may appear besides, as the spec's pattern allows).

/** Spec A §9 names 12 for the reset; registration uses the same minimum. */
export const PASSWORD_MIN_LENGTH = accountLimits.resetPasswordMinLength;
/** Long enough for any passphrase, short enough that hashing it costs nothing unusual. */
export const PASSWORD_MAX_LENGTH = 256;
/** Spec A §5: the reset password needs one of these. */
export const RESET_PASSWORD_SYMBOLS = '@$!%*?&';

export type PasswordRule = 'length' | 'symbol' | 'lowercase' | 'uppercase' | 'digit';
/** Which form's rule: register step 1's (any symbol) or the reset's (one of RESET_PASSWORD_SYMBOLS). */
export type PasswordPolicy = 'register' | 'reset';

const symbolOf: Record<PasswordPolicy, RegExp> = {
  register: /[^a-zA-Z0-9]/,
  reset: /[@$!%*?&]/,
};

function rulesOf(policy: PasswordPolicy): ReadonlyArray<readonly [PasswordRule, (value: string) => boolean]> {
  return [
    ['length', (v) => [...v].length >= PASSWORD_MIN_LENGTH],
    ['symbol', (v) => symbolOf[policy].test(v)],
    ['lowercase', (v) => /[a-z]/.test(v)],
    ['uppercase', (v) => /[A-Z]/.test(v)],
    ['digit', (v) => /\d/.test(v)],
  ];
}

const rules: Record<PasswordPolicy, ReturnType<typeof rulesOf>> = { register: rulesOf('register'), reset: rulesOf('reset') };

/** The rules `value` breaks under `policy`, in a fixed order (length first); empty when it is acceptable. */
export function brokenPasswordRules(value: string, policy: PasswordPolicy): PasswordRule[] {
  return rules[policy].filter(([, holds]) => !holds(value)).map(([rule]) => rule);
}
