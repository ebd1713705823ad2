// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../shared/api/paths';
import { passwordMessages as m, passwordPolicyMessages } from '../../../shared/messages';
import { deferred } from '../../testing/fake-fetch';
import { fakeApi, ok, problem, renderPage, useCleanAccountState, type FakeReply } from './account-test-kit';
import ResetPasswordPage from './ResetPasswordPage';

useCleanAccountState();

const PATH = '/account/password/reset-password';
const STRONG = 'Correct-Horse1!';

function setup(query = '?userId=1042&token=tok_9f8e7d') {
  return renderPage(<ResetPasswordPage />, { path: PATH, entry: `${PATH}${query}` });
}

const newPassword = () => screen.getByLabelText('New password');
const confirm = () => screen.getByLabelText('Confirm new password');
const submit = () => screen.getByRole('button', { name: 'Reset Password' });

describe('ResetPasswordPage (spec A §2 reset password)', () => {
  it("A4.reset-password.missing-params, A8.reset-password.missing-params-text: missing userId or token is an error at once: 'Invalid password reset link. Missing required parameters.'", () => {
    const api = fakeApi();
    setup('?token=abc');
    expect(screen.getByRole('heading', { name: m.invalidLinkTitle })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(m.resetMissingParams);
    expect(api.calls).toHaveLength(0);
  });

  it('A2.reset-password.loading-state, A4.reset-password.loading-to-form, A7.password.validate-reset-token: loading while the token is validated, then the form', async () => {
    const answer = deferred<FakeReply>();
    const api = fakeApi().on('POST', paths.auth.validateResetToken, () => answer.promise);
    setup();
    expect(screen.getByRole('status').textContent).toMatch(/Checking/);
    answer.resolve(ok({ valid: true }));
    expect(await screen.findByLabelText('New password')).toBeTruthy();
    expect(api.bodyOf('POST', paths.auth.validateResetToken)).toEqual({ user_id: '1042', token: 'tok_9f8e7d' });
  });

  it("A2.reset-password.error-state, A4.reset-password.loading-to-form, A8.reset-password.invalid-token-text, A7.password.validate-reset-token: an invalid token shows 'Invalid or Expired Link' with links to a new link and to login", async () => {
    fakeApi().on('POST', paths.auth.validateResetToken, ok({ valid: false }));
    setup();
    expect(await screen.findByRole('heading', { name: m.invalidLinkTitle })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(m.resetTokenInvalid);
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/account/password/forgot-password');
    expect(screen.getByRole('link', { name: 'Return to login' }).getAttribute('href')).toBe('/account/login');
  });

  it('A8.reset-password.invalid-token-text, A7.password.validate-reset-token: a rejected token shows the server message', async () => {
    fakeApi().on('POST', paths.auth.validateResetToken, problem(400, 'This link has already been used.', { code: 'reset_token_invalid' }));
    setup();
    expect((await screen.findByRole('alert')).textContent).toBe('This link has already been used.');
  });

  it('A5.reset-password.required, A5.reset-password.strength-message: an empty, short or symbol-less password reads the stronger password message', async () => {
    fakeApi().on('POST', paths.auth.validateResetToken, ok({ valid: true }));
    const { user } = setup();
    await screen.findByLabelText('New password');
    await user.click(submit());
    expect(await screen.findByText(m.weakPassword)).toBeTruthy();
    // 11 characters with every kind: still too short.
    await user.type(newPassword(), 'Abcdefgh1!x');
    expect(screen.getByText(m.weakPassword)).toBeTruthy();
    await user.clear(newPassword());
    // 12 characters but no symbol.
    await user.type(newPassword(), 'Abcdefgh1234');
    expect(screen.getByText(m.weakPassword)).toBeTruthy();
    await user.type(newPassword(), '@');
    expect(screen.queryByText(m.weakPassword)).toBeNull();
  });

  it('A5.reset-password.character-classes: a symbol other than @$!%*?& does not count; one of them does', async () => {
    const api = fakeApi().on('POST', paths.auth.validateResetToken, ok({ valid: true }));
    const { user } = setup();
    await screen.findByLabelText('New password');
    await user.type(newPassword(), 'Has#Wrong1Symbol');
    await user.type(confirm(), 'Has#Wrong1Symbol');
    await user.click(submit());
    expect(await screen.findByText(m.weakPassword)).toBeTruthy();
    expect(newPassword().getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', paths.auth.resetPassword)).toHaveLength(0);
    await user.type(newPassword(), '&');
    expect(screen.queryByText(m.weakPassword)).toBeNull();
  });

  it('A5.reset-password.confirmation-equal: Passwords do not match.', async () => {
    fakeApi().on('POST', paths.auth.validateResetToken, ok({ valid: true }));
    const { user } = setup();
    await screen.findByLabelText('New password');
    await user.type(newPassword(), STRONG);
    await user.type(confirm(), `${STRONG}x`);
    await user.click(submit());
    expect(await screen.findByText(m.passwordsDoNotMatch)).toBeTruthy();
    expect(confirm().getAttribute('aria-invalid')).toBe('true');
  });

  it("A2.reset-password.success-state, A8.forms.outcome-takes-focus, A4.reset-password.form-to-result, A7.password.reset-password: success shows 'Password Changed!' with Go to Login", async () => {
    const api = fakeApi()
      .on('POST', paths.auth.validateResetToken, ok({ valid: true }))
      .on('POST', paths.auth.resetPassword, ok({ success: true, message: 'Password changed.' }));
    const { user } = setup();
    await screen.findByLabelText('New password');
    await user.type(newPassword(), STRONG);
    await user.type(confirm(), STRONG);
    await user.click(submit());
    // A8.forms.outcome-takes-focus: the outcome that replaced the form has the focus.
    const changed = await screen.findByRole('heading', { name: m.passwordChangedTitle });
    expect(document.activeElement).toBe(changed);
    expect(api.bodyOf('POST', paths.auth.resetPassword)).toEqual({
      user_id: '1042',
      token: 'tok_9f8e7d',
      new_password: STRONG,
      confirm_password: STRONG,
    });
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/account/login');
  });

  it('API.security.breached-password-refused: a breached password refused by the server shows on the field and keeps the form (the link is still good)', async () => {
    const api = fakeApi()
      .on('POST', paths.auth.validateResetToken, ok({ valid: true }))
      .on(
        'POST',
        paths.auth.resetPassword,
        problem(400, passwordPolicyMessages.breached, {
          code: 'password_breached',
          errors: { new_password: [passwordPolicyMessages.breached] },
        }),
        ok({ success: true, message: 'Password changed.' }),
      );
    const { user } = setup();
    await screen.findByLabelText('New password');
    await user.type(newPassword(), 'P@ssw0rd2024!');
    await user.type(confirm(), 'P@ssw0rd2024!');
    await user.click(submit());
    expect(await screen.findByText(passwordPolicyMessages.breached)).toBeTruthy();
    expect(newPassword().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('heading', { name: m.invalidLinkTitle })).toBeNull();

    await user.clear(newPassword());
    await user.type(newPassword(), STRONG);
    await user.clear(confirm());
    await user.type(confirm(), STRONG);
    await user.click(submit());
    expect(await screen.findByRole('heading', { name: m.passwordChangedTitle })).toBeTruthy();
    expect(api.callsTo('POST', paths.auth.resetPassword)).toHaveLength(2);
  });

  it('A4.reset-password.form-to-result, A8.reset-password.failure-text, A7.password.reset-password: a failed reset without a message shows the default text', async () => {
    fakeApi()
      .on('POST', paths.auth.validateResetToken, ok({ valid: true }))
      .on('POST', paths.auth.resetPassword, { status: 500, body: undefined });
    const { user } = setup();
    await screen.findByLabelText('New password');
    await user.type(newPassword(), STRONG);
    await user.type(confirm(), STRONG);
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(m.resetFailed);
    expect(screen.getByRole('heading', { name: m.invalidLinkTitle })).toBeTruthy();
  });

  it("A8.reset-password.failure-text: a failed reset shows the server's message", async () => {
    fakeApi()
      .on('POST', paths.auth.validateResetToken, ok({ valid: true }))
      .on('POST', paths.auth.resetPassword, problem(400, 'This link has already been used.', { code: 'reset_token_invalid' }));
    const { user } = setup();
    await screen.findByLabelText('New password');
    await user.type(newPassword(), STRONG);
    await user.type(confirm(), STRONG);
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('This link has already been used.');
  });
});
