// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { paths } from '../../../shared/api/paths';
import { EngineClientContext } from '../../engine-client/engine-context';
import { session } from '../../session/session';
import { createFakeFetch, jsonResponse, type FetchCall } from '../../testing/fake-fetch';
import { renderAt } from '../../testing/render';
import { wireUser } from '../../testing/users';
import { fakeEngine } from '../exchange/testing/fake-engine';
import { snapshot } from '../exchange/testing/fake-snapshot';
import PortfolioPage from './PortfolioPage';

const currencies = [
  { symbol: 'btc', name: 'Bitcoin', is_fiat: 0, trading_enabled: 1 },
  { symbol: 'eth', name: 'Ethereum', is_fiat: 0, trading_enabled: 1 },
  { symbol: 'usd', name: 'US Dollar', is_fiat: 1, trading_enabled: 1 },
  { symbol: 'doge', name: 'Dogecoin', is_fiat: 0, trading_enabled: 0 },
];
const balances = {
  status: 'ready' as const,
  items: [
    { currency: 'btc', balance: '0.5', available: '0.25' },
    { currency: 'usd', balance: '100', available: '100' },
  ],
};

let engine = fakeEngine();
const inEngine = (node: ReactNode) => <EngineClientContext.Provider value={engine.client}>{node}</EngineClientContext.Provider>;
function byPath(answers: Record<string, (call: FetchCall) => Response | Promise<Response>>) {
  return createFakeFetch((call) => (answers[call.path] ?? (() => jsonResponse(404, { title: 'Not Found', status: 404 })))(call));
}

// jsdom lays nothing out: give the scroll box the size a browser would, so the virtualizer renders rows.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(680);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
});
beforeEach(() => {
  localStorage.clear();
  session.setUser(wireUser());
  engine = fakeEngine(
    snapshot({ balances, valuation: { byCurrency: { btc: '30000.00', usd: '100.00' }, totalUsd: '30100.00', unpriced: [], pricing: [] } }),
  );
  vi.stubGlobal('fetch', byPath({ [paths.account.currencies]: () => jsonResponse(200, currencies) }).fetch);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('portfolio', () => {
  test('A2.portfolio.skeleton-rows, A9.portfolio.skeleton-rows-10: 10 skeleton rows while empty', () => {
    vi.stubGlobal('fetch', createFakeFetch(() => new Promise<Response>(() => {})).fetch);
    engine = fakeEngine(snapshot({ balances: { status: 'loading', items: [] } }));
    renderAt(inEngine(<PortfolioPage />), '/portfolio');
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(10);
    expect(screen.getAllByTestId('skeleton-row')[0]!.style.height).toBe('68px');
  });

  test('A3.portfolio.rows-from-currencies, A3.portfolio.zero-without-balance, CORE.engine.valuation-zero-is-zero, A2.portfolio.virtual-scroll, A9.portfolio.row-height-68, A3.currency.trading-enabled: tradable currencies joined with balances in 68 px rows', async () => {
    renderAt(inEngine(<PortfolioPage />), '/portfolio');
    const btc = await screen.findByTestId('portfolio-row-btc');
    expect(btc.style.height).toBe('68px');
    expect(within(btc).getByTestId('balance').textContent).toBe('0.5');
    expect(within(btc).getByText('$30,000.00')).toBeTruthy();
    const eth = screen.getByTestId('portfolio-row-eth');
    expect(within(eth).getByTestId('balance').textContent).toBe('0');
    // No balance at all is worth $0.00, not an unknown value.
    expect(within(eth).getByText('$0.00')).toBeTruthy();
    expect(screen.queryByTestId('portfolio-row-doge')).toBeNull();
    expect(screen.getByTestId('portfolio-total').textContent).toBe('$30,100.00');
  });

  test('A2.portfolio.search-coin, A2.portfolio.hide-zero-balances: search by code or name, hide zero balances', async () => {
    const user = userEvent.setup();
    renderAt(inEngine(<PortfolioPage />), '/portfolio');
    await screen.findByTestId('portfolio-row-btc');
    await user.type(screen.getByRole('searchbox', { name: 'Search Coin' }), 'ether');
    expect(screen.queryByTestId('portfolio-row-btc')).toBeNull();
    expect(screen.getByTestId('portfolio-row-eth')).toBeTruthy();
    await user.clear(screen.getByRole('searchbox', { name: 'Search Coin' }));
    await user.click(screen.getByRole('checkbox', { name: 'Hide Zero Balances' }));
    expect(screen.queryByTestId('portfolio-row-eth')).toBeNull();
    expect(screen.getByTestId('portfolio-row-usd')).toBeTruthy();
  });

  test('A2.portfolio.sortable-columns, A4.portfolio.new-column-ascending, A4.portfolio.same-column-toggles: sorting', async () => {
    const user = userEvent.setup();
    renderAt(inEngine(<PortfolioPage />), '/portfolio');
    await screen.findByTestId('portfolio-row-btc');
    const order = () =>
      [...document.querySelectorAll('[data-testid^="portfolio-row-"]')]
        .sort((a, b) => (a as HTMLElement).style.transform.localeCompare((b as HTMLElement).style.transform, undefined, { numeric: true }))
        .map((r) => r.getAttribute('data-testid')!.slice(14));
    await user.click(screen.getByRole('button', { name: 'BALANCE' }));
    expect(order()).toEqual(['eth', 'btc', 'usd']);
    await user.click(screen.getByRole('button', { name: /BALANCE/ }));
    expect(order()).toEqual(['usd', 'btc', 'eth']);
    await user.click(screen.getByRole('button', { name: 'CURRENCY' }));
    expect(order()).toEqual(['btc', 'eth', 'usd']);
    expect(screen.getByRole('columnheader', { name: /CURRENCY/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  test('A2.portfolio.actions: every row has deposit + and withdraw − buttons', async () => {
    renderAt(inEngine(<PortfolioPage />), '/portfolio');
    await screen.findByTestId('portfolio-row-btc');
    for (const code of ['BTC', 'ETH', 'USD']) {
      expect(screen.getByRole('button', { name: `Deposit ${code}` }).textContent).toBe('+');
      expect(screen.getByRole('button', { name: `Withdraw ${code}` }).textContent).toBe('−');
    }
  });

  test('A7.account.currencies-once: the currencies are asked for once; only trading_enabled 1 become rows', async () => {
    const fake = byPath({ [paths.account.currencies]: () => jsonResponse(200, currencies) });
    vi.stubGlobal('fetch', fake.fetch);
    const user = userEvent.setup();
    renderAt(inEngine(<PortfolioPage />), '/portfolio');
    await screen.findByTestId('portfolio-row-btc');
    expect(screen.queryByTestId('portfolio-row-doge')).toBeNull();
    act(() => engine.publish(snapshot({ balances: { status: 'ready', items: [{ currency: 'eth', balance: '2', available: '2' }] } })));
    await user.type(screen.getByRole('searchbox', { name: 'Search Coin' }), 'eth');
    expect(screen.getByTestId('portfolio-row-eth')).toBeTruthy();
    expect(fake.callsTo(paths.account.currencies)).toHaveLength(1);
  });

  test('portfolio: a balance pushed by the worker shows without reload', async () => {
    renderAt(inEngine(<PortfolioPage />), '/portfolio');
    await screen.findByTestId('portfolio-row-btc');
    act(() => engine.publish(snapshot({ balances: { status: 'ready', items: [{ currency: 'btc', balance: '1.5', available: '1.5' }] } })));
    expect(within(screen.getByTestId('portfolio-row-btc')).getByTestId('balance').textContent).toBe('1.5');
  });
});
