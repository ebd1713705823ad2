import { describe, expect, test } from 'vitest';
import type { Balance, Loadable, LoadStatus, PairRow } from '../api';
import { ValuationBuilder, buildValuation } from './valuation';

const pair = (base: string, quote: string, last: string | null, tickerSeen = true) =>
  ({ base, quote, last, tickerSeen }) as unknown as PairRow;
const pairs = (all: PairRow[], status: LoadStatus = 'ready') => Object.freeze({ status, all: Object.freeze(all) });
const loaded = (items: Balance[]): Loadable<Balance> => Object.freeze({ status: 'ready' as const, items: Object.freeze(items) });

describe('portfolio valuation', () => {
  test('balances priced by the last USD or stablecoin trade; usd and stablecoins at 1; the total sums the priced ones', () => {
    const v = buildValuation(
      loaded([
        { currency: 'btc', balance: '0.5', available: '0.5' },
        { currency: 'usd', balance: '100.10', available: '100' },
        { currency: 'usdt', balance: '3', available: '3' },
        { currency: 'sol', balance: '2', available: '2' },
        { currency: 'xyz', balance: '7', available: '7' },
        { currency: 'abc', balance: '0', available: '0' },
      ]),
      pairs([pair('BTC', 'USD', '60000.125'), pair('SOL', 'USDT', '150.5'), pair('XYZ', 'BTC', '0.1')]),
    );
    expect(v.byCurrency).toEqual({ btc: '30000.06', usd: '100.10', usdt: '3.00', sol: '301.00', xyz: null, abc: '0.00' });
    expect(v.totalUsd).toBe('30404.16');
    expect(v.unpriced).toEqual(['xyz']);
    expect(v.pricing).toEqual([]);
  });

  test('CORE.engine.valuation-zero-is-zero: a zero balance is worth $0.00 before any price arrives and without any USD route', () => {
    const balances = loaded([
      { currency: 'eth', balance: '0', available: '0' },
      { currency: 'xyz', balance: '0.00000000', available: '0' },
    ]);
    for (const list of [pairs([], 'loading'), pairs([pair('ETH', 'USD', null, false)]), pairs([])]) {
      const v = buildValuation(balances, list);
      expect(v.byCurrency).toEqual({ eth: '0.00', xyz: '0.00' });
      expect(v.pricing).toEqual([]);
      expect(v.unpriced).toEqual([]);
      expect(v.totalUsd).toBe('0.00');
    }
  });

  test('CORE.engine.valuation-pricing-not-unpriced: while the balances are still loading there is no total, not $0.00; once loaded, none is $0.00', () => {
    const ready = pairs([pair('BTC', 'USD', '60000')]);
    for (const status of ['loading', 'error'] as const) {
      expect(buildValuation(Object.freeze({ status, items: Object.freeze([]) }), ready).totalUsd).toBeNull();
    }
    expect(buildValuation(loaded([]), ready).totalUsd).toBe('0.00');
  });

  test('CORE.engine.valuation-pricing-not-unpriced: before the pair list or the first ticker arrives a balance is pricing (no warning, no total), then priced', () => {
    const balances = loaded([
      { currency: 'btc', balance: '1', available: '1' },
      { currency: 'usd', balance: '5', available: '5' },
    ]);
    for (const status of ['idle', 'loading'] as const) {
      const early = buildValuation(balances, pairs([], status));
      expect(early.pricing).toEqual(['btc']);
      expect(early.unpriced).toEqual([]);
      expect(early.totalUsd).toBe(null);
      expect(early.byCurrency).toEqual({ btc: null, usd: '5.00' });
    }
    // The pair list is in, its ticker is not: still pricing.
    const listed = buildValuation(balances, pairs([pair('BTC', 'USD', null, false), pair('BTC', 'EUR', '50', true)]));
    expect(listed.pricing).toEqual(['btc']);
    expect(listed.unpriced).toEqual([]);
    expect(listed.totalUsd).toBe(null);
    // One of two USD routes has a price: priced, even while the other's ticker is missing.
    const priced = buildValuation(balances, pairs([pair('BTC', 'USD', null, false), pair('BTC', 'USDT', '100', true)]));
    expect(priced.pricing).toEqual([]);
    expect(priced.unpriced).toEqual([]);
    expect(priced.totalUsd).toBe('105.00');
  });

  test('CORE.engine.valuation-unpriced-warning: no pair against USD or a stablecoin, a USD pair whose ticker came without a trade, or a failed pair list make a balance unpriced', () => {
    const balances = loaded([
      { currency: 'btc', balance: '1', available: '1' },
      { currency: 'eth', balance: '2', available: '2' },
      { currency: 'sol', balance: '0', available: '0' },
      { currency: 'usd', balance: '5', available: '5' },
    ]);
    const v = buildValuation(
      balances,
      pairs([pair('BTC', 'USD', null, true), pair('ETH', 'BTC', '0.05', true), pair('SOL', 'USD', null, false)]),
    );
    expect(v.unpriced).toEqual(['btc', 'eth']);
    // A zero balance is neither pricing nor unpriced, even while its ticker is missing.
    expect(v.pricing).toEqual([]);
    expect(v.totalUsd).toBe('5.00');

    const failed = buildValuation(balances, pairs([], 'error'));
    expect(failed.unpriced).toEqual(['btc', 'eth']);
    expect(failed.pricing).toEqual([]);
    expect(failed.totalUsd).toBe('5.00');
  });

  test('identity is kept while nothing that prices it changes', () => {
    const builder = new ValuationBuilder();
    const balances = loaded([{ currency: 'btc', balance: '1', available: '1' }]);
    const list = pairs([pair('BTC', 'USD', '100')]);
    const a = builder.build(balances, list);
    expect(builder.build(balances, list)).toBe(a);
    expect(builder.build(loaded([{ currency: 'btc', balance: '1', available: '0.5' }]), pairs([pair('BTC', 'USD', '100')]))).toBe(a);
    const b = builder.build(balances, pairs([pair('BTC', 'USD', '101')]));
    expect(b).not.toBe(a);
    expect(b.totalUsd).toBe('101.00');
  });
});
