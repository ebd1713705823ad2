// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../shared/api/paths';
import { storageKeys } from '../../../shared/constants';
import { accountMessages, individualMessages as m, passwordPolicyMessages } from '../../../shared/messages';
import { registrationStore } from '../../registration/registration-store';
import { session } from '../../session/session';
import { fakeApi, ok, problem, renderPage, useCleanAccountState, validationProblem, wireUser } from './account-test-kit';
import RegisterIndividualPage from './RegisterIndividualPage';
import RegisterPage from './RegisterPage';

useCleanAccountState();

const PASSWORD = 'Secret!Pass1';

function seedStep1() {
  registrationStore.update({
    account_type: 'individual',
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    phone_country_code: '+1',
    phone_number: '(415) 555-0123',
    password: PASSWORD,
    password2: PASSWORD,
  });
}

function setup() {
  return renderPage(<RegisterIndividualPage />, { path: '/account/register/individual' });
}

type User = ReturnType<typeof setup>['user'];
const field = (label: string) => screen.getByLabelText(label);
const submit = () => screen.getByRole('button', { name: 'Create Account' });

async function fillValid(user: User) {
  await user.type(field('Date of birth'), '1990-05-17');
  await user.type(field('SSN'), '123456789');
  await user.type(field('Address'), '1 Market St');
  await user.type(field('City'), 'San Francisco');
  await user.selectOptions(field('State'), 'CA');
  await user.type(field('Postal code'), '94105');
}

describe('RegisterIndividualPage (spec A §2 individual registration)', () => {
  it('A5.individual.all-required: every empty required field shows its message after submit, none before', async () => {
    seedStep1();
    const { user } = setup();
    await user.selectOptions(field('Account purpose'), '');
    const expected = [
      m.accountPurpose,
      m.dob,
      m.idNumber('SSN'),
      m.residentialAddress,
      m.residentialCity,
      m.residentialState,
      m.residentialPostalCode,
    ];
    for (const text of expected) expect(screen.queryByText(text)).toBeNull();
    await user.click(submit());
    for (const text of expected) expect(await screen.findByText(text)).toBeTruthy();
  });

  it('A2.individual.fields, A5.individual.all-required: no nationality and no residential country show their messages', async () => {
    seedStep1();
    const { user } = setup();
    await user.selectOptions(field('Nationality / citizenship (ID country)'), '');
    await user.selectOptions(field('Residential country'), '');
    await user.click(submit());
    expect(await screen.findByText(m.idCountry)).toBeTruthy();
    expect(await screen.findByText(m.residentialCountry)).toBeTruthy();
  });

  it('A5.individual.dob-range: date of birth after 2005-12-31 is rejected', async () => {
    seedStep1();
    const { user } = setup();
    await fillValid(user);
    await user.clear(field('Date of birth'));
    await user.type(field('Date of birth'), '2006-01-01');
    await user.click(submit());
    expect(await screen.findByText(m.dobRange)).toBeTruthy();
    // Re-validated on change after the submit attempt: the last allowed day is fine.
    await user.clear(field('Date of birth'));
    await user.type(field('Date of birth'), '2005-12-31');
    await waitFor(() => expect(screen.queryByText(m.dobRange)).toBeNull());
  });

  it('A5.individual.dob-range: date of birth before 1900-01-01 is rejected', async () => {
    seedStep1();
    const { user } = setup();
    await fillValid(user);
    await user.clear(field('Date of birth'));
    await user.type(field('Date of birth'), '1899-12-31');
    await user.click(submit());
    expect(await screen.findByText(m.dobRange)).toBeTruthy();
  });

  it('A2.individual.state-us-only, A5.individual.state-us-only, A5.individual.all-required: state required only for US residents', async () => {
    seedStep1();
    const { user } = setup();
    await fillValid(user);
    await user.selectOptions(field('State'), '');
    await user.click(submit());
    expect(await screen.findByText(m.residentialState)).toBeTruthy();

    // Residence outside the US: no state field and no state message; the form goes through.
    const api = fakeApi().on('POST', paths.users.register, ok({ user_details: wireUser({ email_confirmed: false }) }));
    await user.selectOptions(field('Residential country'), 'CA');
    expect(screen.queryByLabelText('State')).toBeNull();
    expect(screen.queryByText(m.residentialState)).toBeNull();
    await user.click(submit());
    await screen.findByTestId('location');
    const body = api.bodyOf('POST', paths.users.register) as { individual: Record<string, unknown> };
    expect(body.individual.residential_country_code).toBe('CA');
    expect(body.individual).not.toHaveProperty('residential_state');
  });

  it('A4.registration.id-country-other-forces-passport: a US resident with a foreign ID may leave the state empty', async () => {
    seedStep1();
    const api = fakeApi().on('POST', paths.users.register, ok({ user_details: wireUser({ email_confirmed: false }) }));
    const { user } = setup();
    await user.selectOptions(field('Nationality / citizenship (ID country)'), 'GB');
    await user.type(field('Passport number'), '533380006');
    await user.type(field('Date of birth'), '1990-05-17');
    await user.type(field('Address'), '1 Market St');
    await user.type(field('City'), 'San Francisco');
    await user.type(field('Postal code'), '94105');
    expect((field('Residential country') as HTMLSelectElement).value).toBe('US');
    expect((field('State') as HTMLSelectElement).value).toBe('');
    await user.click(submit());
    expect((await screen.findByTestId('location')).textContent).toBe('/verify/email');
    expect(screen.queryByText(m.residentialState)).toBeNull();
    const body = api.bodyOf('POST', paths.users.register) as { individual: Record<string, unknown> };
    expect(body.individual).toMatchObject({ id_country_code: 'GB', id_type: 'passport', residential_country_code: 'US' });
  });

  it('A4.registration.id-country-other-forces-passport, A4.registration.id-country-us-offers-ssn, A2.individual.id-number-label, A3.enums.id-types-by-country: ID country other than US forces passport', async () => {
    seedStep1();
    const { user } = setup();
    const idType = field('ID type') as HTMLSelectElement;
    expect(idType.value).toBe('ssn');
    expect(
      within(idType)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['SSN', 'Passport']);

    await user.selectOptions(field('Nationality / citizenship (ID country)'), 'GB');
    expect((field('ID type') as HTMLSelectElement).value).toBe('passport');
    expect(
      within(field('ID type'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Passport']);
    expect(screen.getByLabelText('Passport number')).toBeTruthy();
    expect(screen.queryByLabelText('SSN')).toBeNull();

    // Back to US: ssn is offered again, and chosen.
    await user.selectOptions(field('Nationality / citizenship (ID country)'), 'US');
    expect((field('ID type') as HTMLSelectElement).value).toBe('ssn');
    expect(screen.getByLabelText('SSN')).toBeTruthy();
  });

  it("A5 individual: an empty passport number shows 'Please enter your Passport number.'", async () => {
    seedStep1();
    const { user } = setup();
    await user.selectOptions(field('Nationality / citizenship (ID country)'), 'FR');
    await user.click(submit());
    expect(await screen.findByText(m.idNumber('Passport'))).toBeTruthy();
  });

  it('A4.registration.id-country-us-offers-ssn, A2.individual.id-number-label: a US national may still choose passport', async () => {
    seedStep1();
    const { user } = setup();
    await user.selectOptions(field('ID type'), 'passport');
    expect(screen.getByLabelText('Passport number')).toBeTruthy();
  });

  it('A5.individual.ssn-mask: SSN mask 000-00-0000', async () => {
    seedStep1();
    const { user } = setup();
    const ssn = field('SSN') as HTMLInputElement;
    await user.type(ssn, '12a3456789999');
    expect(ssn.value).toBe('123-45-6789');
    await user.clear(ssn);
    await user.type(ssn, '1234');
    expect(ssn.value).toBe('123-4');
  });

  it("A5.individual.ssn-format: an incomplete SSN shows 'SSN must be in the format XXX-XX-XXXX'", async () => {
    seedStep1();
    const { user } = setup();
    await fillValid(user);
    await user.clear(field('SSN'));
    await user.type(field('SSN'), '12345');
    await user.click(submit());
    expect(await screen.findByText(m.ssnFormat)).toBeTruthy();
  });

  it('A2.individual.create-account, A2.individual.fields, A4.registration.individual-steps, A3.registration.model-fields, A7.users.register, A7.users.register-phone-joined, A6.roles.registration-role-client: Create Account posts the full registration model, logs the user in and goes to /verify/email', async () => {
    seedStep1();
    const api = fakeApi().on(
      'POST',
      paths.users.register,
      ok({ user_details: wireUser({ email_confirmed: false, phone_confirmed: false }) }, 201),
    );
    const { user } = setup();
    await user.selectOptions(field('Account purpose'), 'Trading');
    await fillValid(user);
    await user.click(submit());

    const location = await screen.findByTestId('location');
    expect(location.textContent).toBe('/verify/email');
    expect(location.dataset.navigation).toBe('REPLACE');
    expect(api.bodyOf('POST', paths.users.register)).toEqual({
      account_type: 'individual',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone_country_code: '+1',
      phone_number: '+14155550123',
      password: PASSWORD,
      password2: PASSWORD,
      account_role: 'client',
      account_purpose: 'Trading',
      individual: {
        dob: '1990-05-17',
        residential_country_code: 'US',
        residential_address: '1 Market St',
        residential_city: 'San Francisco',
        residential_state: 'CA',
        residential_postal_code: '94105',
        id_type: 'ssn',
        id_number: '123-45-6789',
        id_country_code: 'US',
      },
    });
    expect(session.getSnapshot().user).toMatchObject({ email: 'ada@example.com', email_confirmed: false });
    expect(sessionStorage.getItem(storageKeys.registration)).toBeNull();
    expect(registrationStore.hasEmail()).toBe(false);
  });

  it('A8.register.failure-text: a failed registration shows Invalid request. and re-enables the form', async () => {
    seedStep1();
    fakeApi().on(
      'POST',
      paths.users.register,
      validationProblem({
        'individual.residential_city': ['Please enter your residential city.'],
        email: ['An account with this email address already exists.'],
      }),
    );
    const { user } = setup();
    await fillValid(user);
    await user.click(submit());

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(accountMessages.invalidRequest)).toBeTruthy();
    // A field of this form gets its message beside it; another step's field is listed.
    expect(within(alert).getByText('An account with this email address already exists.')).toBeTruthy();
    expect(field('City').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(m.residentialCity)).toBeTruthy();
    // Re-enabled for another try, with the answers kept.
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
    expect((field('Address') as HTMLInputElement).disabled).toBe(false);
    expect(registrationStore.get().email).toBe('ada@example.com');
    expect(session.getSnapshot().user).toBeNull();
  });

  it('A8 registration failure without field errors still shows Invalid request. and the reason', async () => {
    seedStep1();
    fakeApi().on('POST', paths.users.register, problem(409, 'An account with this email address already exists.', { code: 'email_taken' }));
    const { user } = setup();
    await fillValid(user);
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(accountMessages.invalidRequest)).toBeTruthy();
    expect(within(alert).getByText('An account with this email address already exists.')).toBeTruthy();
  });

  it('API.security.breached-password-refused: a breached password refused by the server goes back to step 1 and shows there on the password field', async () => {
    seedStep1();
    fakeApi().on(
      'POST',
      paths.users.register,
      problem(400, passwordPolicyMessages.breached, { code: 'password_breached', errors: { password: [passwordPolicyMessages.breached] } }),
    );
    const { user } = renderPage(<RegisterIndividualPage />, {
      path: '/account/register/individual',
      extraRoutes: <Route path="/account/register" element={<RegisterPage />} />,
    });
    await fillValid(user);
    await user.click(submit());

    const password = await screen.findByLabelText('Password', { exact: true });
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(password.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      passwordPolicyMessages.breached,
    );
    // Continue with the same password does nothing; another one clears the message.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText(passwordPolicyMessages.breached)).toBeTruthy();
    await user.type(password, 'x');
    expect(screen.queryByText(passwordPolicyMessages.breached)).toBeNull();
    // The details typed on the individual step are still there in memory.
    expect(registrationStore.get().individual).toMatchObject({
      dob: '1990-05-17',
      id_number: '123-45-6789',
      residential_city: 'San Francisco',
    });
  });

  it('the password is never stored: after a reload the user re-enters it on step 1', async () => {
    seedStep1();
    // What a reload leaves: the stored answers without the in-memory password.
    const stored = sessionStorage.getItem(storageKeys.registration);
    registrationStore.clear();
    sessionStorage.setItem(storageKeys.registration, stored ?? '');
    expect(registrationStore.hasEmail()).toBe(true);
    setup();
    expect((await screen.findByTestId('location')).textContent).toBe('/account/register');
  });
});
