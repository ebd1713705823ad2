// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tradingTexts } from '../../../../shared/messages';
import type { CommandResult, Loadable, Order, Trade } from '../../../../worker/public';
import OrdersPanel from './OrdersPanel';

afterEach(cleanup);

const order = (id: number, extra: Partial<Order> = {}): Order => ({
  id: String(id),
  date_added: '2026-11-24T10:00:00.000Z',
  status: 'open',
  pair: 'btcusd',
  action: 'buy',
  type: 'Limit',
  price: '60000',
  quantity: '0.5',
  ...extra,
});

const trade = (id: number): Trade => ({
  cursor: String(id),
  trade_id: `t${id}`,
  order_id: String(id),
  date_updated: '2026-11-24T10:00:01.000Z',
  action: 'sell',
  currency_pair: 'ethbtc',
  quantity: '2',
  amount: '0.1',
  price: '0.05',
  fees: '0.0002',
  net_amount: '0.0998',
});

const ready = <T,>(items: T[]): Loadable<T> => ({ status: 'ready', items });
const empty = ready<never>([]);

function renderPanel(props: Partial<Parameters<typeof OrdersPanel>[0]> = {}) {
  const onCancel = vi.fn<(id: string) => Promise<CommandResult>>(() => Promise.resolve({ ok: true, value: undefined }));
  const log = vi.fn();
  const all = { openOrders: empty, doneOrders: empty, trades: empty, quotes: ['USD', 'BTC', 'USDT'], onCancel, log, ...props };
  const view = render(<OrdersPanel {...all} />);
  return { ...all, view, rerender: (p: Partial<typeof all>) => view.rerender(<OrdersPanel {...all} {...p} />) };
}

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

describe('orders panel (spec B §2)', () => {
  it('B2.exchange.orders-panel-tabs: Open Orders, Done Orders and All Trades, arrow keys move between them', async () => {
    renderPanel();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Open Orders', 'Done Orders', 'All Trades']);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    const user = userEvent.setup();
    await user.click(tabs[0]!);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Done Orders' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Done Orders' }));
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'All Trades' }).getAttribute('aria-selected')).toBe('true');
  });

  it('B2.open-orders.columns, B2.open-orders.empty-text, B2.done-orders.columns, B2.done-orders.empty-text, B2.trades.columns, B2.trades.empty-text', async () => {
    renderPanel();
    expect(headers().slice(0, 7)).toEqual(['Pair', 'Action', 'Type', 'Quantity', 'Price', 'Status', 'Date']);
    expect(screen.getByText(tradingTexts.noOpenOrders)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Done Orders' }));
    expect(headers()).toEqual(['ID', 'Pair', 'Action', 'Type', 'Quantity', 'Price', 'Status', 'Date']);
    expect(screen.getByText(tradingTexts.noClosedOrders)).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'All Trades' }));
    expect(headers()).toEqual(['Action', 'Currency Pair', 'Quantity', 'Price', 'Amount', 'Fees', 'Net Amount', 'Date']);
    expect(screen.getByText(tradingTexts.noTradeHistory)).toBeTruthy();
  });

  it('B2.orders-panel.amount-sized-quote: a market buy sized by amount shows the amount with the quote code, a sized order its quantity', async () => {
    const marketBuy = order(2, { type: 'Market', price: null, quantity: null, amount: '100', status: 'done', vwap: '59779.83' });
    renderPanel({ openOrders: ready([order(1)]), doneOrders: ready([marketBuy]) });
    const quantityOf = (row: HTMLElement) => within(row).getAllByRole('cell')[headers().indexOf('Quantity')]!.textContent;
    expect(quantityOf(screen.getAllByRole('row')[1]!)).toBe('0.50');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Done Orders' }));
    expect(quantityOf(screen.getAllByRole('row')[1]!)).toBe('100.00 USD');
  });

  it('B2.orders-panel.type-in-words: a type sent as one word reads as words; short names stay', () => {
    renderPanel({ openOrders: ready([order(1, { type: 'TrailingStop' }), order(2, { type: 'IOC' }), order(3)]) });
    const typeOf = (row: HTMLElement) => within(row).getAllByRole('cell')[headers().indexOf('Type')]!.textContent;
    expect(screen.getAllByRole('row').slice(1).map(typeOf)).toEqual(['Trailing Stop', 'IOC', 'Limit']);
  });

  it('B2.trades.columns: a trade row shows its pair, fees and net amount', async () => {
    renderPanel({ trades: ready([trade(1)]) });
    await userEvent.setup().click(screen.getByRole('tab', { name: 'All Trades' }));
    const cells = within(screen.getAllByRole('row')[1]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 7)).toEqual(['Sell', 'ETH/BTC', '2.00', '0.05', '0.10', '0.0002', '0.0998']);
  });

  it('B9.format.fiat-2: a trade on a fiat-quoted pair shows its amount, fees and net amount as fiat (2 places, a small fee up to 4)', async () => {
    const usd = {
      ...trade(2),
      currency_pair: 'btcusd',
      quantity: '0.00417',
      price: '59773.02',
      amount: '249.2534934',
      fees: '0.49850698',
      net_amount: '249.75200038',
    };
    renderPanel({ trades: ready([usd]) });
    await userEvent.setup().click(screen.getByRole('tab', { name: 'All Trades' }));
    const cells = within(screen.getAllByRole('row')[1]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 7)).toEqual(['Sell', 'BTC/USD', '0.00417', '59,773.02', '249.25', '0.4985', '249.75']);
  });

  it('B2.open-orders.cancel-button: each open row has a Cancel button that sends the cancel through the engine', async () => {
    const { onCancel } = renderPanel({ openOrders: ready([order(1), order(2, { action: 'sell', pair: 'ethusdt' })]) });
    const rows = screen.getAllByRole('row').slice(1);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .slice(0, 2)
        .map((c) => c.textContent),
    ).toEqual(['ETH/USDT', 'Sell']);
    await userEvent.setup().click(within(rows[1]!).getByRole('button', { name: /Cancel/ }));
    expect(onCancel).toHaveBeenCalledWith('2');
  });

  it('B8.orders.cancel-failure-logged: a failed cancel is only logged, the row stays and its button comes back', async () => {
    let answer!: (r: CommandResult) => void;
    const onCancel = vi.fn(() => new Promise<CommandResult>((r) => (answer = r)));
    const log = vi.fn();
    renderPanel({ openOrders: ready([order(7)]), onCancel, log });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Cancel/ }));
    expect(screen.getByRole('button', { name: /Cancel/ }).getAttribute('aria-disabled')).toBe('true');
    // While the first is on its way a second press sends nothing.
    await user.click(screen.getByRole('button', { name: /Cancel/ }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await act(async () => answer({ ok: false, code: 'HTTP_500', message: 'Server error', status: 500 }));
    expect(log).toHaveBeenCalledTimes(1);
    expect(String(log.mock.calls[0]![0])).toContain('Server error');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: /Cancel/ }).getAttribute('aria-disabled')).toBeNull();
  });

  it('B2.open-orders.cancel-keeps-focus: a Cancel pressed from the keyboard keeps the focus in the table when its row leaves', async () => {
    const onCancel = vi.fn(() => Promise.resolve<CommandResult>({ ok: true, value: undefined }));
    const { rerender } = renderPanel({ openOrders: ready([order(1), order(2), order(3)]), onCancel });
    const user = userEvent.setup();
    const cancelOf = (id: number) => screen.getByRole('button', { name: new RegExp(`order ${id}$`) });
    cancelOf(2).focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(cancelOf(2));
    rerender({ openOrders: ready([order(1), order(3)]), onCancel });
    expect(document.activeElement).toBe(cancelOf(3));
    await user.keyboard('{Enter}');
    rerender({ openOrders: ready([order(1)]), onCancel });
    expect(document.activeElement).toBe(cancelOf(1));
    await user.keyboard('{Enter}');
    rerender({ openOrders: ready([]), onCancel });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: /Open Orders/ }));
  });

  it('B4.order-status.cancelled: the order leaves Open and shows in Done as soon as the engine list changes', async () => {
    const { rerender } = renderPanel({ openOrders: ready([order(1)]) });
    expect(screen.getAllByRole('row')).toHaveLength(2);
    rerender({ openOrders: ready([]), doneOrders: ready([order(1, { status: 'cancelled' })]) });
    expect(screen.getByText(tradingTexts.noOpenOrders)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Done Orders' }));
    expect(
      within(screen.getAllByRole('row')[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 7),
    ).toEqual(['1', 'BTC/USD', 'Buy', 'Limit', '0.50', '60,000.00', 'cancelled']);
  });

  it('B2.orders-panel.pager, B9.orders.page-size-5: 5 rows a page with «, » and numbers; none with one page', async () => {
    const { rerender } = renderPanel({ openOrders: ready([1, 2, 3, 4, 5].map((i) => order(i))) });
    expect(screen.queryByRole('navigation')).toBeNull();
    rerender({ openOrders: ready([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((i) => order(i))) });
    const pager = screen.getByRole('navigation', { name: /pages/ });
    expect(
      within(pager)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['«', '1', '2', '3', '»']);
    expect(screen.getAllByRole('row')).toHaveLength(6);
    const user = userEvent.setup();
    await user.click(within(pager).getByRole('button', { name: 'Page 3' }));
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(within(pager).getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
    expect((within(pager).getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(pager).getByRole('button', { name: 'Previous page' }));
    expect(within(pager).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    // The list shrinks under the user: the page shown follows it back.
    rerender({ openOrders: ready([1, 2, 3].map((i) => order(i))) });
    expect(screen.getAllByRole('row')).toHaveLength(4);
  });
});
