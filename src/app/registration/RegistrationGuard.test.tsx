// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderPage, useCleanAccountState } from '../screens/account/account-test-kit';
import RegisterBusinessPage from '../screens/account/RegisterBusinessPage';
import RegisterIndividualPage from '../screens/account/RegisterIndividualPage';
import { registrationStore } from './registration-store';
import RegistrationGuard from './RegistrationGuard';

useCleanAccountState();

function renderGuarded(entry: string) {
  // '/account/register' itself is left to the location probe, so a redirect shows there.
  return renderPage(<RegistrationGuard />, {
    path: '/unguarded',
    entry,
    extraRoutes: (
      <Route element={<RegistrationGuard />}>
        <Route path="/account/register/individual" element={<RegisterIndividualPage />} />
        <Route path="/account/register/business" element={<RegisterBusinessPage />} />
      </Route>
    ),
  });
}

describe('RegistrationGuard (spec A §5)', () => {
  it('A5.guards.registration-needs-model-email: without an email in the model the individual step redirects to account/register', async () => {
    renderGuarded('/account/register/individual');
    const location = await screen.findByTestId('location');
    expect(location.textContent).toBe('/account/register');
    expect(location.dataset.navigation).toBe('REPLACE');
  });

  it('A5.guards.registration-needs-model-email: without an email in the model the business step redirects to account/register', async () => {
    registrationStore.update({ first_name: 'Ada' });
    renderGuarded('/account/register/business');
    expect((await screen.findByTestId('location')).textContent).toBe('/account/register');
  });

  it('A5.guards.registration-needs-model-email: with an email in the model the detail steps open', async () => {
    registrationStore.update({ email: 'ada@example.com', password: 'Secret!Pass1', password2: 'Secret!Pass1' });
    renderGuarded('/account/register/individual');
    expect(await screen.findByRole('heading', { name: 'Individual details' })).toBeTruthy();
  });
});
