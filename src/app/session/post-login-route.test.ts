// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import { userSchema, type UserWire } from '../../shared/api/users';
import { wireUser } from '../testing/users';
import { postLoginRoute } from './post-login-route';

const user = (overrides: Partial<UserWire>) => userSchema.parse(wireUser(overrides));

describe('A4.session.post-login-route-order: the first check that applies decides', () => {
  test('A4.session.post-login-corporation-business-step: a corporation without principal address goes to the business step first', () => {
    const u = user({ account_type: 'corporation', email_confirmed: false, phone_confirmed: false, enhanced_due_diligence_required: true });
    expect(postLoginRoute(u)).toBe('/business/principal-address');
  });

  test('A4.session.post-login-corporation-business-step: a corporation without beneficial owners goes to the business step', () => {
    const u = user({ account_type: 'corporation', has_submitted_principal_address: true, has_submitted_beneficial_owners: false });
    expect(postLoginRoute(u)).toBe('/business/principal-address');
  });

  test('A4.session.post-login-unverified-email: then an unverified email', () => {
    const u = user({
      account_type: 'corporation',
      has_submitted_principal_address: true,
      has_submitted_beneficial_owners: true,
      email_confirmed: false,
      phone_confirmed: false,
    });
    expect(postLoginRoute(u)).toBe('/verify/email');
    // An individual never needs the business steps.
    expect(postLoginRoute(user({ email_confirmed: false }))).toBe('/verify/email');
  });

  test('A4.session.post-login-unverified-phone: then an unverified phone', () => {
    expect(postLoginRoute(user({ phone_confirmed: false, enhanced_due_diligence_required: true }))).toBe('/verify/phone');
  });

  test('A4.session.post-login-edd, A3.user.flags-boolean-or-string: then enhanced due diligence (the flag may be the string true)', () => {
    expect(postLoginRoute(user({ enhanced_due_diligence_required: 'true' as unknown as boolean }))).toBe('/enhanced-due-diligence');
  });

  test('A2.login.success-goes-home, CORE.login.return-url-safe: else / or the safe returnUrl', () => {
    expect(postLoginRoute(user({}))).toBe('/');
    expect(postLoginRoute(user({}), '/portfolio?tab=2')).toBe('/portfolio?tab=2');
    expect(postLoginRoute(user({ email_confirmed: false }), '/portfolio')).toBe('/verify/email');
  });

  test('CORE.login.return-url-safe: an unsafe returnUrl is ignored', () => {
    for (const bad of [
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'portfolio',
      '/account/login?x=1',
    ]) {
      expect(postLoginRoute(user({}), bad)).toBe('/');
    }
  });
});
