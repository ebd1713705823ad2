// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { UserWire } from '../../shared/api/users';
import { accountMessages } from '../../shared/messages';
import { session } from '../session/session';
import { createFakeFetch, jsonResponse, type FetchScript } from '../testing/fake-fetch';
import { LocationProbe, renderRoutes } from '../testing/render';
import { wireUser } from '../testing/users';
import { toast } from '../toast/toast';
import LoginPage from './LoginPage';

const location = () => screen.getByTestId('location').textContent;

function renderLogin(path = '/account/login') {
  return renderRoutes(
    [
      { path: 'account/login', element: <LoginPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    path,
  );
}

function answerLogin(script: FetchScript) {
  const fake = createFakeFetch(script);
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

const loggedIn = (user: Partial<UserWire> = {}) => answerLogin(() => jsonResponse(200, { user_details: wireUser(user) }));

async function submit(email = 'ada@example.com', password = 'Secret!Pass1') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

beforeEach(() => {
  localStorage.clear();
  session.clear();
  vi.spyOn(toast, 'error').mockImplementation(() => 0);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('login (spec A §2, §8)', () => {
  test('A2.login.links: login links to forgot password and register', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/account/password/forgot-password');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/account/register');
  });

  test.each([
    ['wrong credentials (401)', () => jsonResponse(401, { title: 'Unauthorized', status: 401, detail: 'nope' })],
    ['a server error (500)', () => jsonResponse(500, { title: 'Internal Server Error', status: 500 })],
    ['a malformed answer', () => jsonResponse(200, { hello: 'world' })],
    [
      'a network failure',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ] as Array<[string, FetchScript]>)('A8 login failure of any kind shows the one alert: %s', async (_, script) => {
    answerLogin(script);
    renderLogin();
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(accountMessages.invalidLogin);
    expect(screen.queryByTestId('location')).toBeNull();
    expect(session.getSnapshot().user).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
  });

  test('A8.login.rate-limited: refused for too many attempts, the alert says so and when to try again, not that the password is wrong', async () => {
    const limited = (retryAfter: string) => () =>
      jsonResponse(429, { title: 'Too many requests', status: 429, code: 'rate_limited' }, { 'Retry-After': retryAfter });
    answerLogin(limited('872'));
    renderLogin();
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(accountMessages.loginRateLimited(872));
    expect(accountMessages.loginRateLimited(872)).toBe('Too many login attempts. Please try again in 15 minutes.');
    expect(accountMessages.loginRateLimited(30)).toBe('Too many login attempts. Please try again in a minute.');
    expect(accountMessages.loginRateLimited(undefined)).toBe('Too many login attempts. Please try again later.');
    expect(toast.error).not.toHaveBeenCalled();
  });

  test('A8.forms.stale-outcome-cleared: the alert of a failed login goes when the next attempt is refused by the form itself', async () => {
    answerLogin(() => jsonResponse(401, { title: 'Unauthorized', status: 401, detail: 'nope' }));
    renderLogin();
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(accountMessages.invalidLogin);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Password'));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Password is required.')).toBeTruthy();
    expect(screen.queryByText(accountMessages.invalidLogin)).toBeNull();
  });

  test('A2.login.session-expired-notice: login shows the session-expired notice for reason=session-expired', () => {
    renderLogin('/account/login?reason=session-expired&returnUrl=%2Fportfolio');
    expect(screen.getByText(accountMessages.sessionExpired)).toBeTruthy();
  });

  test('A2 login: empty fields are reported, nothing is sent', async () => {
    const fake = loggedIn();
    renderLogin();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Email is required.')).toBeTruthy();
    expect(screen.getByText('Password is required.')).toBeTruthy();
    expect(fake.calls).toHaveLength(0);
  });

  test('A2 after a successful login the user goes to /', async () => {
    loggedIn();
    renderLogin();
    await submit();
    expect(await screen.findByTestId('location')).toBeTruthy();
    expect(location()).toBe('/');
    expect(session.getSnapshot().user?.email).toBe('ada@example.com');
  });

  test('A4 after login the post-login routing check applies first', async () => {
    loggedIn({ phone_confirmed: false });
    renderLogin('/account/login?returnUrl=%2Fportfolio');
    await submit();
    await screen.findByTestId('location');
    expect(location()).toBe('/verify/phone');
  });

  test('A4 after login a safe returnUrl is honoured, an unsafe one is not', async () => {
    loggedIn();
    renderLogin('/account/login?reason=session-expired&returnUrl=%2Fportfolio%3Fq%3Dbtc');
    await submit();
    await screen.findByTestId('location');
    expect(location()).toBe('/portfolio?q=btc');

    cleanup();
    session.clear();
    renderLogin('/account/login?returnUrl=https%3A%2F%2Fevil.example%2F');
    await submit();
    await screen.findByTestId('location');
    expect(location()).toBe('/');
  });
});
