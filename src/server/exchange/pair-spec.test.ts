import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toUnits, UNIT } from '../../shared/money/units';
import { buyHold, engineBudget, engineQuoteToUnits, feeOf, fillNotional, toLots, toTicks, type PairSpec } from './pair-spec';

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

describe('pair units', () => {
  it('CORE.pair-units.exact-multiples: ticks and lots exist only for exact multiples within safe integers', () => {
    expect(toTicks(btcusd, toUnits('30000.01'))).toBe(3_000_001);
    expect(toTicks(btcusd, toUnits('30000.005'))).toBeNull();
    expect(toTicks(btcusd, toUnits('999999999999999'))).toBeNull();
    expect(toLots(btcusd, toUnits('0.5'))).toBe(50_000);
    expect(toLots(btcusd, toUnits('0.000001'))).toBeNull();
    expect(toLots(btcusd, 0n)).toBeNull();
  });

  it('CORE.pair-units.notional-truncated, API.fills.amount-truncated: a fill notional is price × quantity truncated to 1e-8', () => {
    expect(fillNotional(btcusd, 3_000_000, 50_000)).toBe(toUnits('15000'));
    // 0.01 × 0.00001 = 1e-7
    expect(fillNotional(btcusd, 1, 1)).toBe(10n);
    const tiny: PairSpec = { ...btcusd, tick: 1n, lot: 1n };
    expect(fillNotional(tiny, 1, 1)).toBe(0n);
  });

  it('API.fills.fee-truncated: a fee is amount × rate, truncated to 1e-8', () => {
    expect(feeOf(toUnits('12000'), toUnits('0.002'))).toBe(toUnits('24'));
    // 0.00000999 × 0.002 = 0.00000001998
    expect(feeOf(toUnits('0.00000999'), toUnits('0.002'))).toBe(1n);
    expect(feeOf(toUnits('0.00000499'), toUnits('0.002'))).toBe(0n);
  });

  it('API.holds.buy-limit: a limit buy holds price × quantity × (1 + taker fee), rounded up to 1e-8', () => {
    expect(buyHold(btcusd, 3_000_000, 40_000, toUnits('0.002'))).toBe(toUnits('12024'));
    // 0.01 × 0.00001 × 1.002 = 0.0000001002
    expect(buyHold(btcusd, 1, 1, toUnits('0.002'))).toBe(11n);
  });

  it('CORE.holds.buy-hold-covers-splits: buy hold: price × qty × (1 + fee) rounded up covers any split of the quantity into fills at or below the price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.array(fc.record({ lots: fc.integer({ min: 1, max: 100_000 }), improve: fc.nat({ max: 1000 }) }), {
          minLength: 1,
          maxLength: 20,
        }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (price, fills, rate) => {
          const total = fills.reduce((s, f) => s + f.lots, 0);
          let held = buyHold(btcusd, price, total, BigInt(rate));
          let remaining = total;
          for (const f of fills) {
            const at = Math.max(1, price - f.improve);
            const amount = fillNotional(btcusd, at, f.lots);
            held -= amount + feeOf(amount, BigInt(rate));
            remaining -= f.lots;
            // What is left always covers the rest at the limit price.
            if (remaining > 0) expect(held).toBeGreaterThanOrEqual(buyHold(btcusd, price, remaining, BigInt(rate)));
            expect(held).toBeGreaterThanOrEqual(0n);
          }
        },
      ),
    );
  });

  it('CORE.holds.amount-budget-covers-fee: a buy by amount: the engine budget plus the taker fee never exceeds the amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 17n }), fc.integer({ min: 0, max: 5_000_000 }), (amount, rate) => {
        const budget = engineBudget(btcusd, amount, BigInt(rate));
        const spent = engineQuoteToUnits(btcusd, budget);
        expect(spent + feeOf(spent, BigInt(rate))).toBeLessThanOrEqual(amount);
      }),
    );
    expect(engineBudget(btcusd, toUnits('1002'), toUnits('0.002'))).toBe((toUnits('1000') * UNIT) / (btcusd.tick * btcusd.lot));
  });
});
