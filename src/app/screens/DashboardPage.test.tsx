// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { paths } from '../../shared/api/paths';
import { session } from '../session/session';
import { createFakeFetch, jsonResponse } from '../testing/fake-fetch';
import { renderAt } from '../testing/render';
import { wireUser } from '../testing/users';
import { toast } from '../toast/toast';
import DashboardPage from './DashboardPage';

beforeEach(() => {
  localStorage.clear();
  session.setUser(wireUser());
  vi.spyOn(toast, 'error').mockImplementation(() => 0);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('A7 dashboard: shows the balances from GET /v1/account-management/balances', async () => {
  const fake = createFakeFetch(() =>
    jsonResponse(200, [
      { currency: 'usd', balance: '1250.50000000', available: '1000.5' },
      { currency: 'btc', balance: 0.5, available: '0.25' },
    ]),
  );
  vi.stubGlobal('fetch', fake.fetch);
  renderAt(<DashboardPage />, '/dashboard');

  const table = await screen.findByRole('table');
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
    ['BTC', '0.5', '0.25'],
    ['USD', '1250.5', '1000.5'],
  ]);
  expect(fake.calls[0]).toMatchObject({ method: 'GET', path: paths.account.balances, credentials: 'include' });
  expect(screen.getByText(/Welcome back, Ada/)).toBeTruthy();
});

test('dashboard: links onward to exchange, portfolio, fee rates and payments', async () => {
  vi.stubGlobal('fetch', createFakeFetch(() => jsonResponse(200, [])).fetch);
  renderAt(<DashboardPage />, '/dashboard');
  expect(await screen.findByText(/No balances yet/)).toBeTruthy();
  const onward = screen.getByRole('navigation', { name: 'Go to' });
  expect(within(onward).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/exchange', '/portfolio', '/fee-rates', '/payments']);
});

test('dashboard: a failed load can be retried', async () => {
  let n = 0;
  vi.stubGlobal(
    'fetch',
    createFakeFetch(() => (++n === 1 ? jsonResponse(503, { title: 'Service Unavailable', status: 503 }) : jsonResponse(200, [{ currency: 'eth', balance: '2', available: '2' }]))).fetch,
  );
  renderAt(<DashboardPage />, '/dashboard');
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('rowheader', { name: 'ETH' })).toBeTruthy();
  expect(toast.error).toHaveBeenCalledWith('Service Unavailable', expect.anything());
});

test('A4 dashboard: an unfinished setup step is pointed out', async () => {
  session.setUser(wireUser({ email_confirmed: false }));
  vi.stubGlobal('fetch', createFakeFetch(() => jsonResponse(200, [])).fetch);
  renderAt(<DashboardPage />, '/dashboard');
  expect((await screen.findByRole('link', { name: 'Verify your email address' })).getAttribute('href')).toBe('/verify/email');
});
