// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../shared/api/paths';
import { storageKeys } from '../../../shared/constants';
import { accountMessages, businessDetailsMessages as bm, principalAddressMessages as pm } from '../../../shared/messages';
import { registrationStore } from '../../registration/registration-store';
import { session } from '../../session/session';
import { fakeApi, ok, renderPage, useCleanAccountState, validationProblem, wireUser } from './account-test-kit';
import RegisterBusinessPage from './RegisterBusinessPage';

useCleanAccountState();

const PASSWORD = 'Secret!Pass1';

function seedStep1() {
  registrationStore.update({
    account_type: 'corporation',
    first_name: 'Grace',
    last_name: 'Hopper',
    email: 'grace@example.com',
    phone_country_code: '+44',
    phone_number: '20 7946 0958',
    password: PASSWORD,
    password2: PASSWORD,
  });
}

function setup() {
  seedStep1();
  return renderPage(<RegisterBusinessPage />, { path: '/account/register/business' });
}

type User = ReturnType<typeof setup>['user'];
const field = (label: string) => screen.getByLabelText(label);
const submit = () => screen.getByRole('button', { name: 'Continue' });
const group = (name: string) => screen.getByRole('radiogroup', { name });

async function fillValid(user: User) {
  await user.selectOptions(field('State'), 'NY');
  await user.type(field('Address'), '350 Fifth Avenue');
  await user.type(field('City'), 'New York');
  await user.type(field('Postal code'), '10118');
  await user.type(field('Entity name'), 'Hopper Capital LLC');
  await user.selectOptions(field('Incorporation state'), 'DE');
  await user.type(field('Incorporation date'), '2015-03-02');
  await user.selectOptions(field('Organization type'), 'LLC');
  await user.selectOptions(field('Business type'), 'Hedge Fund');
  await user.type(field('Tax ID'), '12-3456789');
  await user.type(field('Registration number'), 'DE-5521873');
  await user.type(field('Description'), 'Quantitative crypto strategies.');
  await user.click(within(group('Are you an accredited investor?')).getByLabelText('Yes'));
  await user.click(within(group('Are you a non-agent intermediary?')).getByLabelText('No'));
  await user.selectOptions(field('Business account purpose'), 'Arbitrage Trading');
}

describe('RegisterBusinessPage (spec A §2 business registration)', () => {
  it('A2.business.principal-place-explained, A2.business.principal-place-fields, A2.business.back-link-to-register: principal place of business with its explanation, US by default with a state', () => {
    setup();
    expect(screen.getByText(/physical location of your team/)).toBeTruthy();
    expect(screen.getByText(/most of the decision makers/)).toBeTruthy();
    expect((field('Country') as HTMLSelectElement).value).toBe('US');
    expect(field('State')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/account/register');
  });

  it('A5 principal address: each of the five messages', async () => {
    const { user } = setup();
    await user.click(submit());
    for (const text of [pm.state, pm.address, pm.city, pm.postalCode]) expect(await screen.findByText(text)).toBeTruthy();
    await user.selectOptions(field('Country'), '');
    expect(await screen.findByText(pm.country)).toBeTruthy();
    // The state only exists for the US, so its message goes with it.
    expect(screen.queryByLabelText('State')).toBeNull();
    expect(screen.queryByText(pm.state)).toBeNull();
  });

  it('A5.business-details.required-messages, A5.business-details.accredited-required, A5.business-details.non-agent-required: each message', async () => {
    const { user } = setup();
    const expected = [
      bm.entityName,
      bm.incorporationState,
      bm.incorporationDate,
      bm.organizationType,
      bm.businessType,
      bm.taxId,
      bm.registrationNumber,
      bm.description,
      bm.accreditedInvestor,
      bm.nonAgentIntermediary,
    ];
    for (const text of [...expected, bm.accountPurpose]) expect(screen.queryByText(text)).toBeNull();
    await user.click(submit());
    for (const text of expected) expect(await screen.findByText(text)).toBeTruthy();
    expect(await screen.findByText(bm.accountPurpose)).toBeTruthy();
    expect(group('Are you an accredited investor?').getAttribute('aria-invalid')).toBe('true');

    await user.selectOptions(field('Incorporation country'), '');
    expect(await screen.findByText(bm.incorporationCountry)).toBeTruthy();
  });

  it('A3.business-details.incorporation-state-input: incorporation state from the US list for the US, free text elsewhere', async () => {
    const { user } = setup();
    expect(field('Incorporation state').tagName).toBe('SELECT');
    await user.selectOptions(field('Incorporation country'), 'GB');
    const state = field('Incorporation state');
    expect(state.tagName).toBe('INPUT');
    await user.type(state, 'England');
    expect((state as HTMLInputElement).value).toBe('England');
  });

  it('A3.business-details.accredited-hint: the accredited investor hint names assets above $5 million; website is optional', async () => {
    setup();
    expect(screen.getByText(/assets above \$5 million/)).toBeTruthy();
    expect(field('Website (optional)')).toBeTruthy();
  });

  it('A2.business.continue-to-owners, A4.registration.business-steps, A3.business-details.fields, A3.business-details.incorporation-country-default-us, A3.registration.model-fields, A5.business-details.website-optional, A6.roles.registration-role-client, A7.users.register-phone-joined: Continue registers a corporation with business and business_details, then goes to beneficial owners', async () => {
    const api = fakeApi().on(
      'POST',
      paths.users.register,
      ok(
        {
          user_details: wireUser({
            email: 'grace@example.com',
            account_type: 'corporation',
            email_confirmed: false,
            phone_confirmed: false,
            has_submitted_principal_address: true,
          }),
        },
        201,
      ),
    );
    const { user } = setup();
    await fillValid(user);
    await user.click(submit());

    expect((await screen.findByTestId('location')).textContent).toBe('/business/beneficial-owners');
    expect(api.bodyOf('POST', paths.users.register)).toEqual({
      account_type: 'corporation',
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.com',
      phone_country_code: '+44',
      phone_number: '+442079460958',
      password: PASSWORD,
      password2: PASSWORD,
      account_role: 'client',
      account_purpose: 'Arbitrage Trading',
      business: {
        principal_place_country: 'US',
        principal_place_state: 'NY',
        principal_place_address: '350 Fifth Avenue',
        principal_place_city: 'New York',
        principal_place_postal_code: '10118',
      },
      business_details: {
        account_purpose: 'Arbitrage Trading',
        entity_name: 'Hopper Capital LLC',
        incorporation_country: 'US',
        incorporation_state: 'DE',
        incorporation_date: '2015-03-02',
        organization_type: 'LLC',
        business_type: 'Hedge Fund',
        tax_id: '12-3456789',
        registration_number: 'DE-5521873',
        website: '',
        description: 'Quantitative crypto strategies.',
        accredited_investor: true,
        non_agent_intermediary: false,
      },
    });
    expect(session.getSnapshot().user).toMatchObject({ email: 'grace@example.com', account_type: 'corporation' });
    expect(sessionStorage.getItem(storageKeys.registration)).toBeNull();
  });

  it('A8 registration failure shows Invalid request. (business step)', async () => {
    fakeApi().on('POST', paths.users.register, validationProblem({ 'business_details.tax_id': ['Please enter the tax ID.'] }));
    const { user } = setup();
    await fillValid(user);
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(accountMessages.invalidRequest)).toBeTruthy();
    expect(field('Tax ID').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(bm.taxId)).toBeTruthy();
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
  });
});
