import { describe, expect, it } from 'vitest';
import { emptyOrderEntryValues, orderEntryErrors, tickDecimals, type OrderEntryContext, type OrderEntryValues } from './order-entry-form';

const NOW = 1_800_000_000_000;
const ctx = (overrides: Partial<OrderEntryContext> = {}): OrderEntryContext => ({
  side: 'buy',
  type: 'Limit',
  trailUnit: 'amount',
  priceDecimals: 2,
  now: NOW,
  ...overrides,
});
const values = (overrides: Partial<OrderEntryValues> = {}): OrderEntryValues => ({
  ...emptyOrderEntryValues,
  timeInForce: 'GTC',
  ...overrides,
});

describe('order entry form rules (spec B §5)', () => {
  it("B5.order-entry.limit-needs-price-quantity, B5.order-entry.price-required and B5.order-entry.quantity-required: 'Price is required.' and 'Quantity is required.'", () => {
    expect(orderEntryErrors(values(), ctx())).toEqual({ price: 'Price is required.', quantity: 'Quantity is required.' });
    expect(orderEntryErrors(values(), ctx({ type: 'IOC' }))).toEqual({ price: 'Price is required.', quantity: 'Quantity is required.' });
    expect(orderEntryErrors(values({ price: '100', quantity: '1' }), ctx())).toEqual({});
  });

  it('B5.order-entry.market-size-by-side: a market buy needs an amount, a sell a quantity', () => {
    expect(orderEntryErrors(values(), ctx({ type: 'Market' }))).toEqual({ amount: 'Amount is required.' });
    expect(orderEntryErrors(values(), ctx({ type: 'Market', side: 'sell' }))).toEqual({ quantity: 'Quantity is required.' });
    expect(orderEntryErrors(values({ amount: '10' }), ctx({ type: 'Market' }))).toEqual({});
  });

  it('B5.order-entry.stop-needs-size-and-price: size by side and a trigger price; max slippage optional', () => {
    expect(orderEntryErrors(values(), ctx({ type: 'Stop', side: 'sell' }))).toEqual({
      price: 'Price is required.',
      quantity: 'Quantity is required.',
    });
    expect(orderEntryErrors(values({ price: '90', amount: '50' }), ctx({ type: 'Stop' }))).toEqual({});
    expect(orderEntryErrors(values({ price: '90', amount: '50', maxSlippage: '1.255' }), ctx({ type: 'Stop' }))).toEqual({
      maxSlippage: 'Max slippage must have up to 2 decimal places.',
    });
  });

  it('B5.order-entry.trailing-needs-size-and-trail and B2.trailing-form.percent-2-decimals', () => {
    expect(orderEntryErrors(values(), ctx({ type: 'TrailingStop' }))).toEqual({
      amount: 'Amount is required.',
      stopAmount: 'Enter a trail amount or a trail percent.',
    });
    expect(orderEntryErrors(values({ amount: '5', stopPercent: '1.255' }), ctx({ type: 'TrailingStop', trailUnit: 'percent' }))).toEqual({
      stopPercent: 'Trail percent must have up to 2 decimal places.',
    });
    expect(orderEntryErrors(values({ amount: '5', stopPercent: '1.25' }), ctx({ type: 'TrailingStop', trailUnit: 'percent' }))).toEqual({});
  });

  it("B5.order-entry.decimal-limit, B9.format.decimal-limit-8: 'Price must have up to N decimal places.' with N from the tick size", () => {
    expect(orderEntryErrors(values({ price: '100.123', quantity: '1' }), ctx())).toEqual({
      price: 'Price must have up to 2 decimal places.',
    });
    expect(orderEntryErrors(values({ price: '0.00012', quantity: '1.123456789' }), ctx({ priceDecimals: 5 }))).toEqual({
      quantity: 'Quantity must have up to 8 decimal places.',
    });
    expect([tickDecimals('0.01'), tickDecimals('1'), tickDecimals('0.00005'), tickDecimals('0.10'), tickDecimals(null)]).toEqual([
      2, 0, 5, 1, 2,
    ]);
  });

  it('B5.time-in-force.gtc-types, B5.time-in-force.ioc-types, B5.time-in-force.fok-types: the times in force each type takes', () => {
    const future = new Date(NOW + 60_000).toISOString();
    const filled = values({ price: '1', quantity: '1', amount: '1', stopAmount: '1', expires: future });
    const allowed = (type: OrderEntryContext['type']) =>
      (['GTC', 'IOC', 'FOK', 'GTD'] as const).filter(
        (tif) => !orderEntryErrors({ ...filled, timeInForce: tif }, ctx({ type })).timeInForce,
      );
    expect(allowed('Market')).toEqual(['GTC', 'FOK']);
    expect(allowed('Limit')).toEqual(['GTC', 'IOC', 'FOK', 'GTD']);
    expect(allowed('Stop')).toEqual(['GTC', 'GTD']);
    expect(allowed('TrailingStop')).toEqual(['GTC', 'GTD']);
  });

  it('B5.order-entry.gtd-requires-expires and the time in force allowed per type', () => {
    expect(orderEntryErrors(values({ price: '1', quantity: '1', timeInForce: 'GTD' }), ctx())).toEqual({
      expires: 'Choose when a GTD order expires.',
    });
    expect(
      orderEntryErrors(values({ price: '1', quantity: '1', timeInForce: 'GTD', expires: new Date(NOW - 60_000).toISOString() }), ctx()),
    ).toEqual({
      expires: 'The expiry must be in the future.',
    });
    expect(orderEntryErrors(values({ amount: '1', timeInForce: 'GTD' }), ctx({ type: 'Market' }))).toEqual({
      timeInForce: 'GTD is not allowed for Market orders.',
    });
  });
});
