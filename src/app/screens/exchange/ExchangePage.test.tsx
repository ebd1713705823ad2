// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { PRODUCT_NAME, storageKeys } from '../../../shared/constants';
import { connectionMessages, tradingTexts } from '../../../shared/messages';
import { EngineClientContext } from '../../engine-client/engine-context';
import ExchangePage from './ExchangePage';
import { fakeEngine } from './testing/fake-engine';
import { bookView, connectionView, level, selectedView, snapshot } from './testing/fake-snapshot';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

function renderScreen(fake = fakeEngine()) {
  render(
    <EngineClientContext.Provider value={fake.client}>
      <ExchangePage />
    </EngineClientContext.Provider>,
  );
  return fake;
}

describe('exchange screen (spec B §2)', () => {
  test('B2.exchange.screen-parts, B2.chart.title: pair selector, order book, price chart, orders panel, order entry and time and sales', () => {
    const fake = renderScreen();
    expect(screen.getByRole('button', { name: /Market pair/ }).textContent).toContain('BTC/USD');
    expect(screen.getByRole('heading', { name: /Order Book/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Time and Sales/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /^Price Chart OX:BTCUSD$/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Orders' })).toBeTruthy();
    const orders = screen.getByRole('tablist', { name: 'Orders' });
    expect(
      within(orders)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Open Orders', 'Done Orders', 'All Trades']);
    expect(within(screen.getByRole('region', { name: 'Order Entry BTC/USD' })).getByRole('button', { name: 'Buy BTC' })).toBeTruthy();
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Connected');
    // The chart asks the engine for the selected pair's daily candles.
    expect(fake.commands.showChart).toHaveBeenLastCalledWith('btcusd', '1d');
  });

  test('B2.chart.options: the interval buttons switch the chart, daily first and pressed by default', async () => {
    const fake = renderScreen();
    const group = screen.getByRole('group', { name: 'Chart interval' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1D', '1W', '1h', '15m', '1m']);
    expect(within(group).getByRole('button', { name: '1D' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.setup().click(within(group).getByRole('button', { name: '1W' }));
    expect(fake.commands.showChart).toHaveBeenLastCalledWith('btcusd', '1w');
    expect(within(group).getByRole('button', { name: '1W' }).getAttribute('aria-pressed')).toBe('true');
  });

  test('B2.open-orders.cancel-button: Cancel in the orders panel reaches the engine', async () => {
    const order = {
      id: '77',
      date_added: '2026-11-24T10:00:00.000Z',
      status: 'open',
      pair: 'btcusd',
      action: 'buy',
      type: 'Limit',
      price: '60000',
      quantity: '0.5',
    };
    const fake = renderScreen(fakeEngine(snapshot({ openOrders: { status: 'ready', items: [order] } })));
    await userEvent.setup().click(screen.getByRole('button', { name: /Cancel Buy BTC\/USD order 77/ }));
    expect(fake.commands.cancelOrder).toHaveBeenCalledWith('77');
  });

  test('B4 exchange screen: connection state and Retry reach the engine', async () => {
    const fake = renderScreen(fakeEngine(snapshot({ connection: connectionView({ state: 'Failed' }) })));
    expect(screen.getByText('Failed')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(fake.commands.retry).toHaveBeenCalledTimes(1);
    act(() => fake.publish(snapshot({ connection: connectionView({ state: 'AuthenticationFailed' }) })));
    expect(screen.getByText('Authentication failed')).toBeTruthy();
  });

  test('B8 exchange screen: engine errors are listed and dismissed through the engine', async () => {
    const errors = [{ id: 7, code: 'CONNECTION_TIMEOUT' as const, message: connectionMessages.connectionTimeout, at: 0 }];
    const fake = renderScreen(fakeEngine(snapshot({ errors })));
    const log = screen.getByRole('log');
    expect(within(log).getByText(connectionMessages.connectionTimeout)).toBeTruthy();
    await userEvent.setup().click(within(log).getByRole('button', { name: /Dismiss/ }));
    expect(fake.commands.dismissError).toHaveBeenCalledWith(7);
  });

  test('B2 exchange screen: a new book frame updates the book', () => {
    const fake = renderScreen();
    act(() => fake.publish(snapshot({ book: bookView({ asks: [], bids: [level('59000', '1')] }) })));
    expect(screen.getByText(tradingTexts.noAsks)).toBeTruthy();
    expect(screen.getByText('59,000.00')).toBeTruthy();
  });

  test('B4.pair.syncs-across-tabs: pair selection follows other tabs (storage event)', () => {
    const fake = renderScreen();
    localStorage.setItem(storageKeys.baseCurrency, 'ETH');
    localStorage.setItem(storageKeys.quoteCurrency, 'BTC');
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: storageKeys.quoteCurrency, newValue: 'BTC' })));
    expect(fake.commands.selectPair).toHaveBeenCalledWith('ETH', 'BTC');

    // The same pair as shown: nothing to do.
    fake.commands.selectPair.mockClear();
    localStorage.setItem(storageKeys.baseCurrency, 'BTC');
    localStorage.setItem(storageKeys.quoteCurrency, 'USD');
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: storageKeys.baseCurrency, newValue: 'BTC' })));
    expect(fake.commands.selectPair).not.toHaveBeenCalled();
  });

  test('B1 tab title on the exchange screen: best bid and pair, product name after leaving', () => {
    const fake = fakeEngine(snapshot({ book: bookView({ bids: [level('60123.45', '1')] }) }));
    render(
      <EngineClientContext.Provider value={fake.client}>
        <ExchangePage />
      </EngineClientContext.Provider>,
    );
    expect(document.title).toBe(`60,123.45 BTC/USD · ${PRODUCT_NAME}`);
    act(() =>
      fake.publish(snapshot({ selected: selectedView('ETH', 'USD'), book: bookView({ symbol: 'ethusd', bids: [level('3001.5', '1')] }) })),
    );
    expect(document.title).toBe(`3,001.50 ETH/USD · ${PRODUCT_NAME}`);
    act(() =>
      fake.publish(
        snapshot({
          selected: selectedView('ETH', 'BTC'),
          book: bookView({ symbol: 'ethbtc', bids: [level('0.050123', '1')], bestBid: '0.05' }),
        }),
      ),
    );
    expect(document.title).toBe(`0.050123 ETH/BTC · ${PRODUCT_NAME}`);
    // A book still of the previous pair gives no bid.
    act(() => fake.publish(snapshot({ selected: selectedView('SOL', 'USD'), book: bookView({ symbol: 'ethbtc' }) })));
    expect(document.title).toBe(`SOL/USD · ${PRODUCT_NAME}`);
    cleanup();
    expect(document.title).toBe(PRODUCT_NAME);
  });
});
