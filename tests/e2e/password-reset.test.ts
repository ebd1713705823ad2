import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { e2eEnvironment } from './support/environment';
import { inPage, OUTBOX_WAIT_MS, pathOf, registerThroughApi, uniquePerson } from './support/flows';
import { waitForMessage } from './support/outbox';

// Spec A §2 (forgot / reset password screens), §4 (their states), §5 (reset password rule)
// and §8 (login failure, reset link errors) in real Chromium against the real server.

const INVALID_LOGIN = 'Invalid email or password.';
const INVALID_LINK_TITLE = 'Invalid or Expired Link';
const TOKEN_INVALID = 'The password reset link is invalid or has expired. Please request a new one.';
const MISSING_PARAMS = 'Invalid password reset link. Missing required parameters.';

const env = e2eEnvironment();

async function tryLogin(page: import('playwright').Page, email: string, password: string): Promise<void> {
  await page.goto(`${env.server.url}/account/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('spec A: forgotten and reset password', () => {
  it("§2/§4 forgot password → 'Password Reset Email Sent' → mailed link → new password → 'Password Changed!'; §8 the new password logs in, the old one gets 'Invalid email or password.'", async () => {
    const person = uniquePerson('reset');
    await registerThroughApi(env.server.url, person);
    const newPassword = 'N3w&Secure-Pass';

    await inPage(env.browser, 'password-reset', {}, async ({ page, shot }) => {
      // From the login page's link to the forgot-password screen.
      await page.goto(`${env.server.url}/account/login`);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL('**/account/password/forgot-password');
      // The URL changes before the lazily loaded screen replaces the login form, which has an
      // Email field too: wait for the new screen before typing.
      await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      await page.getByLabel('Email').fill(person.email);
      await shot(page, 'forgot-password-form');
      await expectAccessible(page, 'forgot password');
      await page.getByRole('button', { name: 'Send Reset Email' }).click();

      await page.getByRole('heading', { name: 'Password Reset Email Sent' }).waitFor();
      expect(await page.getByRole('link', { name: 'Back to Login' }).isVisible()).toBe(true);
      await shot(page, 'reset-email-sent');

      // The mail in the outbox carries the link with userId and token.
      const mail = await waitForMessage(
        env.server.url,
        person.email,
        'email',
        (m) => m.link?.includes('/account/password/reset-password') ?? false,
        OUTBOX_WAIT_MS,
      );
      const link = new URL(mail.link!);
      expect(link.searchParams.get('userId')).toBeTruthy();
      expect(link.searchParams.get('token')).toBeTruthy();
      expect(mail.body).toContain(mail.link!);

      await page.goto(`${env.server.url}${link.pathname}${link.search}`);
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      // §5: a weak password is refused with the spec's sentence before anything is sent.
      await page.getByLabel('New password', { exact: true }).fill('short');
      await page.getByLabel('Confirm new password').fill('short');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByText('Please choose a stronger password.', { exact: false }).waitFor();
      await page.getByLabel('New password', { exact: true }).fill(newPassword);
      await page.getByLabel('Confirm new password').fill(newPassword);
      await shot(page, 'new-password-form');
      await expectAccessible(page, 'reset password');
      await page.getByRole('button', { name: 'Reset Password' }).click();

      await page.getByRole('heading', { name: 'Password Changed!' }).waitFor();
      await shot(page, 'password-changed');
      await page.getByRole('link', { name: 'Go to Login' }).click();
      await page.waitForURL('**/account/login');

      // The old password no longer works.
      await tryLogin(page, person.email, person.password);
      await page.getByRole('alert').filter({ hasText: INVALID_LOGIN }).waitFor();
      expect(pathOf(page)).toBe('/account/login');
      await shot(page, 'old-password-refused');
      await expectAccessible(page, 'login, refused');

      // The new one does: the (unverified) user is taken on to email verification.
      await tryLogin(page, person.email, newPassword);
      await page.waitForURL('**/verify/email');
      await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
      await shot(page, 'new-password-logged-in');

      // The link is single use: opening it again is an invalid link.
      await page.goto(`${env.server.url}${link.pathname}${link.search}`);
      await page.getByRole('heading', { name: INVALID_LINK_TITLE }).waitFor();
      await page.getByText(TOKEN_INVALID).waitFor();
      await shot(page, 'used-link-invalid');
    });
  });

  it("§2/§8 reset password: an invalid token shows 'Invalid or Expired Link' (links to request a new one or log in); missing parameters say so", async () => {
    const person = uniquePerson('reset-invalid');
    const userId = await registerThroughApi(env.server.url, person);
    await inPage(env.browser, 'password-reset-invalid', {}, async ({ page, shot }) => {
      await page.goto(`${env.server.url}/account/password/reset-password?userId=${encodeURIComponent(userId)}&token=not-a-real-token`);
      await page.getByRole('heading', { name: INVALID_LINK_TITLE }).waitFor();
      await page.getByRole('alert').filter({ hasText: TOKEN_INVALID }).waitFor();
      expect(await page.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/account/password/forgot-password');
      expect(await page.getByRole('link', { name: 'Return to login' }).getAttribute('href')).toBe('/account/login');
      // No form is offered for a bad link.
      expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
      await shot(page, 'invalid-token');

      await page.goto(`${env.server.url}/account/password/reset-password?userId=${encodeURIComponent(userId)}`);
      await page.getByRole('heading', { name: INVALID_LINK_TITLE }).waitFor();
      await page.getByText(MISSING_PARAMS).waitFor();
      await shot(page, 'missing-token');

      await page.getByRole('link', { name: 'Request a new link' }).click();
      await page.waitForURL('**/account/password/forgot-password');
    });
  });
});
