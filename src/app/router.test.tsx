// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { PRODUCT_NAME } from '../shared/constants';
import { accountMessages } from '../shared/messages';
import { routes } from './router';
import { session } from './session/session';
import { createFakeFetch, jsonResponse } from './testing/fake-fetch';
import { wireUser } from './testing/users';
import { EngineClientContext } from './engine-client/engine-context';
import { fakeEngine } from './screens/exchange/testing/fake-engine';

// The account screens are the forms work's; here only their place in the route table counts.
vi.mock('./screens/account-screens', async () => {
  const { createElement } = await import('react');
  const { Outlet } = await import('react-router-dom');
  const page = (name: string) => () => createElement('p', null, `${name} screen`);
  return {
    RegisterPage: page('RegisterPage'),
    RegisterIndividualPage: page('RegisterIndividualPage'),
    RegisterBusinessPage: page('RegisterBusinessPage'),
    PrincipalAddressPage: page('PrincipalAddressPage'),
    BeneficialOwnersPage: page('BeneficialOwnersPage'),
    ForgotPasswordPage: page('ForgotPasswordPage'),
    ResetPasswordPage: page('ResetPasswordPage'),
    VerifyEmailPage: page('VerifyEmailPage'),
    VerifyPhonePage: page('VerifyPhonePage'),
    RegistrationGuard: () => createElement('div', null, createElement('span', null, 'registration guard'), createElement(Outlet)),
  };
});

// jsdom has no Worker: the exchange screen reads a scripted engine client instead.
const engine = fakeEngine();

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <EngineClientContext.Provider value={engine.client}>
      <RouterProvider router={router} />
    </EngineClientContext.Provider>,
  );
  return router;
}

beforeEach(() => {
  localStorage.clear();
  session.setUser(wireUser());
  vi.stubGlobal('fetch', createFakeFetch(() => jsonResponse(200, [])).fetch);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('A2 routes', () => {
  test('A2.routes.empty-path-to-dashboard: the empty path redirects to the dashboard', async () => {
    const router = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  test('A2.routes.payments-to-bank-account: payments redirects to payments/bank-account', async () => {
    const router = renderApp('/payments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bank Account' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/payments/bank-account');
  });

  test.each([
    ['/portfolio', 'Portfolio'],
    ['/fee-rates', 'Fee Overview'],
    ['/payments/bank-account', 'Bank Account'],
    ['/payments/wire-instructions', 'Wire Instructions'],
    ['/payments/ach-onboarding', 'ACH Onboarding'],
    ['/security/approved-addresses', 'Approved Addresses'],
  ])('A2.routes.payments-to-bank-account: %s shows its screen, no placeholder', async (path, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.queryByText(/coming soon/)).toBeNull();
  });

  test('B2.edd.route: /enhanced-due-diligence is the EDD screen', async () => {
    renderApp('/enhanced-due-diligence');
    expect(await screen.findByRole('heading', { name: 'Enhanced Due Diligence' })).toBeTruthy();
  });

  test('A6.roles.any-required-role: /operator sends a user without the operator role to /unauthorized', async () => {
    const router = renderApp('/operator');
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  test.each([
    ['/my/transactions', 'Transaction History'],
    ['/market', 'Market News'],
  ])('A2.routes.screen-paths: %s shows its screen', async (path, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
  });

  test.each([
    ['/account/password/forgot-password', 'ForgotPasswordPage'],
    ['/account/password/reset-password?userId=1&token=t', 'ResetPasswordPage'],
    ['/account/register', 'RegisterPage'],
    ['/business/principal-address', 'PrincipalAddressPage'],
    ['/business/beneficial-owners', 'BeneficialOwnersPage'],
    ['/verify/email', 'VerifyEmailPage'],
    ['/verify/phone', 'VerifyPhonePage'],
  ])('A2 routes: %s is the forms work’s %s', async (path, name) => {
    renderApp(path);
    expect(await screen.findByText(`${name} screen`)).toBeTruthy();
  });

  test('A2.routes.registration-details-guarded: the individual step sits behind the registration guard', async () => {
    renderApp('/account/register/individual');
    expect(await screen.findByText('RegisterIndividualPage screen')).toBeTruthy();
    expect(screen.getByText('registration guard')).toBeTruthy();
  });

  test('A6.guards.registration-guard-routes: the individual and the business detail steps sit behind the registration guard', async () => {
    const steps: [string, string][] = [
      ['/account/register/individual', 'RegisterIndividualPage'],
      ['/account/register/business', 'RegisterBusinessPage'],
    ];
    for (const [path, name] of steps) {
      cleanup();
      renderApp(path);
      expect(await screen.findByText(`${name} screen`)).toBeTruthy();
      expect(screen.getByText('registration guard')).toBeTruthy();
    }
  });

  test('A2 routes: login, loading and unauthorized are the shell’s own', async () => {
    renderApp('/account/login');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    cleanup();
    renderApp('/loading');
    expect(screen.getByRole('status').textContent).toMatch(/Loading/);
    cleanup();
    renderApp('/unauthorized');
    expect(screen.getByRole('heading', { name: 'Unauthorized' })).toBeTruthy();
  });

  test('B1.audience.signed-in-customers: the exchange opens for individual and business account holders, a visitor is sent to log in', async () => {
    const business = { account_type: 'corporation' as const, has_submitted_principal_address: true, has_submitted_beneficial_owners: true };
    for (const user of [wireUser(), wireUser(business)]) {
      cleanup();
      session.setUser(user);
      const router = renderApp('/exchange');
      expect(await screen.findByText('Order Book', { exact: false }, { timeout: 10_000 })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/exchange');
    }
    cleanup();
    session.clear();
    vi.stubGlobal('fetch', createFakeFetch(() => jsonResponse(401, { title: 'Unauthorized', status: 401 })).fetch);
    await session.loadCurrentUser();
    expect(renderApp('/exchange').state.location.pathname).toBe('/account/login');
  });

  test('B2 routes: /exchange is the exchange screen', async () => {
    renderApp('/exchange');
    expect(await screen.findByText('Order Book', { exact: false }, { timeout: 10_000 })).toBeTruthy();
  });

  test('A2.routes.registration-details-guarded: the business step sits behind the registration guard', async () => {
    renderApp('/account/register/business');
    expect(await screen.findByText('RegisterBusinessPage screen')).toBeTruthy();
    expect(screen.getByText('registration guard')).toBeTruthy();
  });

  test('A2.routes.not-found, B2.not-found.text: any other path shows 404 NOT FOUND', () => {
    renderApp('/no/such/page');
    expect(screen.getByRole('heading', { name: accountMessages.notFound })).toBeTruthy();
  });

  test('A2.routes.dashboard-requires-login, A2.routes.principal-address-requires-login, A2.routes.beneficial-owners-requires-login, A6.guards.auth-guard-routes: logged-in screens send a visitor to log in and come back', async () => {
    session.clear();
    // Start-up check done with no session anywhere.
    vi.stubGlobal('fetch', createFakeFetch(() => jsonResponse(401, { title: 'Unauthorized', status: 401 })).fetch);
    await session.loadCurrentUser();
    for (const path of ['/dashboard', '/business/principal-address', '/business/beneficial-owners', '/portfolio', '/exchange']) {
      cleanup();
      const router = renderApp(path);
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        `/account/login?returnUrl=${encodeURIComponent(path)}`,
      );
    }
  });
});

describe('A1.navigation.page-title', () => {
  /** Every route a person can land on, with the handle of the route that names it. */
  function pages(list: readonly RouteObject[]): { path: string; handle: unknown }[] {
    return list.flatMap((route) => [
      ...(route.path && !route.children ? [{ path: route.path, handle: route.handle }] : []),
      ...pages(route.children ?? []),
    ]);
  }

  test('every page names its tab, or writes the title itself', () => {
    const untitled = pages(routes)
      .filter(({ path }) => path !== 'loading')
      .filter(({ handle }) => {
        const h = handle as { title?: unknown; ownTitle?: unknown } | undefined;
        return typeof h?.title !== 'string' && h?.ownTitle !== true;
      });
    expect(untitled).toEqual([]);
  });

  test('the tab reads the open page’s name, then the product’s, and follows navigation', async () => {
    const router = renderApp('/portfolio');
    await screen.findByRole('heading', { level: 1, name: 'Portfolio' });
    await waitFor(() => expect(document.title).toBe(`Portfolio · ${PRODUCT_NAME}`));
    await act(() => router.navigate('/payments/wire-instructions'));
    await screen.findByRole('heading', { level: 1, name: 'Wire Instructions' });
    await waitFor(() => expect(document.title).toBe(`Wire Instructions · ${PRODUCT_NAME}`));
    await act(() => router.navigate('/no/such/page'));
    await waitFor(() => expect(document.title).toBe(`Page not found · ${PRODUCT_NAME}`));
  });

  test('B1.title.best-bid-and-pair: the exchange keeps its own title (pair and best bid), and the next page names itself again', async () => {
    const router = renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await act(() => router.navigate('/exchange'));
    await screen.findByText('Order Book', { exact: false }, { timeout: 10_000 });
    // The exchange's own title (the fake engine's BTC/USD book), not one named by the route.
    await waitFor(() => expect(document.title).toMatch(new RegExp(`BTC/USD · ${PRODUCT_NAME}$`)));
    await act(() => router.navigate('/fee-rates'));
    await screen.findByRole('heading', { level: 1, name: 'Fee Overview' });
    await waitFor(() => expect(document.title).toBe(`Fee Overview · ${PRODUCT_NAME}`));
  });
});
