import { describe, expect, it } from 'vitest';
import { brokenPasswordRules } from '../../shared/api/password-policy';
import { passwordPolicyMessages } from '../../shared/messages';
import { AppError } from '../errors';
import { assertNotBreached, isBreachedPassword } from './breached-passwords';

describe('API.security.breached-password-refused: breached passwords', () => {
  it('refuses listed passwords, whatever the case', () => {
    for (const p of ['password', '123456', 'qwertyuiop', 'PASSWORD', '1qaz2wsx3edc']) expect(isBreachedPassword(p), p).toBe(true);
  });

  it('refuses a listed password dressed up to pass the rules: capitals, l33t, digits and symbols around it', () => {
    for (const p of [
      'Password123!',
      'P@ssw0rd2024!',
      'Summer1985!!',
      '!!Football#1234',
      'Welcome@2024',
      '@Dministrator1',
      'Dragon123456!',
    ]) {
      // Each of these passes the composition rule, so only the list stops it.
      expect(brokenPasswordRules(p, 'register'), p).toEqual([]);
      expect(isBreachedPassword(p), p).toBe(true);
    }
  });

  it('accepts passwords that are not a listed word in disguise', () => {
    for (const p of ['Str0ng!Passw0rd', 'An0ther$ecret!', '7Kp!x9Q2mZ#4', 'Correct-Horse-Battery-9', 'Secret!Pass1', 'DemoTrader@2025']) {
      expect(isBreachedPassword(p), p).toBe(false);
    }
  });

  it('answers password_breached naming the field', () => {
    expect(() => assertNotBreached('Str0ng!Passw0rd', 'password')).not.toThrow();
    try {
      assertNotBreached('Password123!', 'new_password');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: 'password_breached', errors: { new_password: [passwordPolicyMessages.breached] } });
    }
  });
});
