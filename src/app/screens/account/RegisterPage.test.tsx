// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../../shared/constants';
import { passwordPolicyMessages as policy, registerMessages as m } from '../../../shared/messages';
import { registrationStore } from '../../registration/registration-store';
import { renderPage, useCleanAccountState } from './account-test-kit';
import RegisterPage from './RegisterPage';

useCleanAccountState();

function setup() {
  return renderPage(<RegisterPage />, { path: '/account/register' });
}

const field = (label: string) => screen.getByLabelText(label);
const submit = () => screen.getByRole('button', { name: 'Continue' });

async function fillValid(user: ReturnType<typeof setup>['user'], password = 'Secret!Pass1') {
  await user.type(field('First name'), 'Ada');
  await user.type(field('Last name'), 'Lovelace');
  await user.type(field('Email'), 'ada@example.com');
  await user.type(field('Phone number'), '415 555 0123');
  await user.type(field('Password'), password);
  await user.type(field('Confirm password'), password);
}

describe('RegisterPage (spec A §2 step 1)', () => {
  it('A2.register.step-one-fields, A2.register.account-types: the step-1 fields, Individual or Business, and Continue', () => {
    setup();
    const accountType = field('Account type') as HTMLSelectElement;
    const options = within(accountType)
      .getAllByRole('option')
      .filter((o) => (o as HTMLOptionElement).value !== '');
    expect(options.map((o) => o.textContent)).toEqual(['Individual', 'Business']);
    for (const label of ['First name', 'Last name', 'Email', 'Phone number', 'Password', 'Confirm password']) {
      expect(field(label).tagName).toBe('INPUT');
    }
    expect(screen.getByRole('combobox', { name: 'Phone country code' })).toBeTruthy();
    expect(submit()).toBeTruthy();
  });

  it("A5.register.first-name-message, A5.register.errors-after-submit: empty first name shows 'Please enter your First Name.' after submit", async () => {
    const { user } = setup();
    expect(screen.queryByText(m.firstName)).toBeNull();
    await user.click(submit());
    const input = field('First name');
    expect(await screen.findByText(m.firstName)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(m.firstName);
  });

  it('A5.register.all-required, A5.register.errors-after-submit, A5.register.last-name-message, A5.register.email-message, A5.register.phone-number-message, A5.register.password-required, A5.register.confirm-password-required: every empty required field shows its message after submit, none before', async () => {
    const { user } = setup();
    for (const text of [m.firstName, m.lastName, m.email, m.phoneNumber, m.passwordRequired, m.confirmPasswordRequired]) {
      expect(screen.queryByText(text)).toBeNull();
    }
    await user.click(submit());
    for (const text of [m.firstName, m.lastName, m.email, m.phoneNumber, m.passwordRequired, m.confirmPasswordRequired]) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    // An empty password reports only that it is required, not every rule.
    expect(screen.queryByText(m.passwordLowercase)).toBeNull();
  });

  it("A5.register.account-type-message, A5.register.all-required: no account type chosen shows 'Please select an account type.'", async () => {
    const { user } = setup();
    await user.selectOptions(field('Account type'), '');
    await fillValid(user);
    expect(screen.queryByText(m.accountType)).toBeNull();
    await user.click(submit());
    expect(await screen.findByText(m.accountType)).toBeTruthy();
  });

  it("A5.register.email-message: invalid email shows 'Please enter a valid Email Address.'", async () => {
    const { user } = setup();
    await fillValid(user);
    await user.clear(field('Email'));
    await user.type(field('Email'), 'ada@example');
    await user.click(submit());
    expect(await screen.findByText(m.email)).toBeTruthy();
  });

  it("A5.register.phone-code-message, A5.register.all-required: a cleared phone country code shows 'Please enter a valid phone country code.'", async () => {
    const { user } = setup();
    await fillValid(user);
    const code = screen.getByRole('combobox', { name: 'Phone country code' });
    await user.clear(code);
    await user.tab();
    await user.click(submit());
    expect(await screen.findByText(m.phoneCountryCode)).toBeTruthy();
  });

  it("A5.register.phone-number-message: a phone number of letters shows 'Please enter a valid phone number.'", async () => {
    const { user } = setup();
    await fillValid(user);
    await user.clear(field('Phone number'));
    await user.type(field('Phone number'), 'call me');
    await user.click(submit());
    expect(await screen.findByText(m.phoneNumber)).toBeTruthy();
  });

  it("A5.register.passwords-match: different confirmation shows 'Password does not match.'", async () => {
    const { user } = setup();
    await fillValid(user);
    await user.type(field('Confirm password'), 'x');
    await user.click(submit());
    expect(await screen.findByText(m.passwordMismatch)).toBeTruthy();
  });

  it('A5.register.password-rules-once-edited, A5.register.password-needs-uppercase: password rules show once the field is edited, before submit', async () => {
    const { user } = setup();
    expect(screen.queryByText(m.passwordNonAlphanumeric)).toBeNull();
    await user.type(field('Password'), 'abc');
    // Edited, not submitted: the password rules show, nothing else does.
    expect(screen.getByText(m.passwordNonAlphanumeric)).toBeTruthy();
    expect(screen.getByText(m.passwordUppercase)).toBeTruthy();
    expect(screen.queryByText(m.passwordLowercase)).toBeNull();
    expect(screen.queryByText(m.firstName)).toBeNull();
    expect(field('Password').getAttribute('aria-invalid')).toBe('true');

    await user.type(field('Password'), 'D!');
    expect(screen.queryByText(m.passwordNonAlphanumeric)).toBeNull();
    expect(screen.queryByText(m.passwordUppercase)).toBeNull();
    // The rule the reset has too: 12 characters and a digit.
    expect(screen.getByText(policy.tooShort)).toBeTruthy();
    expect(screen.getByText(policy.digit)).toBeTruthy();
    await user.type(field('Password'), '1234567');
    expect(screen.queryByText(policy.tooShort)).toBeNull();
    expect(screen.queryByText(policy.digit)).toBeNull();
    expect(field('Password').getAttribute('aria-invalid')).toBeNull();
  });

  it("API.security.password-rule-registration: a three-character password 'aA!' is refused for its length and missing digit; Continue stays", async () => {
    const { user } = setup();
    await fillValid(user, 'aA!');
    expect(screen.getByText(policy.tooShort)).toBeTruthy();
    expect(screen.getByText(policy.digit)).toBeTruthy();
    expect(screen.queryByText(m.passwordNonAlphanumeric)).toBeNull();
    expect(screen.queryByText(m.passwordLowercase)).toBeNull();
    expect(screen.queryByText(m.passwordUppercase)).toBeNull();
    await user.click(submit());
    expect(screen.queryByTestId('location')).toBeNull();
    expect(registrationStore.hasPassword()).toBe(false);
  });

  it("A5.register.password-needs-lowercase: 'Passwords must have at least one lowercase ('a'-'z').' for an upper-case password", async () => {
    const { user } = setup();
    await user.type(field('Password'), 'ABC!');
    expect(screen.getByText(m.passwordLowercase)).toBeTruthy();
    expect(screen.queryByText(m.passwordUppercase)).toBeNull();
    expect(screen.queryByText(m.passwordNonAlphanumeric)).toBeNull();
  });

  it('A5 register: the password rules also show after a submit with an unedited, weak value', async () => {
    const { user } = setup();
    await user.click(submit());
    expect(await screen.findByText(m.passwordRequired)).toBeTruthy();
    await user.type(field('Password'), 'abc1');
    expect(screen.getByText(m.passwordNonAlphanumeric)).toBeTruthy();
    expect(screen.getByText(m.passwordUppercase)).toBeTruthy();
    expect(screen.queryByText(m.passwordRequired)).toBeNull();
  });

  it('A2.register.continue-by-type, A4.registration.steps-by-account-type, A1.audience.individual-and-corporate, A6.roles.onboarding-by-account-type: an individual continues to the individual step, the model kept without the password', async () => {
    const { user } = setup();
    await fillValid(user);
    await user.click(submit());
    expect((await screen.findByTestId('location')).textContent).toBe('/account/register/individual');

    const stored = JSON.parse(sessionStorage.getItem(storageKeys.registration) ?? '{}') as Record<string, unknown>;
    expect(stored).toMatchObject({
      account_type: 'individual',
      first_name: 'Ada',
      email: 'ada@example.com',
      phone_country_code: '+1',
      phone_number: '415 555 0123',
      account_role: 'client',
      account_purpose: 'Investing',
    });
    expect(JSON.stringify(stored)).not.toContain('Secret!Pass1');
    expect(registrationStore.get().password).toBe('Secret!Pass1');
  });

  it('A2.register.account-types, A2.register.continue-by-type, A4.registration.steps-by-account-type, A1.audience.individual-and-corporate, A6.roles.onboarding-by-account-type: Business is sent as corporation and continues to the business step', async () => {
    const { user } = setup();
    await user.selectOptions(field('Account type'), 'Business');
    await fillValid(user);
    await user.click(submit());
    expect((await screen.findByTestId('location')).textContent).toBe('/account/register/business');
    expect(registrationStore.get().account_type).toBe('corporation');
  });

  it('A2.register.phone-code-searchable: the phone country code defaults to +1 and is searched in the dialling-code list', async () => {
    const { user } = setup();
    const code = screen.getByRole('combobox', { name: 'Phone country code' });
    expect((code as HTMLInputElement).value).toBe('+1');
    await user.clear(code);
    await user.type(code, 'united kingdom');
    const listbox = screen.getByRole('listbox');
    await user.click(within(listbox).getByRole('option', { name: 'United Kingdom (+44)' }));
    expect((code as HTMLInputElement).value).toBe('United Kingdom (+44)');

    await fillValid(user);
    await user.click(submit());
    await screen.findByTestId('location');
    expect(registrationStore.get().phone_country_code).toBe('+44');
  });

  it('A5 register: coming back to step 1 keeps the answers', async () => {
    registrationStore.update({ first_name: 'Grace', email: 'grace@example.com', account_type: 'corporation' });
    setup();
    expect((field('First name') as HTMLInputElement).value).toBe('Grace');
    expect((field('Email') as HTMLInputElement).value).toBe('grace@example.com');
    expect((field('Account type') as HTMLSelectElement).value).toBe('corporation');
  });
});
