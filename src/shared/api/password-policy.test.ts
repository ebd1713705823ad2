import { describe, expect, it } from 'vitest';
import { newPasswordField } from './auth';
import { brokenPasswordRules, RESET_PASSWORD_SYMBOLS } from './password-policy';
import { registerPasswordField } from './users';

describe('password policy', () => {
  it('A5.reset-password.character-classes: the reset symbol is one of @$!%*?&, no other character counts', () => {
    for (const symbol of RESET_PASSWORD_SYMBOLS) expect(brokenPasswordRules(`Abcdefgh123${symbol}`, 'reset'), symbol).toEqual([]);
    for (const symbol of ['#', '-', '_', '+', '=', '^', '~', ' ', '.', '/', '€', 'é']) {
      expect(brokenPasswordRules(`Abcdefgh123${symbol}`, 'reset'), symbol).toEqual(['symbol']);
      expect(newPasswordField.safeParse(`Abcdefgh123${symbol}`).success, symbol).toBe(false);
    }
    // Other characters may stand beside the listed symbol.
    expect(newPasswordField.safeParse('Has#Other1Symbol!').success).toBe(true);
  });

  it('A5.reset-password.character-classes, A5.reset-password.min-length-12: each missing class and a short password are named', () => {
    expect(brokenPasswordRules('NoDigitsHere!!', 'reset')).toEqual(['digit']);
    expect(brokenPasswordRules('nouppercase1!!', 'reset')).toEqual(['uppercase']);
    expect(brokenPasswordRules('NOLOWERCASE1!!', 'reset')).toEqual(['lowercase']);
    expect(brokenPasswordRules('Abcdefgh1!x', 'reset')).toEqual(['length']);
    expect(brokenPasswordRules('aA!', 'reset')).toEqual(['length', 'digit']);
  });

  it('A5.register.password-needs-non-alphanumeric, API.security.password-rule-registration: registration takes any non-alphanumeric symbol, with 12 characters and a digit', () => {
    for (const symbol of ['#', '-', '_', ' ', '€', '@'])
      expect(brokenPasswordRules(`Abcdefgh123${symbol}`, 'register'), symbol).toEqual([]);
    expect(registerPasswordField.safeParse('Has#Other1Symbol').success).toBe(true);
    expect(brokenPasswordRules('aA!', 'register')).toEqual(['length', 'digit']);
    expect(brokenPasswordRules('Abcdefgh1234', 'register')).toEqual(['symbol']);
  });
});
