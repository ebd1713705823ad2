// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { paths } from '../../../shared/api/paths';
import { EngineClientContext } from '../../engine-client/engine-context';
import { AFTER_BALANCES_CHANGE_MS } from '../../hooks/useAfterBalancesChange';
import { session } from '../../session/session';
import { createFakeFetch, jsonResponse, type FakeFetch } from '../../testing/fake-fetch';
import { renderAt } from '../../testing/render';
import { wireUser } from '../../testing/users';
import { fakeEngine } from '../exchange/testing/fake-engine';
import { snapshot } from '../exchange/testing/fake-snapshot';
import TransactionHistoryPage from './TransactionHistoryPage';

let fake: FakeFetch;
let engine = fakeEngine();
const renderPage = () =>
  renderAt(
    <EngineClientContext.Provider value={engine.client}>
      <TransactionHistoryPage />
    </EngineClientContext.Provider>,
    '/my/transactions',
  );
const rows = [
  {
    id: '2',
    day: '2025-01-02T10:00:00.000Z',
    action: 'Deposit',
    currency: 'xyz',
    amount: '5',
    price: null,
    symbol: null,
    status: 'pending',
  },
  {
    id: '1',
    day: '2025-01-01T10:00:00.000Z',
    action: 'Buy',
    currency: 'btc',
    amount: '0.5',
    price: '30000',
    symbol: 'btcusd',
    status: 'done',
  },
];
beforeEach(() => {
  localStorage.clear();
  session.setUser(wireUser());
  engine = fakeEngine();
  fake = createFakeFetch(() => jsonResponse(200, { data: rows, next_after: null }));
  vi.stubGlobal('fetch', fake.fetch);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const queries = () => fake.callsTo(paths.account.transactions).map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams));

test('B2.transactions.table, B2.transactions.filter-bar, B5.transaction-filter.reset-disabled-empty, B4.transactions.pending-resets: title, filters, rows; pending only with transfers; Reset', async () => {
  const user = userEvent.setup();
  renderPage();
  expect(screen.getByRole('heading', { name: 'Transaction History' })).toBeTruthy();
  const table = screen.getByRole('table', { name: 'Transactions' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Date', 'Action', 'Currency', 'Amount', 'Price', 'Symbol', 'Status']);
  // jsdom has no layout, so the virtualizer shows no row; the first load is what counts here.
  await waitFor(() => expect(queries()).toEqual([{ limit: '100' }]));

  const reset = screen.getByRole('button', { name: 'Reset' });
  const pending = screen.getByRole('switch', { name: /Pending only/ });
  expect((reset as HTMLButtonElement).disabled).toBe(true);
  expect((pending as HTMLInputElement).disabled).toBe(true);

  await user.click(screen.getByRole('button', { name: /Types/ }));
  await user.click(screen.getByRole('checkbox', { name: 'Deposit' }));
  expect((pending as HTMLInputElement).disabled).toBe(false);
  await user.click(pending);
  await waitFor(() => expect(queries().at(-1)).toEqual({ limit: '100', types: 'deposit', pending: 'true' }), { timeout: 2000 });

  // Adding a trading type takes pending away and resets it (the panel closed on the outside click).
  await user.click(screen.getByRole('button', { name: /Types/ }));
  await user.click(screen.getByRole('checkbox', { name: 'Buy' }));
  expect((pending as HTMLInputElement).checked).toBe(false);
  expect((pending as HTMLInputElement).disabled).toBe(true);
  await waitFor(() => expect(queries().at(-1)).toEqual({ limit: '100', types: 'buy,deposit' }), { timeout: 2000 });

  // The search of the multi-select says when nothing matches.
  await user.type(screen.getByPlaceholderText('Type to search'), 'zzz');
  expect(screen.getByText('No items found')).toBeTruthy();

  expect((reset as HTMLButtonElement).disabled).toBe(false);
  await user.click(reset);
  expect((reset as HTMLButtonElement).disabled).toBe(true);
  await waitFor(() => expect(queries().at(-1)).toEqual({ limit: '100' }), { timeout: 2000 });
});

test('B5.transaction-filter.from-not-after-to, B5.transaction-filter.to-not-before-from: a From after To shows both errors and is not sent', async () => {
  const user = userEvent.setup();
  renderPage();
  await waitFor(() => expect(queries()).toHaveLength(1));
  await user.type(screen.getByLabelText('To'), '2025-01-01');
  await user.type(screen.getByLabelText('From'), '2025-02-01');
  expect(screen.getByText('From cannot be after To.')).toBeTruthy();
  expect(screen.getByText('To cannot be before From.')).toBeTruthy();
  await new Promise((r) => setTimeout(r, 600));
  expect(queries().some((q) => q.from !== undefined)).toBe(false);
});

test('B4.transactions.error-silent: a failed load ends loading and shows the empty text, no message', async () => {
  fake = createFakeFetch(() => jsonResponse(500, { title: 'boom' }));
  vi.stubGlobal('fetch', fake.fetch);
  renderPage();
  expect(await screen.findByText('No transactions found.')).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
});

test('B4.transactions.live-after-money-moves: when the balances change the history is read again under the same filter, once per burst, without its loading state', async () => {
  const user = userEvent.setup();
  engine = fakeEngine(snapshot({ balances: { status: 'loading', items: [] } }));
  renderPage();
  await user.click(screen.getByRole('button', { name: /Types/ }));
  await user.click(screen.getByRole('checkbox', { name: 'Deposit' }));
  await waitFor(() => expect(queries().at(-1)).toEqual({ limit: '100', types: 'deposit' }), { timeout: 2000 });
  const before = queries().length;

  // The balances arriving is not a change: nothing is read again.
  const balance = (amount: string) =>
    snapshot({ balances: { status: 'ready', items: [{ currency: 'usd', available: amount, balance: amount }] } });
  engine.publish(balance('0'));
  await new Promise((r) => setTimeout(r, AFTER_BALANCES_CHANGE_MS + 200));
  expect(queries()).toHaveLength(before);

  // A deposit credited, then a fill: one read, the rows stay on screen meanwhile.
  engine.publish(balance('5'));
  engine.publish(balance('5.5'));
  expect(document.querySelector('.tx-skeleton')).toBeNull();
  await waitFor(() => expect(queries()).toHaveLength(before + 1), { timeout: AFTER_BALANCES_CHANGE_MS + 1000 });
  expect(queries().at(-1)).toEqual({ limit: '100', types: 'deposit' });
  expect(document.querySelector('.tx-skeleton')).toBeNull();
  await new Promise((r) => setTimeout(r, AFTER_BALANCES_CHANGE_MS + 200));
  expect(queries()).toHaveLength(before + 1);
});
