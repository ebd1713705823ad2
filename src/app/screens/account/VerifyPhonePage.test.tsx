// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../../shared/api/paths';
import { accountLimits } from '../../../shared/constants';
import { verificationMessages as m } from '../../../shared/messages';
import { session } from '../../session/session';
import { ManualTimers } from '../../time/manual-timers';
import { fakeApi, ok, problem, renderPage, useCleanAccountState, wireUser } from './account-test-kit';
import VerifyPhonePage from './VerifyPhonePage';

useCleanAccountState();

const REQUEST = paths.auth.verificationRequest('phone');
const CONFIRM = paths.auth.verificationConfirm('phone');

function setup(timers?: ManualTimers) {
  session.setUser(wireUser({ email_confirmed: true, phone_confirmed: false }));
  return renderPage(<VerifyPhonePage {...(timers ? { timers } : {})} />, { path: '/verify/phone' });
}

const code = () => screen.getByLabelText('Verification code');
const verify = () => screen.getByRole('button', { name: 'Verify' });

describe('VerifyPhonePage (spec A §2/§4 phone verification)', () => {
  it('A4.verification.phone-requests-on-load: the phone page requests an SMS code on load', async () => {
    const api = fakeApi().on('POST', REQUEST, ok());
    setup();
    await vi.waitFor(() => expect(api.callsTo('POST', REQUEST)).toHaveLength(1));
    expect(screen.getByText(/\+15551234567/)).toBeTruthy();
  });

  it('A7.verification.phone-request: the SMS code is requested by a POST without a body', async () => {
    const api = fakeApi().on('POST', REQUEST, ok());
    setup();
    await vi.waitFor(() => expect(api.callsTo('POST', REQUEST)).toHaveLength(1));
    expect(api.callsTo('POST', REQUEST)[0]?.body).toBeUndefined();
  });

  it('A5.verification.code-required: code required (phone)', async () => {
    fakeApi().on('POST', REQUEST, ok());
    const { user } = setup();
    await user.click(verify());
    expect(await screen.findByText(m.codeRequired)).toBeTruthy();
  });

  it('A4.verification.phone-success-to-home, A7.verification.confirm: a correct code marks phone_confirmed and goes to /, replacing history', async () => {
    const api = fakeApi()
      .on('POST', REQUEST, ok())
      .on('POST', CONFIRM, ok({ success: true }));
    const { user } = setup();
    await user.type(code(), '123456');
    await user.click(verify());
    const location = await screen.findByTestId('location');
    expect(location.textContent).toBe('/');
    expect(location.dataset.navigation).toBe('REPLACE');
    expect(api.bodyOf('POST', CONFIRM)).toEqual({ code: '123456' });
    expect(session.getSnapshot().user?.phone_confirmed).toBe(true);
  });

  it('A5.verification.wrong-code-message: a wrong code (phone)', async () => {
    fakeApi()
      .on('POST', REQUEST, ok())
      .on('POST', CONFIRM, problem(400, m.codeIncorrect, { code: 'verification_code_incorrect' }));
    const { user } = setup();
    await user.type(code(), '999999');
    await user.click(verify());
    expect(await screen.findByText(m.codeIncorrect)).toBeTruthy();
  });

  it('A4.verification.resend-after-delay: resend delay through injected timers', async () => {
    const timers = new ManualTimers();
    const api = fakeApi().on('POST', REQUEST, ok());
    setup(timers);
    await vi.waitFor(() => expect(api.callsTo('POST', REQUEST)).toHaveLength(1));
    expect(timers.pending).toEqual([accountLimits.resendCodeDelayMs]);
    await act(async () => timers.advance(accountLimits.resendCodeDelayMs - 1));
    expect(screen.queryByRole('button', { name: 'Resend code' })).toBeNull();
    await act(async () => timers.advance(1));
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeTruthy();
  });

  it('A9.verification.resend-delay-60s: the resend link waits 60 s after a code request', async () => {
    const timers = new ManualTimers();
    const api = fakeApi().on('POST', REQUEST, ok());
    setup(timers);
    await vi.waitFor(() => expect(api.callsTo('POST', REQUEST)).toHaveLength(1));
    await act(async () => timers.advance(59_999));
    expect(screen.queryByRole('button', { name: 'Resend code' })).toBeNull();
    await act(async () => timers.advance(1));
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeTruthy();
  });

  it('A4 an already verified phone needs no code: straight on to /', async () => {
    fakeApi().on('POST', REQUEST, problem(409, 'This contact detail is already verified.', { code: 'already_verified' }));
    setup();
    expect((await screen.findByTestId('location')).textContent).toBe('/');
    expect(session.getSnapshot().user?.phone_confirmed).toBe(true);
  });
});
