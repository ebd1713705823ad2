// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../shared/api/paths';
import { accountMessages, beneficialOwnerMessages as m } from '../../../shared/messages';
import { session } from '../../session/session';
import { fakeApi, ok, renderPage, useCleanAccountState, validationProblem, wireUser } from './account-test-kit';
import BeneficialOwnersPage from './BeneficialOwnersPage';

useCleanAccountState();

const business = {
  account_type: 'corporation' as const,
  has_submitted_principal_address: true,
  email_confirmed: false,
  phone_confirmed: false,
};

function setup() {
  session.setUser(wireUser(business));
  return renderPage(<BeneficialOwnersPage />, { path: '/business/beneficial-owners' });
}

type User = ReturnType<typeof setup>['user'];
const owner = (n: number) => screen.getByRole('group', { name: `Beneficial owner ${n}` });
const finish = () => screen.getByRole('button', { name: 'Finish' });
const add = () => screen.getByRole('button', { name: 'Add beneficial owner' });

async function fillOwner(user: User, card: HTMLElement, first: string) {
  const f = (label: string) => within(card).getByLabelText(label);
  await user.type(f('First name'), first);
  await user.type(f('Last name'), 'Hopper');
  await user.type(f('Email'), `${first.toLowerCase()}@example.com`);
  await user.type(f('Phone number (with country code)'), '+1 212 555 0199');
  await user.type(f('Date of birth'), '1970-12-09');
  await user.type(f('SSN'), '219099999');
  await user.type(f('Address'), '1 Wall St');
  await user.type(f('City'), 'New York');
  await user.selectOptions(f('State'), 'NY');
  await user.type(f('Postal code'), '10005');
}

describe('BeneficialOwnersPage (spec A §2 business/beneficial-owners)', () => {
  it('A2.beneficial-owners.explains-who-counts, A2.beneficial-owners.back-link, A9.beneficial-owner.threshold-25-percent: explains who counts (25% or more) and links back to the principal-address step', () => {
    setup();
    expect(screen.getByText(/anyone owning 25% or more of the business, or else an executive officer/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/business/principal-address');
  });

  it('A2.beneficial-owners.finish-submits, A4.registration.business-steps, A7.users.beneficial-owners: Finish with no owners puts an empty list, refreshes the user and goes to /verify/email', async () => {
    const api = fakeApi()
      .on('PUT', paths.users.beneficialOwners, ok())
      .on('GET', paths.users.me, ok(wireUser({ ...business, has_submitted_beneficial_owners: 'true' as unknown as boolean })));
    const { user } = setup();
    await user.click(finish());
    const location = await screen.findByTestId('location');
    expect(location.textContent).toBe('/verify/email');
    expect(location.dataset.navigation).toBe('REPLACE');
    expect(api.bodyOf('PUT', paths.users.beneficialOwners)).toEqual([]);
    expect(api.callsTo('GET', paths.users.me)).toHaveLength(1);
    expect(session.getSnapshot().user?.has_submitted_beneficial_owners).toBe(true);
  });

  it('A5.beneficial-owner.all-required, A5.beneficial-owner.required-messages: every empty field shows its message after submit', async () => {
    const { user } = setup();
    await user.click(add());
    const expected = [
      m.firstName,
      m.lastName,
      m.email,
      m.dob,
      m.phoneNumber,
      m.idNumber('SSN'),
      m.residentialAddress,
      m.residentialCity,
      m.residentialState,
      m.residentialPostalCode,
    ];
    for (const text of expected) expect(screen.queryByText(text)).toBeNull();
    await user.click(finish());
    const card = owner(1);
    for (const text of expected) expect(await within(card).findByText(text)).toBeTruthy();
    // The middle name is optional.
    expect(within(card).getByLabelText('Middle name (optional)').getAttribute('aria-invalid')).toBeNull();
  });

  it('A5.beneficial-owner.all-required, A5.beneficial-owner.required-messages: no nationality or residential country shows their messages', async () => {
    const { user } = setup();
    await user.click(add());
    const card = owner(1);
    await user.selectOptions(within(card).getByLabelText('Nationality / citizenship (ID country)'), '');
    await user.selectOptions(within(card).getByLabelText('Residential country'), '');
    await user.click(finish());
    expect(await within(card).findByText(m.nationality)).toBeTruthy();
    expect(await within(card).findByText(m.residentialCountry)).toBeTruthy();
    expect(within(card).queryByLabelText('State')).toBeNull();
  });

  it('A5.beneficial-owner.state-us-only: the state field shows for a US residence and goes for any other', async () => {
    const { user } = setup();
    await user.click(add());
    const card = owner(1);
    expect(within(card).getByLabelText('State')).toBeTruthy();
    await user.selectOptions(within(card).getByLabelText('Residential country'), 'GB');
    expect(within(card).queryByLabelText('State')).toBeNull();
    await user.selectOptions(within(card).getByLabelText('Residential country'), 'US');
    expect(within(card).getByLabelText('State')).toBeTruthy();
  });

  it("A5.beneficial-owner.email-valid: 'Please enter a valid email.' for a malformed address", async () => {
    const { user } = setup();
    await user.click(add());
    await fillOwner(user, owner(1), 'Grace');
    const email = within(owner(1)).getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'grace.example.com');
    await user.click(finish());
    expect(await within(owner(1)).findByText(m.email)).toBeTruthy();
  });

  it('A5.beneficial-owner.ssn-format: SSN must be in the format XXX-XX-XXXX', async () => {
    const { user } = setup();
    await user.click(add());
    await fillOwner(user, owner(1), 'Grace');
    const ssn = within(owner(1)).getByLabelText('SSN');
    expect((ssn as HTMLInputElement).value).toBe('219-09-9999');
    await user.clear(ssn);
    await user.type(ssn, '2190');
    await user.click(finish());
    expect(await within(owner(1)).findByText(m.ssnFormat)).toBeTruthy();
  });

  it("A4.beneficial-owner.id-country-sets-type, A5.beneficial-owner.id-number-message: ID country US sets ssn, any other passport ('Please enter your Passport number.')", async () => {
    const { user } = setup();
    await user.click(add());
    const card = owner(1);
    const idType = () => within(card).getByLabelText('ID type') as HTMLSelectElement;
    expect(idType().value).toBe('ssn');
    await user.selectOptions(within(card).getByLabelText('Nationality / citizenship (ID country)'), 'IE');
    expect(idType().value).toBe('passport');
    expect(within(card).queryByLabelText('SSN')).toBeNull();
    await user.click(finish());
    expect(await within(card).findByText(m.idNumber('Passport'))).toBeTruthy();
    await user.selectOptions(within(card).getByLabelText('Nationality / citizenship (ID country)'), 'US');
    expect(idType().value).toBe('ssn');
    expect(within(card).getByLabelText('SSN')).toBeTruthy();
  });

  it('A3.beneficial-owner.fields, A3.beneficial-owner.defaults: owners are added and removed; Finish sends each with every field', async () => {
    const api = fakeApi()
      .on('PUT', paths.users.beneficialOwners, ok())
      .on('GET', paths.users.me, ok(wireUser(business)));
    const { user } = setup();
    await user.click(add());
    await user.click(add());
    await user.click(add());
    expect(screen.getAllByRole('group', { name: /^Beneficial owner \d$/ })).toHaveLength(3);
    await user.click(within(owner(2)).getByRole('button', { name: 'Remove beneficial owner 2' }));
    expect(screen.getAllByRole('group', { name: /^Beneficial owner \d$/ })).toHaveLength(2);

    await fillOwner(user, owner(1), 'Grace');
    const second = owner(2);
    await fillOwner(user, second, 'Alan');
    await user.selectOptions(within(second).getByLabelText('Nationality / citizenship (ID country)'), 'GB');
    await user.type(within(second).getByLabelText('Passport number'), '533380006');
    await user.selectOptions(within(second).getByLabelText('Residential country'), 'GB');
    await user.click(finish());

    await screen.findByTestId('location');
    expect(api.bodyOf('PUT', paths.users.beneficialOwners)).toEqual([
      {
        first_name: 'Grace',
        middle_name: '',
        last_name: 'Hopper',
        email: 'grace@example.com',
        dob: '1970-12-09',
        phone_number: '+1 212 555 0199',
        id_type: 'ssn',
        id_country_code: 'US',
        id_number: '219-09-9999',
        residential_country_code: 'US',
        residential_address: '1 Wall St',
        residential_city: 'New York',
        residential_state: 'NY',
        residential_postal_code: '10005',
      },
      {
        first_name: 'Alan',
        middle_name: '',
        last_name: 'Hopper',
        email: 'alan@example.com',
        dob: '1970-12-09',
        phone_number: '+1 212 555 0199',
        id_type: 'passport',
        id_country_code: 'GB',
        id_number: '533380006',
        residential_country_code: 'GB',
        residential_address: '1 Wall St',
        residential_city: 'New York',
        residential_postal_code: '10005',
      },
    ]);
  });

  it("A8 beneficial owners failure shows Invalid request. and the server's field errors on the owner", async () => {
    fakeApi().on('PUT', paths.users.beneficialOwners, validationProblem({ '0.email': ['Please enter a valid email.'] }));
    const { user } = setup();
    await user.click(add());
    await fillOwner(user, owner(1), 'Grace');
    await user.click(finish());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(accountMessages.invalidRequest)).toBeTruthy();
    expect(within(owner(1)).getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect((finish() as HTMLButtonElement).disabled).toBe(false);
  });
});
