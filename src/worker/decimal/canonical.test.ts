import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalDecimal, fromUnits as sharedFromUnits } from '../../shared/money/units';
import { canonicalNonNegative, compareCanonical } from './canonical';
import { canonicalToUnits, fromUnits } from './units-fast';

const decimalText = fc
  .tuple(fc.stringMatching(/^\d{1,12}$/), fc.option(fc.stringMatching(/^\d{0,8}$/)))
  .map(([i, f]) => (f === null ? i : `${i}.${f}`));

describe('hot-path decimals agree with src/shared/money/units.ts', () => {
  it('canonical text of any plain decimal (string or number)', () => {
    fc.assert(
      fc.property(decimalText, (t) => {
        const expected = t.endsWith('.') ? null : canonicalDecimal(t);
        expect(canonicalNonNegative(t)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
    expect(canonicalNonNegative(1e-7)).toBe('0.0000001');
    expect(canonicalNonNegative(0.5)).toBe('0.5');
    for (const bad of ['', '.5', '-1', '1e5', '1.2.3', ' ', 'abc', NaN, -1, null, {}]) expect(canonicalNonNegative(bad)).toBe(null);
  });

  it('numeric order of canonical text', () => {
    fc.assert(
      fc.property(decimalText, decimalText, (a, b) => {
        if (a.endsWith('.') || b.endsWith('.')) return;
        const ca = canonicalDecimal(a);
        const cb = canonicalDecimal(b);
        const ua = canonicalToUnits(ca);
        const ub = canonicalToUnits(cb);
        expect(Math.sign(compareCanonical(ca, cb))).toBe(ua === ub ? 0 : ua < ub ? -1 : 1);
      }),
      { numRuns: 2000 },
    );
  });

  it('units round trip', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.integer({ min: 0, max: 8 }), (u, min) => {
        expect(fromUnits(u, min)).toBe(sharedFromUnits(u, min));
      }),
      { numRuns: 2000 },
    );
  });
});
