// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { session } from '../../session/session';
import { createFakeFetch, jsonResponse } from '../../testing/fake-fetch';
import { renderAt } from '../../testing/render';
import { wireUser } from '../../testing/users';
import { toast } from '../../toast/toast';
import FeeOverviewPage from './FeeOverviewPage';

beforeEach(() => {
  session.setUser(wireUser());
  vi.spyOn(toast, 'error').mockImplementation(() => 0);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('A2.fee-rates.loading-text: loading', () => {
  vi.stubGlobal('fetch', createFakeFetch(() => new Promise<Response>(() => {})).fetch);
  renderAt(<FeeOverviewPage />);
  expect(screen.getByRole('status').textContent).toBe('Loading fee data...');
});

test('A8.fee-rates.failure-text: failure', async () => {
  vi.stubGlobal('fetch', createFakeFetch(() => jsonResponse(500, {})).fetch);
  renderAt(<FeeOverviewPage />);
  expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch fee rates.');
});

test('A2.fee-rates.cards, A9.fee-rates.volume-2-decimals, A9.fee-rates.rates-3-decimals, A3.fee-rates.fields, A7.account.fee-rates: four cards', async () => {
  vi.stubGlobal(
    'fetch',
    createFakeFetch(() => jsonResponse(200, { volume: '12345.675', makerRate: '0.001', nprRate: 0.0025, nprOffRate: '0.00125' })).fetch,
  );
  renderAt(<FeeOverviewPage />);
  const value = async (name: string) => (await screen.findByRole('region', { name })).querySelector('.stat-value')?.textContent;
  expect(await value('14-Day Trading Volume')).toBe('$12,345.68');
  expect(await value('Maker Fee')).toBe('0.100%');
  expect(await value('Taker Fee (NPR)')).toBe('0.250%');
  expect(await value('Smart Taker Fee')).toBe('0.125%');
});
