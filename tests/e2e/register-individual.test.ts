import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { e2eEnvironment } from './support/environment';
import { fillBasicDetails, inPage, OUTBOX_WAIT_MS, pathOf, phoneOf, uniquePerson } from './support/flows';
import { waitForMessage } from './support/outbox';

// Spec A §2 (register step 1, individual registration, verification), §4 (registration and
// verification transitions) and §5 (verification messages), in real Chromium against the
// real server on a fresh data folder.

const INCORRECT = 'The entered verification code is incorrect. Please try again.';

/** A code that differs from `code` in its first digit. */
function wrongCode(code: string): string {
  return code.replace(/^\d/, (d) => String((Number(d) + 1) % 10));
}

const env = e2eEnvironment();

describe('spec A: individual registration and email/phone verification', () => {
  it('A4.registration.individual-steps, A1.navigation.new-page-at-top, A1.navigation.focus-moves-to-page, A1.navigation.page-title: §2/§4 register step 1 → individual details → Create Account → verify email (code from the outbox) → /verify/phone (history replaced) → verify phone → / (dashboard); §5 a wrong code shows the incorrect-code message', async () => {
    const person = uniquePerson('individual');
    await inPage(env.browser, 'register-individual', {}, async ({ page, shot }) => {
      // Step 1: basic details, with the dialling code found by searching the list.
      await page.goto(`${env.server.url}/account/register`);
      await page.getByRole('heading', { name: 'Create your account' }).waitFor();
      const code = page.getByRole('combobox', { name: 'Phone country code' });
      expect(await code.inputValue()).toBe('+1'); // spec A §9: default +1
      await code.fill('kingdom');
      const options = page.getByRole('listbox').getByRole('option');
      expect(await options.allTextContents()).toEqual(['United Kingdom (+44)']);
      await shot(page, 'step1-dialling-code-search');
      await fillBasicDetails(page, person, 'Individual', 'kingdom');
      expect(await code.inputValue()).toBe('United Kingdom (+44)');
      await shot(page, 'step1-filled');
      await expectAccessible(page, 'register step 1');
      // On a phone step 1 is scrolled to reach Continue; the next step opens at its top.
      const desktop = page.viewportSize()!;
      await page.setViewportSize({ width: 375, height: 700 });
      await page.getByRole('button', { name: 'Continue' }).scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => scrollY)).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Continue' }).click();

      // Individual details.
      await page.waitForURL('**/account/register/individual');
      await page.getByRole('heading', { name: 'Individual details' }).waitFor();
      expect(await page.evaluate(() => scrollY)).toBe(0);
      // Continue left with its page: the focus is on the new page's content, whose name the tab shows,
      // and Tab from there reaches the page's first control, not the header's.
      expect(await page.evaluate(() => [document.activeElement?.id, document.title])).toEqual(['main', 'Individual details · Ox Exchange']);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Back');
      await page.setViewportSize(desktop);
      await page.getByLabel('Account purpose').selectOption('Trading');
      await page.getByLabel('Date of birth').fill('1984-02-29');
      await expect.poll(() => page.getByLabel('Nationality / citizenship (ID country)').inputValue(), { timeout: 10_000 }).toBe('US');
      expect(await page.getByLabel('ID type').inputValue()).toBe('ssn');
      // The SSN is typed as bare digits and shown through the 000-00-0000 mask.
      const ssn = page.getByLabel('SSN', { exact: true });
      await ssn.pressSequentially('123456789');
      expect(await ssn.inputValue()).toBe('123-45-6789');
      // State only for US residents.
      const state = page.getByLabel('State', { exact: true });
      await page.getByLabel('Residential country').selectOption({ label: 'Canada' });
      await state.waitFor({ state: 'detached' });
      await page.getByLabel('Residential country').selectOption({ label: 'United States' });
      await state.selectOption({ label: 'California' });
      await page.getByLabel('Address', { exact: true }).fill('500 Market Street');
      await page.getByLabel('City', { exact: true }).fill('San Francisco');
      await page.getByLabel('Postal code', { exact: true }).fill('94105');
      await shot(page, 'individual-details-filled');
      await expectAccessible(page, 'individual details');
      await page.getByRole('button', { name: 'Create Account' }).click();

      // Email verification: the page requested a code on load; it is in the outbox.
      await page.waitForURL('**/verify/email');
      await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
      const mail = await waitForMessage(env.server.url, person.email, 'email', (m) => m.code !== null, OUTBOX_WAIT_MS);
      expect(mail.code).toMatch(/^\d{6}$/);
      const historyAtEmail = await page.evaluate(() => history.length);

      // §5: a wrong code is refused with the spec's sentence, and the page stays.
      const codeInput = page.getByLabel('Verification code');
      await codeInput.fill(wrongCode(mail.code!));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByText(INCORRECT).waitFor();
      expect(pathOf(page)).toBe('/verify/email');
      await shot(page, 'verify-email-wrong-code');
      await expectAccessible(page, 'verify email, wrong code');

      await codeInput.fill(mail.code!);
      await shot(page, 'verify-email-right-code');
      await page.getByRole('button', { name: 'Verify' }).click();

      // §4: a correct code goes to /verify/phone, replacing the history entry.
      await page.waitForURL('**/verify/phone');
      await page.getByRole('heading', { name: 'Verify your phone' }).waitFor();
      expect(await page.evaluate(() => history.length)).toBe(historyAtEmail);
      const sms = await waitForMessage(env.server.url, phoneOf(person), 'sms', (m) => m.code !== null, OUTBOX_WAIT_MS);
      expect(sms.code).toMatch(/^\d{6}$/);
      await shot(page, 'verify-phone');
      await expectAccessible(page, 'verify phone');

      const phoneCode = page.getByLabel('Verification code');
      await phoneCode.fill(wrongCode(sms.code!));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByText(INCORRECT).waitFor();
      expect(pathOf(page)).toBe('/verify/phone');
      await shot(page, 'verify-phone-wrong-code');

      await phoneCode.fill(sms.code!);
      await page.getByRole('button', { name: 'Verify' }).click();

      // §4: success goes to / (history replaced), which redirects to the dashboard.
      await page.waitForURL('**/dashboard');
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      expect(await page.evaluate(() => history.length)).toBe(historyAtEmail);
      await page.getByText(`Welcome back, ${person.firstName}.`).waitFor();
      // Fully set up: no "not fully set up" reminder.
      expect(await page.getByText('Your account is not fully set up.').count()).toBe(0);
      await shot(page, 'dashboard');

      // The server agrees: both confirmed.
      const me = await page.evaluate(async () => {
        const res = await fetch('/v1/users/me', { headers: { 'X-Auth-Method': 'cookie' } });
        return (await res.json()) as { email: string; email_confirmed: boolean; phone_confirmed: boolean; phone_number: string };
      });
      expect(me).toMatchObject({ email: person.email, email_confirmed: true, phone_confirmed: true, phone_number: phoneOf(person) });
    });
  });
});
