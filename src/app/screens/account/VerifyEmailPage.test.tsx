// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../../shared/api/paths';
import { accountLimits } from '../../../shared/constants';
import { verificationMessages as m } from '../../../shared/messages';
import { session } from '../../session/session';
import { toast } from '../../toast/toast';
import { fakeApi, ok, problem, renderPage, settle, useCleanAccountState, wireUser } from './account-test-kit';
import VerifyEmailPage from './VerifyEmailPage';

useCleanAccountState();

const REQUEST = paths.auth.verificationRequest('email');
const CONFIRM = paths.auth.verificationConfirm('email');

function setup() {
  session.setUser(wireUser({ email_confirmed: false, phone_confirmed: false }));
  return renderPage(<VerifyEmailPage />, { path: '/verify/email' });
}

const code = () => screen.getByLabelText('Verification code');
const verify = () => screen.getByRole('button', { name: 'Verify' });
const resendLink = () => screen.queryByRole('button', { name: 'Resend code' });

describe('VerifyEmailPage (spec A §2/§4 email verification)', () => {
  it('A2.verification.page-parts: a code input, Verify, Resend and the support line', async () => {
    // A failed request brings the Resend link at once, so all four parts show without waiting.
    fakeApi().on('POST', REQUEST, { status: 503, body: undefined });
    setup();
    await vi.waitFor(() => expect(resendLink()).toBeTruthy());
    expect(code().tagName).toBe('INPUT');
    expect(verify()).toBeTruthy();
    const support = screen.getByRole('link', { name: /support@/ });
    expect(support.getAttribute('href')).toMatch(/^mailto:support@/);
    expect(support.parentElement?.textContent).toMatch(/Contact our support team/);
  });

  it('A4.verification.email-requests-on-load: the email page requests a code on load, once', async () => {
    const api = fakeApi().on('POST', REQUEST, ok({ message: 'Verification code sent.' }));
    setup();
    await vi.waitFor(() => expect(api.callsTo('POST', REQUEST)).toHaveLength(1));
    expect(screen.getByText(/ada@example.com/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /support@/ })).toBeTruthy();
  });

  it('A7.verification.email-request: the email code is requested by a POST without a body', async () => {
    const api = fakeApi().on('POST', REQUEST, ok());
    setup();
    await vi.waitFor(() => expect(api.callsTo('POST', REQUEST)).toHaveLength(1));
    expect(api.callsTo('POST', REQUEST)[0]?.body).toBeUndefined();
  });

  it('A5.verification.code-required, A5.verification.code-trimmed: code required, spaces only count as none', async () => {
    const api = fakeApi().on('POST', REQUEST, ok());
    const { user } = setup();
    await user.click(verify());
    expect(await screen.findByText(m.codeRequired)).toBeTruthy();
    // Spaces only are trimmed away: still nothing entered.
    await user.type(code(), '   ');
    await user.click(verify());
    expect(screen.getByText(m.codeRequired)).toBeTruthy();
    expect(code().getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', CONFIRM)).toHaveLength(0);
  });

  it('A4.verification.email-success-to-phone, A7.verification.confirm, A5.verification.code-trimmed: a correct code marks email_confirmed and goes to /verify/phone, replacing history', async () => {
    const api = fakeApi()
      .on('POST', REQUEST, ok())
      .on('POST', CONFIRM, ok({ success: true }));
    const { user } = setup();
    await user.type(code(), ' 482913 ');
    await user.click(verify());
    const location = await screen.findByTestId('location');
    expect(location.textContent).toBe('/verify/phone');
    expect(location.dataset.navigation).toBe('REPLACE');
    expect(api.bodyOf('POST', CONFIRM)).toEqual({ code: '482913' });
    expect(session.getSnapshot().user?.email_confirmed).toBe(true);
  });

  it("A5.verification.wrong-code-message: a wrong code shows 'The entered verification code is incorrect. Please try again.'", async () => {
    fakeApi()
      .on('POST', REQUEST, ok())
      .on('POST', CONFIRM, problem(400, m.codeIncorrect, { code: 'verification_code_incorrect' }));
    const { user } = setup();
    await user.type(code(), '000000');
    await user.click(verify());
    expect(await screen.findByText(m.codeIncorrect)).toBeTruthy();
    expect(screen.queryByTestId('location')).toBeNull();
    expect(session.getSnapshot().user?.email_confirmed).toBe(false);
  });

  it('A5.verification.wrong-code-message: a wrong code from a server without our wording still reads as incorrect', async () => {
    fakeApi()
      .on('POST', REQUEST, ok())
      .on('POST', CONFIRM, { status: 422, body: { error: 'bad code' } });
    const { user } = setup();
    await user.type(code(), '000000');
    await user.click(verify());
    expect(await screen.findByText(m.codeIncorrect)).toBeTruthy();
  });

  // With fake timers, user-event (through RTL's async wrapper) waits on a timer that never
  // fires, so these tests click with fireEvent and let answers settle without moving time.
  it('A4.verification.resend-after-delay, A8.verification.resend-success-text, A7.verification.email-request: resend link appears after 60 s (fake timers); a resend toasts the server message', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const api = fakeApi().on('POST', REQUEST, ok({ message: 'A new code is on its way.' }));
    const success = vi.spyOn(toast, 'success');
    setup();
    await settle(() => expect(api.callsTo('POST', REQUEST)).toHaveLength(1));
    await settle();

    await act(async () => vi.advanceTimersByTime(accountLimits.resendCodeDelayMs - 1));
    expect(resendLink()).toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(resendLink()).toBeTruthy();

    // Resending hides the link for another 60 s and confirms with the server's message.
    fireEvent.click(resendLink()!);
    await settle(() => expect(success).toHaveBeenCalledWith('A new code is on its way.'));
    expect(api.callsTo('POST', REQUEST)).toHaveLength(2);
    expect(resendLink()).toBeNull();
    await act(async () => vi.advanceTimersByTime(accountLimits.resendCodeDelayMs - 1));
    expect(resendLink()).toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(resendLink()).toBeTruthy();
  });

  it("A8.verification.resend-success-text: resend success without a server message: 'Verification code resent successfully.'", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const api = fakeApi().on('POST', REQUEST, ok());
    const success = vi.spyOn(toast, 'success');
    setup();
    await settle(() => expect(api.callsTo('POST', REQUEST)).toHaveLength(1));
    await settle();
    await act(async () => vi.advanceTimersByTime(accountLimits.resendCodeDelayMs));
    fireEvent.click(resendLink()!);
    await settle(() => expect(success).toHaveBeenCalledWith(m.resendSucceeded));
    // The code requested on load is not announced as a resend.
    expect(success).toHaveBeenCalledTimes(1);
  });

  it('A4.verification.resend-after-failure, A8.verification.request-failure-text: a failed request toasts its detail and offers resend at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const api = fakeApi().on(
      'POST',
      REQUEST,
      problem(429, 'Too many requests. Please wait a moment and try again.', { code: 'rate_limited' }),
      ok(),
    );
    const error = vi.spyOn(toast, 'error');
    setup();
    // No time passes: the failure alone brings the link.
    await settle(() => expect(resendLink()).toBeTruthy());
    expect(error).toHaveBeenCalledWith('Too many requests. Please wait a moment and try again.');
    // Only the page's own toast: the HTTP client's global one is silenced for this call.
    expect(error).toHaveBeenCalledTimes(1);

    fireEvent.click(resendLink()!);
    await settle(() => expect(api.callsTo('POST', REQUEST)).toHaveLength(2));
    expect(resendLink()).toBeNull();
  });

  it("A8.verification.request-failure-text: code request failure without detail: 'Failed to resend verification code. Please try again.'", async () => {
    fakeApi().on('POST', REQUEST, { status: 503, body: undefined });
    const error = vi.spyOn(toast, 'error');
    setup();
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith(m.resendFailed));
    expect(resendLink()).toBeTruthy();
  });
});
