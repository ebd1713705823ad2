// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast as sonner } from 'sonner';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { orderMessages } from '../../../../shared/messages';
import { initialSnapshot, type EngineSnapshot, type OrderEntryView } from '../../../../worker/public';
import { EngineClientContext } from '../../../engine-client/engine-context';
import { fakeEngine } from '../testing/fake-engine';
import { snapshot } from '../testing/fake-snapshot';
import OrderEntryCard from './OrderEntryCard';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const balances = (items: { currency: string; available: string }[]) =>
  Object.freeze({ status: 'ready' as const, items: items.map((b) => ({ ...b, balance: b.available })) });

function entry(overrides: Partial<OrderEntryView> = {}): OrderEntryView {
  return Object.freeze({ ...initialSnapshot().orderEntry, clientOrderId: '123456', ...overrides });
}

function renderCard(
  snap: EngineSnapshot = snapshot({ balances: balances([{ currency: 'USD', available: '1234.123456789' }]), orderEntry: entry() }),
) {
  const fake = fakeEngine(snap);
  render(
    <EngineClientContext.Provider value={fake.client}>
      <OrderEntryCard />
    </EngineClientContext.Provider>,
  );
  return { fake, card: screen.getByRole('region', { name: 'Order Entry BTC/USD' }) };
}

/** The inputs of the card's form by placeholder, each with the labels of the buttons beside it. */
function formFields(card: HTMLElement): Record<string, string[]> {
  const fields = [...card.querySelectorAll<HTMLElement>('.oe-form .oe-field')].filter((f) => f.querySelector('input[placeholder]'));
  return Object.fromEntries(
    fields.map((f) => [
      f.querySelector('input')!.placeholder,
      within(f)
        .queryAllByRole('button')
        .map((b) => b.textContent),
    ]),
  );
}
const PERCENTS = ['10%', '25%', '50%', '75%', '100%'];
const PRICES = ['Bid', 'Ask', 'Mid', '+1%', '-1%'];

describe('order entry card (spec B §2, §5, §8)', () => {
  test('B2.order-entry.buy-sell-tabs, B2.order-entry.placeholders and B2.order-entry.submit-labels', async () => {
    const { fake, card } = renderCard();
    const tabs = within(card).getAllByRole('tab');
    expect(tabs.map((t) => [t.textContent, t.getAttribute('aria-selected')])).toEqual([
      ['Buy', 'true'],
      ['Sell', 'false'],
    ]);
    expect(within(card).getByPlaceholderText('Price (USD)')).toBeTruthy();
    expect(within(card).getByPlaceholderText('Quantity (BTC)')).toBeTruthy();
    expect(within(card).getByPlaceholderText('Total (USD)')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Buy BTC' })).toBeTruthy();
    // Arrow keys move along the tabs and select.
    tabs[0]!.focus();
    await userEvent.setup().keyboard('{ArrowRight}');
    expect(fake.commands.setOrderSide).toHaveBeenCalledWith('sell');
    act(() => fake.publish(snapshot({ orderEntry: entry({ side: 'sell' }) })));
    expect(within(card).getByRole('button', { name: 'Sell BTC' })).toBeTruthy();
  });

  test('B7.withdrawal-fee.base, B8.fees.lookup-failure: the base currency’s withdrawal fee once known; nothing without one', () => {
    const { fake, card } = renderCard();
    expect(card.querySelector('.oe-withdrawal-fee')).toBeNull();
    const selected = { ...snapshot().selected, withdrawalFee: '0.00050000' };
    act(() => fake.publish(snapshot({ selected, orderEntry: entry() })));
    expect(card.querySelector('.oe-withdrawal-fee')!.textContent).toBe('Withdrawal fee 0.0005 BTC');
  });

  test('B2.order-entry.available-balance and B2.order-entry.no-holding-text', () => {
    const { fake, card } = renderCard();
    expect(card.querySelector('.oe-balance')!.textContent).toBe('Available 1,234.12345679 USD');
    act(() => fake.publish(snapshot({ balances: balances([{ currency: 'USD', available: '5' }]), orderEntry: entry({ side: 'sell' }) })));
    expect(within(card).getByText('The user does not hold BTC.')).toBeTruthy();
  });

  test('B2.order-entry.advanced-types: Market, Limit and an Advanced menu operable by keyboard; Escape returns focus', async () => {
    const { fake, card } = renderCard();
    const user = userEvent.setup();
    expect(within(card).getByRole('button', { name: 'Market' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Limit' }).getAttribute('aria-pressed')).toBe('true');
    const advanced = within(card).getByRole('button', { name: /Advanced/ });
    advanced.focus();
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu', { name: 'Advanced order types' });
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((i) => i.textContent),
    ).toEqual(['Stop', 'Trailing Stop', 'Immediate or Cancel (IOC)']);
    expect(document.activeElement?.textContent).toBe('Stop');
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Immediate or Cancel (IOC)');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(advanced);
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(fake.commands.setOrderType).toHaveBeenCalledWith('TrailingStop');
    expect(document.activeElement).toBe(advanced);
  });

  test('B2.order-entry.tif-hidden-for-ioc, B2.order-entry.destination-limit-only and B2.order-entry.expiry-for-gtd', async () => {
    const { fake, card } = renderCard();
    const user = userEvent.setup();
    const tif = within(card).getByLabelText('Time in force') as HTMLSelectElement;
    expect([...tif.options].map((o) => o.value)).toEqual(['GTC', 'IOC', 'FOK', 'GTD']);
    expect(within(card).getByLabelText('Destination')).toBeTruthy();
    expect(within(card).queryByLabelText('Expires')).toBeNull();
    await user.selectOptions(tif, 'GTD');
    expect(within(card).getByLabelText('Expires').getAttribute('type')).toBe('datetime-local');
    act(() => fake.publish(snapshot({ orderEntry: entry({ type: 'Market' }) })));
    expect([...(within(card).getByLabelText('Time in force') as HTMLSelectElement).options].map((o) => o.value)).toEqual(['GTC', 'FOK']);
    expect(within(card).queryByLabelText('Destination')).toBeNull();
    act(() => fake.publish(snapshot({ orderEntry: entry({ type: 'IOC' }) })));
    expect(within(card).queryByLabelText('Time in force')).toBeNull();
  });

  test('B2.trailing-form.unit-toggle: $ / % with Trail Amount and Trail % placeholders; Initial Stop Price and Est. Buy shown', async () => {
    const { fake, card } = renderCard(
      snapshot({ orderEntry: entry({ type: 'TrailingStop', initialStopPrice: '102', trailEstimate: '0.5' }) }),
    );
    expect(within(card).getByPlaceholderText('Trail Amount')).toBeTruthy();
    expect(within(card).getByText('Initial Stop Price').parentElement!.textContent).toBe('Initial Stop Price102.00 USD');
    expect(within(card).getByText('Est. Buy').parentElement!.textContent).toBe('Est. Buy0.50000000 BTC');
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Trail in %' }));
    expect(fake.commands.setTrailUnit).toHaveBeenCalledWith('percent');
    act(() => fake.publish(snapshot({ orderEntry: entry({ type: 'TrailingStop', trailUnit: 'percent' }) })));
    expect(within(card).getByPlaceholderText('Trail %')).toBeTruthy();
  });

  test('B2.limit-form.fields: quantity with percent buttons, price with Bid, Ask, Mid, +1% and -1%, and a Total', () => {
    const { card } = renderCard();
    expect(formFields(card)).toEqual({ 'Price (USD)': PRICES, 'Quantity (BTC)': PERCENTS, 'Total (USD)': [] });
    expect(within(card).getByLabelText('Total')).toBe(within(card).getByPlaceholderText('Total (USD)'));
  });

  test('B2.market-form.size-by-side: a buy takes the quote amount, a sell the base quantity, both with percent buttons', () => {
    const { fake, card } = renderCard(snapshot({ orderEntry: entry({ type: 'Market' }) }));
    expect(formFields(card)).toEqual({ 'Total (USD)': PERCENTS });
    expect(within(card).getByLabelText('Amount')).toBe(within(card).getByPlaceholderText('Total (USD)'));
    act(() => fake.publish(snapshot({ orderEntry: entry({ type: 'Market', side: 'sell' }) })));
    expect(formFields(card)).toEqual({ 'Quantity (BTC)': PERCENTS });
  });

  test('B2.stop-form.fields: amount (buy) or quantity (sell), and a Trigger Price with the price and percent buttons', () => {
    const { fake, card } = renderCard(snapshot({ orderEntry: entry({ type: 'Stop' }) }));
    // Besides the optional max slippage ('e.g. 1').
    expect(formFields(card)).toEqual({ 'Price (USD)': PRICES, 'Total (USD)': PERCENTS, 'e.g. 1': [] });
    expect(within(card).getByLabelText('Trigger Price')).toBe(within(card).getByPlaceholderText('Price (USD)'));
    act(() => fake.publish(snapshot({ orderEntry: entry({ type: 'Stop', side: 'sell' }) })));
    expect(formFields(card)).toEqual({ 'Price (USD)': PRICES, 'Quantity (BTC)': PERCENTS, 'e.g. 1': [] });
  });

  test('B2.trailing-form.fields: amount (buy) or quantity (sell), and a trail as an amount or a percent', () => {
    const { fake, card } = renderCard(snapshot({ orderEntry: entry({ type: 'TrailingStop' }) }));
    expect(formFields(card)).toEqual({ 'Total (USD)': PERCENTS, 'Trail Amount': [] });
    act(() => fake.publish(snapshot({ orderEntry: entry({ type: 'TrailingStop', side: 'sell', trailUnit: 'percent' }) })));
    expect(formFields(card)).toEqual({ 'Quantity (BTC)': PERCENTS, 'Trail %': [] });
  });

  test('B2.market-form.estimate and B2.market-form.refreshing-indicator', () => {
    const quote = { ...initialSnapshot().quote, status: 'loading' as const, refreshing: true, quantity: '0.0123', quoteId: 'q' };
    const { card } = renderCard(snapshot({ orderEntry: entry({ type: 'Market' }), quote }));
    expect(within(card).getByText('Est. Quantity').parentElement!.textContent).toBe('Est. Quantity0.01230000 BTC');
    expect(within(card).getByText(orderMessages.refreshingQuote)).toBeTruthy();
  });

  test('B4.order-entry.last-two-derive-third: typing reaches the engine; fields the engine set (derived total, shortcuts) come back into the form', async () => {
    const { fake, card } = renderCard();
    const user = userEvent.setup();
    await user.type(within(card).getByPlaceholderText('Quantity (BTC)'), '2');
    expect(fake.commands.editOrderField).toHaveBeenLastCalledWith('quantity', '2');
    await user.click(within(card).getByRole('button', { name: 'Bid' }));
    expect(fake.commands.applyPriceShortcut).toHaveBeenCalledWith('bid');
    await user.click(within(card).getByRole('button', { name: '25%' }));
    expect(fake.commands.applyOrderPercent).toHaveBeenCalledWith(25);
    const values = { price: '99', quantity: '2', amount: '198.396', stopAmount: '', stopPercent: '' };
    act(() =>
      fake.publish(
        snapshot({
          orderEntry: entry({ values, revision: 3, setAt: { price: 2, quantity: 0, amount: 3, stopAmount: 0, stopPercent: 0 } }),
        }),
      ),
    );
    expect((within(card).getByPlaceholderText('Price (USD)') as HTMLInputElement).value).toBe('99');
    expect((within(card).getByPlaceholderText('Total (USD)') as HTMLInputElement).value).toBe('198.396');
  });

  test('CORE.order-entry.keystroke-kept: a reset made before the keystroke reached the engine does not wipe it; a later one does', async () => {
    const { fake, card } = renderCard();
    const total = within(card).getByPlaceholderText('Total (USD)') as HTMLInputElement;
    await userEvent.setup().type(total, '5');
    expect(fake.commands.editOrderField).toHaveBeenLastCalledWith('amount', '5');
    const blank = { price: '', quantity: '', amount: '', stopAmount: '', stopPercent: '' };
    const allAt = (n: number) => ({ price: n, quantity: n, amount: n, stopAmount: n, stopPercent: n });
    // The type switch's reset, made before the engine handled the key (edits 0 < 1 sent).
    act(() => fake.publish(snapshot({ orderEntry: entry({ type: 'Market', values: blank, revision: 5, setAt: allAt(5), edits: 0 }) })));
    expect((within(card).getByPlaceholderText('Total (USD)') as HTMLInputElement).value).toBe('5');
    // The engine has the key now; a clear after a placed order (revision 6) empties the field.
    act(() =>
      fake.publish(
        snapshot({ orderEntry: entry({ type: 'Market', values: { ...blank, amount: '5' }, revision: 5, setAt: allAt(5), edits: 1 }) }),
      ),
    );
    expect((within(card).getByPlaceholderText('Total (USD)') as HTMLInputElement).value).toBe('5');
    act(() => fake.publish(snapshot({ orderEntry: entry({ type: 'Market', values: blank, revision: 6, setAt: allAt(6), edits: 1 }) })));
    expect((within(card).getByPlaceholderText('Total (USD)') as HTMLInputElement).value).toBe('');
  });

  test('B5.order-entry.submit-needs-dirty-valid and B8.toast.fill-required: an untouched or incomplete form toasts for 5 s and sends nothing', async () => {
    const warning = vi.spyOn(sonner, 'warning').mockImplementation(() => 1);
    const { fake, card } = renderCard();
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Buy BTC' }));
    expect(warning).toHaveBeenCalledWith(orderMessages.fillRequired, { duration: 5000 });
    await user.type(within(card).getByPlaceholderText('Quantity (BTC)'), '1{Enter}');
    expect(warning).toHaveBeenCalledTimes(2);
    expect(within(card).getByText(orderMessages.priceRequired)).toBeTruthy();
    expect(fake.commands.submitOrder).not.toHaveBeenCalled();
  });

  test('B5.order-entry.decimal-limit: the price allows the tick size places', async () => {
    vi.spyOn(sonner, 'warning').mockImplementation(() => 1);
    const { card } = renderCard();
    const user = userEvent.setup();
    await user.type(within(card).getByPlaceholderText('Price (USD)'), '100.123');
    await user.type(within(card).getByPlaceholderText('Quantity (BTC)'), '1{Enter}');
    expect(within(card).getByText('Price must have up to 2 decimal places.')).toBeTruthy();
  });

  test('B8.toast.order-submitted and B8.toast.order-failed: Enter submits; the engine result is toasted', async () => {
    const success = vi.spyOn(sonner, 'success').mockImplementation(() => 1);
    const error = vi.spyOn(sonner, 'error').mockImplementation(() => 1);
    const { fake, card } = renderCard();
    const user = userEvent.setup();
    fake.commands.submitOrder.mockResolvedValueOnce({
      ok: false,
      code: 'PLACE_FAILED',
      message: orderMessages.placeFailed,
      detail: 'Price must be a multiple of 0.5.',
      fieldErrors: { price: 'Price must be a multiple of 0.5.' },
    });
    await user.type(within(card).getByPlaceholderText('Price (USD)'), '100.25');
    await user.type(within(card).getByPlaceholderText('Quantity (BTC)'), '1{Enter}');
    await vi.waitFor(() => expect(fake.commands.submitOrder).toHaveBeenCalledWith({ timeInForce: 'GTC', destination: 'Ox' }));
    await vi.waitFor(() => expect(error).toHaveBeenCalled());
    expect(error).toHaveBeenCalledWith(orderMessages.placeFailed, { duration: 5000, description: 'Price must be a multiple of 0.5.' });
    expect(within(card).getByText('Price must be a multiple of 0.5.')).toBeTruthy();
    fake.commands.submitOrder.mockResolvedValueOnce({ ok: true, message: orderMessages.submitted, order: { id: '1' } as never });
    await user.type(within(card).getByPlaceholderText('Quantity (BTC)'), '{Enter}');
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith(orderMessages.submitted, { duration: 3000 }));
  });

  test('B4.order-entry.last-two-derive-third: a card shown again starts from the engine draft', () => {
    const values = { price: '99', quantity: '3', amount: '297.594', stopAmount: '', stopPercent: '' };
    const { card } = renderCard(
      snapshot({ orderEntry: entry({ values, revision: 4, setAt: { price: 1, quantity: 0, amount: 4, stopAmount: 0, stopPercent: 0 } }) }),
    );
    expect((within(card).getByPlaceholderText('Quantity (BTC)') as HTMLInputElement).value).toBe('3');
    expect((within(card).getByPlaceholderText('Total (USD)') as HTMLInputElement).value).toBe('297.594');
  });

  test('B4.order-entry.exactly-once, A8.forms.busy-keeps-focus: while an order is being sent the submit button says so and a press sends nothing', async () => {
    const { card, fake } = renderCard(snapshot({ orderEntry: entry({ submitting: true }) }));
    const submit = within(card).getByRole('button', { name: 'Buy BTC' });
    expect(submit.getAttribute('aria-disabled')).toBe('true');
    expect(submit.getAttribute('aria-busy')).toBe('true');
    await userEvent.setup().click(submit);
    expect(fake.commands.submitOrder).not.toHaveBeenCalled();
  });
});
