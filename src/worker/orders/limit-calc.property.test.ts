import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LimitField } from '../api';
import { recalcLimit } from './limit-calc';

// The last-two-edited rule against a reference written in plain integer arithmetic (exact
// fractions of BigInts, no decimal library): any two fields determine the third through the fee
// factor, truncated toward zero to 8 decimals.

interface Frac {
  n: bigint;
  d: bigint;
}

function parse(text: string): Frac {
  const [i, f = ''] = text.split('.');
  return { n: BigInt(i! + f), d: 10n ** BigInt(f.length) };
}

const mul = (a: Frac, b: Frac): Frac => ({ n: a.n * b.n, d: a.d * b.d });
const div = (a: Frac, b: Frac): Frac => ({ n: a.n * b.d, d: a.d * b.n });

/** Truncated to 8 decimals, trailing zeros removed (all values here are ≥ 0). */
function format(x: Frac): string {
  const units = (x.n * 100_000_000n) / x.d;
  const int = units / 100_000_000n;
  const frac = (units % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '');
  return frac ? `${int}.${frac}` : `${int}`;
}

function reference(side: 'buy' | 'sell', fee: string, values: Record<LimitField, string>, derived: LimitField): string | null {
  const f = parse(fee);
  const factor: Frac = side === 'buy' ? { n: f.d + f.n, d: f.d } : { n: f.d - f.n, d: f.d };
  const p = parse(values.price);
  const q = parse(values.quantity);
  const a = parse(values.amount);
  if (derived === 'amount') return format(mul(mul(p, q), factor));
  const other = derived === 'price' ? q : p;
  const divisor = mul(other, factor);
  if (divisor.n === 0n) return null;
  return format(div(a, divisor));
}

/** Decimal text with up to `places` decimals. */
const decimalText = (maxInt: number, places: number) =>
  fc
    .tuple(fc.integer({ min: 0, max: maxInt }), fc.integer({ min: 0, max: places }), fc.bigInt({ min: 0n, max: 10n ** 8n - 1n }))
    .map(([i, p, frac]) => (p === 0 ? String(i) : `${i}.${(frac % 10n ** BigInt(p)).toString().padStart(p, '0')}`));

const fields: LimitField[] = ['price', 'quantity', 'amount'];
const editPair = fc.tuple(fc.constantFrom(...fields), fc.constantFrom(...fields)).filter(([a, b]) => a !== b) as fc.Arbitrary<
  [LimitField, LimitField]
>;

describe('B4 order entry: the limit form derives the third field (property)', () => {
  it('B4.order-entry.last-two-derive-third: with B5.limit-calc.buy-fee, B5.limit-calc.sell-fee, B5.limit-calc.inverse and B5.limit-calc.truncate-8 on random inputs', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
        fc.constantFrom('0', '0.001', '0.002', '0.0025', '0.01', '0.1'),
        decimalText(100_000, 8),
        decimalText(1_000, 8),
        decimalText(10_000_000, 8),
        editPair,
        (side, fee, price, quantity, amount, lastEdited) => {
          const values = { price, quantity, amount };
          const derived = fields.find((f) => !lastEdited.includes(f))!;
          const expected = reference(side, fee, values, derived);
          const r = recalcLimit({ side, fee, ...values, lastEdited });
          if (expected === null) {
            expect(r).toEqual({ ok: false, code: 'DIVIDE_BY_ZERO' });
            return;
          }
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          expect(r.derived).toBe(derived);
          expect(r[derived]).toBe(expected);
          // The two edited fields are passed through untouched.
          for (const f of lastEdited) expect(r[f]).toBe(values[f]);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
