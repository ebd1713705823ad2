// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../shared/api/paths';
import { accountMessages, principalAddressMessages as m } from '../../../shared/messages';
import { session } from '../../session/session';
import { fakeApi, ok, renderPage, useCleanAccountState, validationProblem, wireUser } from './account-test-kit';
import PrincipalAddressPage from './PrincipalAddressPage';

useCleanAccountState();

function setup(submitted = false) {
  session.setUser(wireUser({ account_type: 'corporation', has_submitted_principal_address: submitted, email_confirmed: false }));
  return renderPage(<PrincipalAddressPage />, { path: '/business/principal-address' });
}

type User = ReturnType<typeof setup>['user'];
const field = (label: string) => screen.getByLabelText(label);
const submit = () => screen.getByRole('button', { name: 'Continue' });

async function fillValid(user: User) {
  await user.selectOptions(field('State'), 'TX');
  await user.type(field('Address'), '500 Congress Ave');
  await user.type(field('City'), 'Austin');
  await user.type(field('Postal code'), '78701');
}

describe('PrincipalAddressPage (spec A §2 business/principal-address)', () => {
  it('A5.principal-address.all-required, A5.principal-address.messages: each of the five messages', async () => {
    const { user } = setup();
    for (const text of [m.state, m.address, m.city, m.postalCode]) expect(screen.queryByText(text)).toBeNull();
    await user.click(submit());
    for (const text of [m.state, m.address, m.city, m.postalCode]) expect(await screen.findByText(text)).toBeTruthy();
    await user.selectOptions(field('Country'), '');
    expect(await screen.findByText(m.country)).toBeTruthy();
  });

  it('A2.business.principal-place-fields, A5.principal-address.all-required, A5.principal-address.state-us-only: state only shown and required for the US', async () => {
    const api = fakeApi().on('PUT', paths.users.principalAddress, ok());
    const { user } = setup();
    await user.selectOptions(field('Country'), 'DE');
    expect(screen.queryByLabelText('State')).toBeNull();
    await user.type(field('Address'), 'Unter den Linden 1');
    await user.type(field('City'), 'Berlin');
    await user.type(field('Postal code'), '10117');
    await user.click(submit());
    await screen.findByTestId('location');
    const body = api.bodyOf('PUT', paths.users.principalAddress);
    expect(body).toMatchObject({ principal_place_country: 'DE', principal_place_city: 'Berlin' });
    expect(body).not.toHaveProperty('principal_place_state');
  });

  it('A2.business.continue-to-owners, A2.business.principal-place-fields, A7.users.principal-address: Continue puts the five fields and goes on to beneficial owners', async () => {
    const api = fakeApi().on('PUT', paths.users.principalAddress, ok({ success: true }));
    const { user } = setup();
    await fillValid(user);
    await user.click(submit());
    expect((await screen.findByTestId('location')).textContent).toBe('/business/beneficial-owners');
    expect(api.bodyOf('PUT', paths.users.principalAddress)).toEqual({
      principal_place_country: 'US',
      principal_place_state: 'TX',
      principal_place_address: '500 Congress Ave',
      principal_place_city: 'Austin',
      principal_place_postal_code: '78701',
    });
    expect(session.getSnapshot().user?.has_submitted_principal_address).toBe(true);
  });

  it('A7 principal address: an answer carrying the user updates the session user', async () => {
    fakeApi().on(
      'PUT',
      paths.users.principalAddress,
      ok({ user_details: wireUser({ account_type: 'corporation', has_submitted_principal_address: true, first_name: 'Grace' }) }),
    );
    const { user } = setup();
    await fillValid(user);
    await user.click(submit());
    await screen.findByTestId('location');
    expect(session.getSnapshot().user).toMatchObject({ first_name: 'Grace', has_submitted_principal_address: true });
  });

  it('A8.principal-address.failure-text: a failed submit shows Invalid request. and re-enables the form', async () => {
    fakeApi().on(
      'PUT',
      paths.users.principalAddress,
      validationProblem({ principal_place_postal_code: ['Please enter the principal place postal code.'] }),
    );
    const { user } = setup();
    await fillValid(user);
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(accountMessages.invalidRequest)).toBeTruthy();
    expect(field('Postal code').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(m.postalCode)).toBeTruthy();
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('A2 principal address: a user who already gave it is sent on, and may still change it', async () => {
    const { user } = setup(true);
    expect(screen.getByRole('link', { name: 'Continue to beneficial owners' }).getAttribute('href')).toBe('/business/beneficial-owners');
    await user.click(screen.getByRole('button', { name: 'Change it' }));
    expect(field('Address')).toBeTruthy();
  });
});
