// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { Transaction } from '../../../shared/api/account';
import TransactionTable from './TransactionTable';

const tx = (id: string, action: string, currency: string): Transaction => ({
  id,
  day: '2025-01-01T10:00:00.000Z',
  action,
  currency,
  amount: '1',
  price: null,
  symbol: null,
  status: 'done',
});

// jsdom has no layout: give the scroller its height so the virtualizer shows rows.
beforeEach(() => void vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(700));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const table = (rows: readonly Transaction[], loading = false) =>
  render(<TransactionTable rows={rows} loading={loading} loadingMore={false} hasMore={false} onNearEnd={() => undefined} />);
const bodyRows = () => within(screen.getByRole('rowgroup', { name: /Transaction rows/ })).queryAllByRole('row', { hidden: true });

test('B2.transactions.skeleton-rows: while loading the table shows skeleton rows and no data', () => {
  table([tx('1', 'Buy', 'btc')], true);
  const rows = bodyRows();
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    expect(row.className).toContain('tx-skeleton');
    expect(row.textContent).toBe('');
  }
});

test("B2.transactions.empty-text: no transactions reads 'No transactions found.'", () => {
  table([]);
  expect(screen.getByText('No transactions found.')).toBeTruthy();
  expect(bodyRows()).toEqual([]);
});

test('B2.transactions.action-badge: each action is a badge of its own colour', () => {
  table([tx('1', 'Buy', 'btc'), tx('2', 'Sell', 'btc'), tx('3', 'Deposit', 'usd'), tx('4', 'Withdraw', 'usd')]);
  const badges = bodyRows().map((row) => row.querySelector('.tx-badge')!);
  expect(badges.map((b) => b.textContent)).toEqual(['Buy', 'Sell', 'Deposit', 'Withdraw']);
  expect(new Set(badges.map((b) => b.className)).size).toBe(4);
});

test('B2.transactions.currency-icon: a known currency shows its icon, an unknown one the default icon', () => {
  table([tx('1', 'Buy', 'btc'), tx('2', 'Deposit', 'xyz')]);
  const [known, unknown] = bodyRows().map((row) => row.querySelector('.tx-currency')!);
  expect(known!.textContent).toBe('BBTC');
  expect(known!.querySelector('svg.currency-icon')!.hasAttribute('data-default-icon')).toBe(false);
  expect(unknown!.querySelector('svg.currency-icon')!.hasAttribute('data-default-icon')).toBe(true);
  expect(unknown!.textContent).toBe('XYZ');
});

test('B9.transactions.skeleton-rows-5, B9.transactions.row-48px, B9.transactions.list-700px: while loading, 5 skeleton rows of 48 px in a 700 px list', () => {
  const { container } = render(<TransactionTable rows={[]} loading loadingMore={false} hasMore={false} onNearEnd={() => undefined} />);
  const skeletons = [...container.querySelectorAll<HTMLElement>('.tx-skeleton')];
  expect(skeletons).toHaveLength(5);
  expect(skeletons.map((row) => row.style.height)).toEqual(Array(5).fill('48px'));
  expect(screen.getByRole('rowgroup', { name: 'Transaction rows, scrollable' }).style.height).toBe('700px');
});
