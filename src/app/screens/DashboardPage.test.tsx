// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { paths } from '../../shared/api/paths';
import { EngineClientContext } from '../engine-client/engine-context';
import { AFTER_BALANCES_CHANGE_MS } from '../hooks/useAfterBalancesChange';
import { session } from '../session/session';
import { createFakeFetch, jsonResponse, type FetchCall } from '../testing/fake-fetch';
import { renderAt } from '../testing/render';
import { wireUser } from '../testing/users';
import { toast } from '../toast/toast';
import DashboardPage from './DashboardPage';
import { fakeEngine } from './exchange/testing/fake-engine';
import { snapshot } from './exchange/testing/fake-snapshot';

let engine = fakeEngine();
const inEngine = (node: ReactNode) => <EngineClientContext.Provider value={engine.client}>{node}</EngineClientContext.Provider>;

/** Answers per path; anything unlisted is an empty list. */
function byPath(answers: Record<string, (call: FetchCall) => Response>) {
  return createFakeFetch((call) => (answers[call.path] ?? (() => jsonResponse(200, [])))(call));
}

beforeEach(() => {
  localStorage.clear();
  session.setUser(wireUser());
  engine = fakeEngine();
  vi.spyOn(toast, 'error').mockImplementation(() => 0);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('A7.account.balances: the dashboard shows the balances from GET /v1/account-management/balances', async () => {
  const fake = byPath({
    [paths.account.balances]: () =>
      jsonResponse(200, [
        { currency: 'usd', balance: '1250.50000000', available: '1000.5' },
        { currency: 'btc', balance: 0.5, available: '0.25' },
      ]),
  });
  vi.stubGlobal('fetch', fake.fetch);
  renderAt(inEngine(<DashboardPage />), '/dashboard');

  const table = await screen.findByRole('table', { name: 'Balances' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
    ['BTC', '0.5', '0.25'],
    ['USD', '1,250.5', '1,000.5'],
  ]);
  expect(fake.callsTo(paths.account.balances)[0]).toMatchObject({ method: 'GET', credentials: 'include' });
  expect(screen.getByText(/Welcome back, Ada/)).toBeTruthy();
});

test('dashboard: links onward to exchange, portfolio, fee rates and payments', async () => {
  vi.stubGlobal('fetch', byPath({}).fetch);
  renderAt(inEngine(<DashboardPage />), '/dashboard');
  expect(await screen.findByText(/No balances yet/)).toBeTruthy();
  const onward = screen.getByRole('navigation', { name: 'Go to' });
  expect(
    within(onward)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href')),
  ).toEqual(['/exchange', '/portfolio', '/fee-rates', '/payments']);
});

test('dashboard: a failed load can be retried', async () => {
  let n = 0;
  vi.stubGlobal(
    'fetch',
    byPath({
      [paths.account.balances]: () =>
        ++n === 1
          ? jsonResponse(503, { title: 'Service Unavailable', status: 503 })
          : jsonResponse(200, [{ currency: 'eth', balance: '2', available: '2' }]),
    }).fetch,
  );
  renderAt(inEngine(<DashboardPage />), '/dashboard');
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('rowheader', { name: 'ETH' })).toBeTruthy();
  expect(toast.error).toHaveBeenCalledWith('Service Unavailable', expect.anything());
});

test('A4 dashboard: every unfinished setup step is pointed out, the bank account included', async () => {
  session.setUser(wireUser({ email_confirmed: false, phone_confirmed: false }));
  vi.stubGlobal('fetch', byPath({ [paths.payments.bankAccount]: () => jsonResponse(200, {}) }).fetch);
  renderAt(inEngine(<DashboardPage />), '/dashboard');
  expect((await screen.findByRole('link', { name: 'Verify your email address' })).getAttribute('href')).toBe('/verify/email');
  expect(screen.getByRole('link', { name: 'Verify your phone number' }).getAttribute('href')).toBe('/verify/phone');
  expect((await screen.findByRole('link', { name: 'Add and verify a bank account' })).getAttribute('href')).toBe('/payments/bank-account');
});

test('A2.dashboard.open-orders-as-panel, A2.dashboard.transaction-status-as-history, B9.format.fiat-2: dashboard: total USD value from the worker, latest transactions and live open orders', async () => {
  vi.stubGlobal(
    'fetch',
    byPath({
      [paths.account.transactions]: () =>
        jsonResponse(200, {
          data: [
            { id: 7, day: '2026-11-20', action: 'Deposit', currency: 'btc', amount: '0.5', status: 'done' },
            { id: 8, day: '2026-11-20', action: 'Deposit', currency: 'usd', amount: '25000.50', status: 'done' },
            { id: 11, day: '2026-11-20', action: 'Charge', currency: 'usd', amount: '-0.2390022', status: 'done' },
            { id: 12, day: '2026-11-20', action: 'Sell', currency: 'usd', amount: '119.5011', status: 'done' },
          ],
          next_after: null,
        }),
    }).fetch,
  );
  engine = fakeEngine(
    snapshot({
      valuation: { byCurrency: { btc: '30000.00' }, totalUsd: '30000.00', unpriced: [], pricing: [] },
      openOrders: {
        status: 'ready',
        items: [
          { id: '9', date_added: 1, status: 'open', pair: 'btcusd', action: 'buy', type: 'limit', price: '59000', quantity: '0.1' },
          {
            id: '10',
            date_added: 2,
            status: 'open',
            pair: 'btcusd',
            action: 'buy',
            type: 'TrailingStop',
            stop_price: '61000',
            amount: '100',
          },
        ],
      },
    }),
  );
  renderAt(inEngine(<DashboardPage />), '/dashboard');
  expect(screen.getByTestId('dashboard-total').textContent).toBe('$30,000.00');
  expect(await screen.findByText('Deposit BTC')).toBeTruthy();
  // Amounts as in the history: crypto with its places, fiat to the cent (a small fee up to 4 places).
  const latest = within(screen.getByRole('region', { name: 'Latest transactions' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
  expect(latest).toEqual(['Deposit BTC0.50Done', 'Deposit USD25,000.50Done', 'Charge USD-0.239Done', 'Sell USD119.50Done']);
  // The status as the history shows it: 'Done' in green.
  expect(screen.getByText('Deposit USD').parentElement!.lastElementChild!.className).toBe('activity-status-done');
  // Orders read as in the orders panel: action and pair, an amount with its quote's code, the type in words.
  const rows = within(screen.getByRole('region', { name: 'Open orders' }))
    .getAllByRole('listitem')
    .map((li) => [...li.children].map((c) => c.textContent));
  expect(rows).toEqual([
    ['Buy BTC/USD', '0.1', 'Limit @ 59,000'],
    ['Buy BTC/USD', '100 USD', 'Trailing Stop @ 61,000'],
  ]);
});

test('CORE.engine.valuation-pricing-not-unpriced, CORE.engine.valuation-unpriced-warning: a price still loading shows a loading state, only a missing USD price warns', () => {
  vi.stubGlobal('fetch', byPath({}).fetch);
  engine = fakeEngine(snapshot({ valuation: { byCurrency: { btc: null }, totalUsd: null, unpriced: [], pricing: ['btc'] } }));
  renderAt(inEngine(<DashboardPage />), '/dashboard');
  expect(screen.getByTestId('dashboard-total').textContent).toBe('—');
  expect(screen.getByTestId('dashboard-total').getAttribute('aria-busy')).toBe('true');
  expect(screen.getByTestId('dashboard-pricing').textContent).toBe('Loading prices…');
  expect(screen.queryByText(/Without a USD price/)).toBeNull();
  cleanup();

  engine = fakeEngine(snapshot({ valuation: { byCurrency: { btc: null, xyz: null }, totalUsd: '0.00', unpriced: ['xyz'], pricing: [] } }));
  renderAt(inEngine(<DashboardPage />), '/dashboard');
  expect(screen.getByText('Without a USD price: XYZ')).toBeTruthy();
  expect(screen.queryByTestId('dashboard-pricing')).toBeNull();
  expect(screen.getByTestId('dashboard-total').textContent).toBe('$0.00');
});

test('B4.transactions.live-after-money-moves: the latest transactions are read again when the balances change, so a credited deposit shows done', async () => {
  let status = 'pending';
  vi.stubGlobal(
    'fetch',
    byPath({
      [paths.account.transactions]: () =>
        jsonResponse(200, {
          data: [{ id: 9, day: '2026-11-20', action: 'Deposit', currency: 'btc', amount: '0.5', status }],
          next_after: null,
        }),
    }).fetch,
  );
  const balance = (amount: string) =>
    snapshot({ balances: { status: 'ready', items: [{ currency: 'btc', available: amount, balance: amount }] } });
  engine = fakeEngine(balance('0'));
  renderAt(inEngine(<DashboardPage />), '/dashboard');
  const latest = () => within(screen.getByRole('region', { name: 'Latest transactions' }));
  expect((await latest().findByText('pending')).className).toBe('activity-status-other');
  status = 'done';
  engine.publish(balance('0.5'));
  expect(await latest().findByText('Done', {}, { timeout: AFTER_BALANCES_CHANGE_MS + 1000 })).toBeTruthy();
});
