// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../shared/api/paths';
import { PRODUCT_NAME } from '../../shared/constants';
import { accountMessages } from '../../shared/messages';
import { setNavigator } from '../navigation/navigator';
import { session } from '../session/session';
import { createFakeFetch, emptyResponse } from '../testing/fake-fetch';
import { renderAt, stubMatchMedia } from '../testing/render';
import { wireUser } from '../testing/users';
import Header from './Header';
import { resetMediaQueryStores } from './media-query';

const location = () => screen.getByTestId('location').textContent;

function useLayout(kind: 'desktop' | 'mobile') {
  stubMatchMedia(kind === 'mobile');
  resetMediaQueryStores();
}

beforeEach(() => {
  localStorage.clear();
  session.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setNavigator(null);
});

describe('desktop navigation (spec A §2)', () => {
  beforeEach(() => useLayout('desktop'));

  test('A1.navigation.logged-in-only, A2.routes.logo-links-home, A2.navigation.logged-in-links: shown only to logged-in users; the logo links to /', () => {
    renderAt(<Header />, '/account/login');
    expect(screen.queryByRole('navigation')).toBeNull();
    // Named by its visible text, the product name (WCAG 2.5.3 label in name).
    expect(screen.getByRole('link', { name: PRODUCT_NAME }).getAttribute('href')).toBe('/');

    act(() => void session.setUser(wireUser()));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Dashboard', '/dashboard'],
      ['Exchange', '/exchange'],
      ['Transactions', '/my/transactions'],
      ['Portfolio', '/portfolio'],
      ['Fee Rates', '/fee-rates'],
    ]) {
      expect(within(nav).getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    for (const name of ['Payment', 'Security', 'Market News', 'Logout']) within(nav).getByRole('button', { name });
  });

  test('A2.navigation.one-dropdown-open, A2.navigation.payment-group, A2.navigation.security-group: one dropdown open at a time', async () => {
    session.setUser(wireUser());
    const user = userEvent.setup();
    renderAt(<Header />, '/dashboard');
    const payment = screen.getByRole('button', { name: 'Payment' });
    const security = screen.getByRole('button', { name: 'Security' });
    expect(payment.getAttribute('aria-expanded')).toBe('false');

    await user.click(payment);
    expect(payment.getAttribute('aria-expanded')).toBe('true');
    for (const name of ['Bank Account', 'Wire Instructions', 'ACH Onboarding']) screen.getByRole('link', { name });

    await user.click(security);
    expect(security.getAttribute('aria-expanded')).toBe('true');
    expect(payment.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Bank Account' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Approved Addresses' }).getAttribute('href')).toBe('/security/approved-addresses');

    await user.click(security);
    expect(security.getAttribute('aria-expanded')).toBe('false');
  });

  test('A2.navigation.dropdown-closes-outside-click: a dropdown closes on an outside click', async () => {
    session.setUser(wireUser());
    const user = userEvent.setup();
    renderAt(<Header />, '/dashboard');
    const payment = screen.getByRole('button', { name: 'Payment' });
    await user.click(payment);
    await user.click(document.body);
    expect(payment.getAttribute('aria-expanded')).toBe('false');
  });

  test('A2.navigation.dropdown-closes-on-choice: a dropdown closes when an item is chosen', async () => {
    session.setUser(wireUser());
    const user = userEvent.setup();
    renderAt(<Header />, '/dashboard');
    const payment = screen.getByRole('button', { name: 'Payment' });
    await user.click(payment);
    await user.click(screen.getByRole('link', { name: 'Wire Instructions' }));
    expect(location()).toBe('/payments/wire-instructions');
    expect(payment.getAttribute('aria-expanded')).toBe('false');
  });

  test('A2 navigation: Escape closes the dropdown and gives focus back to its button', async () => {
    session.setUser(wireUser());
    const user = userEvent.setup();
    renderAt(<Header />, '/dashboard');
    const payment = screen.getByRole('button', { name: 'Payment' });
    await user.click(payment);
    await user.tab();
    await user.keyboard('{Escape}');
    expect(payment.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(payment);
  });

  test('A2.navigation.market-news-button, A2.navigation.logout-button: Market News goes to /market; Logout ends the session', async () => {
    session.setUser(wireUser());
    const fake = createFakeFetch(() => emptyResponse(204));
    vi.stubGlobal('fetch', fake.fetch);
    const navigate = vi.fn();
    setNavigator(navigate);
    const user = userEvent.setup();
    renderAt(<Header />, '/dashboard');

    await user.click(screen.getByRole('button', { name: 'Market News' }));
    expect(location()).toBe('/market');

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/account/login', { replace: true }));
    expect(fake.callsTo(paths.auth.logout)).toHaveLength(1);
    expect(session.getSnapshot().user).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

describe('mobile navigation (spec A §2)', () => {
  beforeEach(() => useLayout('mobile'));

  test('A2.navigation.mobile-logged-out-text, A1.navigation.logged-in-only: mobile menu shows the logged-out text', async () => {
    const user = userEvent.setup();
    renderAt(<Header />, '/account/login');
    const toggle = screen.getByRole('button', { name: 'Open navigation menu' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('complementary', { name: 'Navigation menu' });
    expect(within(menu).getByText(accountMessages.loggedOutMobileNav)).toBeTruthy();
    expect(within(menu).queryByRole('link')).toBeNull();
  });

  test('A2.navigation.mobile-sections-one-at-a-time: mobile menu sections toggle one at a time', async () => {
    session.setUser(wireUser());
    const user = userEvent.setup();
    renderAt(<Header />, '/dashboard');
    expect(screen.queryByRole('button', { name: 'Payment' })).toBeNull(); // closed menu is hidden
    await user.click(screen.getByRole('button', { name: 'Open navigation menu' }));

    const payment = screen.getByRole('button', { name: 'Payment' });
    const security = screen.getByRole('button', { name: 'Security' });
    await user.click(payment);
    expect(payment.getAttribute('aria-expanded')).toBe('true');
    await user.click(security);
    expect(payment.getAttribute('aria-expanded')).toBe('false');
    expect(security.getAttribute('aria-expanded')).toBe('true');

    await user.click(screen.getByRole('link', { name: 'Approved Addresses' }));
    expect(location()).toBe('/security/approved-addresses');
    expect(screen.getByRole('button', { name: 'Open navigation menu' }).getAttribute('aria-expanded')).toBe('false');
  });

  test('A2 mobile menu: Escape closes it', async () => {
    session.setUser(wireUser());
    const user = userEvent.setup();
    renderAt(<Header />, '/dashboard');
    const toggle = screen.getByRole('button', { name: 'Open navigation menu' });
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Payment' }));
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
});
