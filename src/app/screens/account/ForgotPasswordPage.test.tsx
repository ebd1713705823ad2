// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../shared/api/paths';
import { passwordMessages as m } from '../../../shared/messages';
import { fakeApi, ok, problem, renderPage, useCleanAccountState } from './account-test-kit';
import ForgotPasswordPage from './ForgotPasswordPage';

useCleanAccountState();

function setup() {
  return renderPage(<ForgotPasswordPage />, { path: '/account/password/forgot-password' });
}

const email = () => screen.getByLabelText('Email');
const send = () => screen.getByRole('button', { name: 'Send Reset Email' });

describe('ForgotPasswordPage (spec A §2 forgot password)', () => {
  it('A2.forgot-password.form: one email field and a Send Reset Email button', () => {
    setup();
    expect(screen.getAllByRole('textbox')).toEqual([email()]);
    expect(email().getAttribute('type')).toBe('email');
    expect(send().getAttribute('type')).toBe('submit');
  });

  it('A5.forgot-password.email-valid: an empty or malformed email reads Invalid email address', async () => {
    const api = fakeApi();
    const { user } = setup();
    await user.click(send());
    expect(await screen.findByText(m.invalidEmail)).toBeTruthy();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    await user.type(email(), 'ada@');
    expect(screen.getByText(m.invalidEmail)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it("A2.forgot-password.success-screen, A4.forgot-password.states, A8.forms.outcome-takes-focus, A7.password.forgot-password: success shows 'Password Reset Email Sent' with Back to Login", async () => {
    const api = fakeApi().on(
      'POST',
      paths.auth.forgotPassword,
      ok({ message: 'If the address is registered, a reset link is on its way.' }),
    );
    const { user } = setup();
    await user.type(email(), '  ada@example.com ');
    await user.click(send());
    const sent = await screen.findByRole('heading', { name: m.resetEmailSentTitle });
    // A8.forms.outcome-takes-focus: the pressed button left with the form; the outcome has the focus.
    expect(document.activeElement).toBe(sent);
    expect(api.bodyOf('POST', paths.auth.forgotPassword)).toEqual({ email: 'ada@example.com' });
    await user.click(screen.getByRole('link', { name: 'Back to Login' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/account/login');
  });

  it('A2.forgot-password.error-screen, A4.forgot-password.states, A4.forgot-password.try-again, A7.password.forgot-password, A8.forgot-password.failure-text: the server message, and try again returns to the form', async () => {
    fakeApi().on(
      'POST',
      paths.auth.forgotPassword,
      problem(429, 'Too many requests. Please wait a moment and try again.', { code: 'rate_limited' }),
    );
    const { user } = setup();
    await user.type(email(), 'ada@example.com');
    await user.click(send());
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Please wait a moment and try again.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((email() as HTMLInputElement).value).toBe('ada@example.com');
    expect(send()).toBeTruthy();
  });

  it('A8.forgot-password.failure-text: a failure without a server message shows the default text', async () => {
    fakeApi().on('POST', paths.auth.forgotPassword, () => {
      throw new TypeError('Failed to fetch');
    });
    const { user } = setup();
    await user.type(email(), 'ada@example.com');
    await user.click(send());
    expect((await screen.findByRole('alert')).textContent).toBe(m.forgotFailed);
  });

  it('A2.forgot-password.cancel: Cancel goes back to login', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/account/login');
  });
});
