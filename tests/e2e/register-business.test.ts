import type { Locator } from 'playwright';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { e2eEnvironment } from './support/environment';
import { fillBasicDetails, inPage, OUTBOX_WAIT_MS, pathOf, uniquePerson } from './support/flows';
import { waitForMessage } from './support/outbox';

// Spec A §2 (business registration, beneficial owners), §3 (business details, beneficial
// owner), §4 (business registration transitions) in real Chromium against the real server.

const env = e2eEnvironment();

interface Owner {
  first: string;
  last: string;
  email: string;
  phone: string;
  dob: string;
  idCountry: string;
  idNumber: string;
  residence: string;
  state?: string;
  address: string;
  city: string;
  postal: string;
}

async function fillOwner(card: Locator, o: Owner): Promise<void> {
  await card.getByLabel('First name').fill(o.first);
  await card.getByLabel('Last name').fill(o.last);
  await card.getByLabel('Email').fill(o.email);
  await card.getByLabel('Phone number (with country code)').fill(o.phone);
  await card.getByLabel('Date of birth').fill(o.dob);
  await card.getByLabel('Nationality / citizenship (ID country)').selectOption({ label: o.idCountry });
  const idLabel = o.idCountry === 'United States' ? 'SSN' : 'Passport number';
  await card.getByLabel(idLabel, { exact: true }).pressSequentially(o.idNumber);
  await card.getByLabel('Residential country').selectOption({ label: o.residence });
  if (o.state) await card.getByLabel('State', { exact: true }).selectOption({ label: o.state });
  await card.getByLabel('Address', { exact: true }).fill(o.address);
  await card.getByLabel('City', { exact: true }).fill(o.city);
  await card.getByLabel('Postal code', { exact: true }).fill(o.postal);
}

describe('spec A: business (corporation) registration', () => {
  it('A4.registration.business-steps: §2/§4 Business step 1 → principal place of business + business details → beneficial owners (add two, remove one) → Finish → /verify/email', async () => {
    const person = uniquePerson('business', { firstName: 'Grace' });
    await inPage(env.browser, 'register-business', {}, async ({ page, shot }) => {
      // Step 1 with account type Business (sent as corporation).
      await page.goto(`${env.server.url}/account/register`);
      await page.getByRole('heading', { name: 'Create your account' }).waitFor();
      await fillBasicDetails(page, person, 'Business', 'united kingdom');
      await shot(page, 'step1-business');
      await expectAccessible(page, 'register step 1, business');
      await page.getByRole('button', { name: 'Continue' }).click();

      // Business step: principal place of business.
      await page.waitForURL('**/account/register/business');
      const place = page.getByRole('group', { name: 'Principal Place of Business' });
      await place.waitFor();
      await place
        .getByText('The physical location of your team. For global teams, the place where most of the decision makers are.')
        .waitFor();
      const country = place.getByLabel('Country', { exact: true });
      expect(await country.inputValue()).toBe('US'); // default US
      const placeState = place.getByLabel('State', { exact: true });
      await country.selectOption({ label: 'Germany' });
      await placeState.waitFor({ state: 'detached' }); // state only when US
      await country.selectOption({ label: 'United States' });
      await placeState.selectOption({ label: 'New York' });
      await place.getByLabel('Address', { exact: true }).fill('200 Park Avenue');
      await place.getByLabel('City', { exact: true }).fill('New York');
      await place.getByLabel('Postal code', { exact: true }).fill('10166');

      // Business details.
      const details = page.getByRole('group', { name: 'Business details' });
      await details.getByLabel('Entity name').fill(`Lovelace Capital ${person.lastName}`);
      expect(await details.getByLabel('Incorporation country').inputValue()).toBe('US');
      await details.getByLabel('Incorporation state').selectOption({ label: 'Delaware' });
      await details.getByLabel('Incorporation date').fill('2015-03-01');
      await details.getByLabel('Organization type').selectOption('LLC');
      await details.getByLabel('Business type').selectOption('Hedge Fund');
      await details.getByLabel('Tax ID').fill('12-3456789');
      await details.getByLabel('Registration number').fill('DE-5551234');
      await details.getByLabel('Website (optional)').fill('https://lovelace.example.com');
      await details.getByLabel('Description').fill('A small quantitative fund trading spot crypto.');
      await details.getByRole('radiogroup', { name: 'Are you an accredited investor?' }).getByRole('radio', { name: 'Yes' }).check();
      await details.getByRole('radiogroup', { name: 'Are you a non-agent intermediary?' }).getByRole('radio', { name: 'No' }).check();
      await details.getByLabel('Business account purpose').selectOption('Treasury Management');
      await shot(page, 'business-step-filled');
      await expectAccessible(page, 'business details');
      await page.getByRole('button', { name: 'Continue' }).click();

      // Beneficial owners step.
      await page.waitForURL('**/business/beneficial-owners');
      await page.getByRole('heading', { name: 'Beneficial owners' }).waitFor();
      await page.getByText(/anyone owning 25% or more of the business, or else\s+an executive officer/).waitFor();
      await page.getByText('No beneficial owners added.').waitFor();

      const add = page.getByRole('button', { name: 'Add beneficial owner' });
      await add.click();
      await add.click();
      const cards = page.getByRole('group', { name: /^Beneficial owner \d+$/ });
      expect(await cards.count()).toBe(2);

      const first: Owner = {
        first: 'Charles',
        last: 'Babbage',
        email: `owner1-${person.lastName.toLowerCase()}@example.com`,
        phone: '+12025550101',
        dob: '1970-12-26',
        idCountry: 'United States',
        idNumber: '234567890',
        residence: 'United States',
        state: 'New York',
        address: '1 Analytical Way',
        city: 'Albany',
        postal: '12207',
      };
      const second: Owner = {
        first: 'Mary',
        last: 'Somerville',
        email: `owner2-${person.lastName.toLowerCase()}@example.com`,
        phone: '+447700900456',
        dob: '1980-12-26',
        idCountry: 'United Kingdom',
        idNumber: 'P1234567',
        residence: 'United Kingdom',
        address: '10 Downing Street',
        city: 'London',
        postal: 'SW1A 2AA',
      };
      const card1 = page.getByRole('group', { name: 'Beneficial owner 1', exact: true });
      const card2 = page.getByRole('group', { name: 'Beneficial owner 2', exact: true });
      await fillOwner(card1, first);
      // The SSN is masked 000-00-0000.
      expect(await card1.getByLabel('SSN', { exact: true }).inputValue()).toBe('234-56-7890');
      await fillOwner(card2, second);
      // §4: a non-US ID country means passport; a non-US residence has no state.
      expect(await card2.getByLabel('ID type').inputValue()).toBe('passport');
      expect(await card2.getByLabel('State', { exact: true }).count()).toBe(0);
      await shot(page, 'two-owners');
      await expectAccessible(page, 'beneficial owners');

      // Remove the first owner: the second one remains, with its answers, as owner 1.
      await page.getByRole('button', { name: 'Remove beneficial owner 1' }).click();
      expect(await cards.count()).toBe(1);
      expect(await card1.getByLabel('First name').inputValue()).toBe(second.first);
      expect(await card1.getByLabel('Email').inputValue()).toBe(second.email);
      expect(await card1.getByLabel('Passport number', { exact: true }).inputValue()).toBe(second.idNumber);
      await shot(page, 'one-owner-after-remove');

      // Finish submits the owners and goes to email verification.
      const submitted = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/v1/users/beneficial-owners'));
      await page.getByRole('button', { name: 'Finish' }).click();
      const body = (await submitted).postDataJSON() as Array<Record<string, string>>;
      expect(body).toHaveLength(1);
      expect(body[0]).toMatchObject({
        first_name: second.first,
        last_name: second.last,
        email: second.email,
        id_type: 'passport',
        id_country_code: 'GB',
      });

      await page.waitForURL('**/verify/email');
      await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
      expect(pathOf(page)).toBe('/verify/email');
      // The page asked for a code on load.
      await waitForMessage(env.server.url, person.email, 'email', (m) => m.code !== null, OUTBOX_WAIT_MS);
      await shot(page, 'verify-email');

      const me = await page.evaluate(async () => {
        const res = await fetch('/v1/users/me', { headers: { 'X-Auth-Method': 'cookie' } });
        return (await res.json()) as Record<string, unknown>;
      });
      expect(me).toMatchObject({
        email: person.email,
        account_type: 'corporation',
        has_submitted_principal_address: true,
        has_submitted_beneficial_owners: true,
        email_confirmed: false,
      });
    });
  });
});
