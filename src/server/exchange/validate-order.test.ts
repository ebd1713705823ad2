import { describe, expect, it } from 'vitest';
import { toUnits } from '../../shared/money/units';
import { AppError } from '../errors';
import type { PairSpec } from './pair-spec';
import { parseOrderForm, toOrderIntent } from './validate-order';

const btcusd: PairSpec = {
  symbol: 'btcusd',
  base: 'btc',
  quote: 'usd',
  formattedSymbol: 'BTC/USD',
  tick: toUnits('0.01'),
  lot: toUnits('0.00001'),
  minQuantity: toUnits('0.0001'),
  makerFee: toUnits('0.001'),
  takerFee: toUnits('0.002'),
  enabled: true,
};
const pairs = new Map([[btcusd.symbol, btcusd]]);
const NOW = Date.UTC(2025, 0, 1);

function intent(body: Record<string, unknown>, side: 'buy' | 'sell' = 'buy') {
  return toOrderIntent(parseOrderForm(body), side, pairs, NOW);
}

function fieldErrors(fn: () => unknown): Record<string, string[]> {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e.errors ?? { detail: [e.detail] };
    throw e;
  }
  throw new Error('expected a rejection');
}

describe('order form → intent', () => {
  it('CORE.validation.limit-defaults, API.order-types.limit: a limit order becomes ticks and lots with GTC and the lit destination by default', () => {
    const i = intent({ currency_pair: 'BTCUSD', price: '30000.5', quantity: '0.25' });
    expect(i).toMatchObject({ type: 'Limit', tif: 'GTC', destination: 'Ox', price: { ticks: 3_000_050 }, quantity: { lots: 25_000 } });
  });

  it('API.orders.units-checked: price off the tick size, quantity off the lot size or below the minimum are named per field', () => {
    expect(fieldErrors(() => intent({ currency_pair: 'btcusd', price: '30000.001', quantity: '0.000011' }))).toEqual({
      price: ['Price must be a multiple of the tick size 0.01.'],
      quantity: ['Quantity must be a multiple of the lot size 0.00001.'],
    });
    expect(fieldErrors(() => intent({ currency_pair: 'btcusd', price: '1', quantity: '0.00001' }))).toEqual({
      quantity: ['Quantity must be at least 0.0001.'],
    });
  });

  it('CORE.validation.number-checks: more than 8 decimals, huge numbers and zero are refused with the field named', () => {
    expect(() => parseOrderForm({ currency_pair: 'btcusd', price: '1.123456789', quantity: '1' })).toThrow(AppError);
    expect(fieldErrors(() => intent({ currency_pair: 'btcusd', price: '999999999999999', quantity: '1' }))).toEqual({
      price: ['Price is too large.'],
    });
    expect(fieldErrors(() => intent({ currency_pair: 'btcusd', price: '0', quantity: '1' }))).toHaveProperty('price');
  });

  it('B5.order-entry.currency-pair-required: an order without a currency pair is a 400 naming currency_pair', () => {
    expect(fieldErrors(() => intent({ price: '1', quantity: '1' }))).toEqual({ currency_pair: ['currency_pair is required.'] });
  });

  it('API.errors.unknown-pair-400: an unknown pair is a 400 naming currency_pair', () => {
    const errors = fieldErrors(() => intent({ currency_pair: 'dogeusd', price: '1', quantity: '1' }));
    expect(errors).toEqual({ currency_pair: ['Unknown currency pair dogeusd.'] });
  });

  it('API.errors.pair-disabled-409: an order on a paused pair is refused with 409 pair_disabled', () => {
    const paused = new Map([[btcusd.symbol, { ...btcusd, enabled: false }]]);
    const refusal = (() => {
      try {
        return toOrderIntent(parseOrderForm({ currency_pair: 'btcusd', price: '1', quantity: '1' }), 'buy', paused, NOW);
      } catch (e) {
        return e;
      }
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 409, code: 'pair_disabled' });
  });

  it('B5.order-entry.gtd-requires-expires, B5.time-in-force.gtd-types, API.gtd.expires-in-future, API.post-only.resting-limits: spec B §5 rules: time in force by type, GTD needs a future expires, post_only only for resting limits', () => {
    expect(fieldErrors(() => intent({ currency_pair: 'btcusd', algorithm_id: 100, amount: '10', time_in_force: 'IOC' }))).toHaveProperty(
      'time_in_force',
    );
    expect(fieldErrors(() => intent({ currency_pair: 'btcusd', price: '1', quantity: '1', time_in_force: 'GTD' }))).toHaveProperty(
      'expires',
    );
    expect(
      fieldErrors(() => intent({ currency_pair: 'btcusd', price: '1', quantity: '1', time_in_force: 'GTD', expires: NOW - 1 })),
    ).toEqual({
      expires: ['expires must be in the future.'],
    });
    expect(
      fieldErrors(() => intent({ currency_pair: 'btcusd', price: '1', quantity: '1', time_in_force: 'IOC', post_only: true })),
    ).toHaveProperty('post_only');
  });

  it('CORE.validation.fractions-to-basis-points: market buy by amount, trailing stop by percent in basis points, max_slippage in basis points', () => {
    expect(intent({ currency_pair: 'btcusd', algorithm_id: 100, amount: '100' })).toMatchObject({ amount: toUnits('100'), quantity: null });
    expect(
      intent({ currency_pair: 'btcusd', algorithm_id: 308, quantity: '1', stop_percent: '2.5', max_slippage: '0.01' }, 'sell'),
    ).toMatchObject({
      trailBps: 250,
      maxSlippageBps: 100,
    });
    expect(
      fieldErrors(() => intent({ currency_pair: 'btcusd', algorithm_id: 308, quantity: '1', stop_percent: '100' }, 'sell')),
    ).toHaveProperty('stop_percent');
    expect(
      fieldErrors(() => intent({ currency_pair: 'btcusd', algorithm_id: 304, quantity: '1', price: '1', max_slippage: '0.00001' }, 'sell')),
    ).toHaveProperty('max_slippage');
  });
});

describe('order body (API)', () => {
  const limit = { currency_pair: 'btcusd', price: '30000', quantity: '0.25' };

  it('API.client-order-id.format: client_order_id is 1 to 64 of letters, digits, - and _', () => {
    const longest = `${'aZ9_-'.repeat(12)}abcd`;
    expect(intent({ ...limit, client_order_id: longest }).clientOrderId).toBe(longest);
    expect(intent({ ...limit, client_order_id: 123456 }).clientOrderId).toBe('123456');
    for (const bad of ['', `${longest}x`, 'a b', 'a.b', 'é']) {
      expect(
        fieldErrors(() => intent({ ...limit, client_order_id: bad })),
        bad,
      ).toHaveProperty('client_order_id');
    }
  });

  it('API.orders.strict-body: an unknown field is refused', () => {
    expect(() => parseOrderForm({ ...limit, leverage: 100 })).toThrow(AppError);
  });

  it('API.orders.ignored-fields: routing_option, the stop_any fields, total_time, interval and continuous are accepted and change nothing', () => {
    const ignored = {
      routing_option: 'smart',
      stop_any_id: 'x1',
      stop_any_price: '29000',
      stop_any_trail_amount: '10',
      stop_any_trail_percent: '1',
      total_time: 60_000,
      interval: 1_000,
      continuous: true,
    };
    expect(intent({ ...limit, ...ignored })).toEqual(intent(limit));
  });

  it('API.orders.limit-amount-ignored: a Limit or IOC amount is ignored; a Market, Stop or TrailingStop buy by amount drops the quantity', () => {
    for (const algorithm_id of [201, 309]) {
      expect(intent({ ...limit, algorithm_id, amount: '1' })).toEqual(intent({ ...limit, algorithm_id }));
    }
    const market = intent({ currency_pair: 'btcusd', algorithm_id: 100, amount: '100', quantity: '0.5' });
    expect(market).toMatchObject({ amount: toUnits('100'), quantity: null });
    const stop = intent({ currency_pair: 'btcusd', algorithm_id: 304, price: '31000', amount: '100', quantity: '0.5' });
    expect(stop).toMatchObject({ amount: toUnits('100'), quantity: null });
    const trailing = intent({ currency_pair: 'btcusd', algorithm_id: 308, stop_amount: '100', amount: '100', quantity: '0.5' });
    expect(trailing).toMatchObject({ amount: toUnits('100'), quantity: null });
  });
});
