import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { eddRequiredBy } from './requirement';

const thresholds = { depositsUsd: 50_000, volume30dUsd: 250_000 };
const exposure = (deposits: string, volume: string) => ({ depositsUsd: new Decimal(deposits), volume30dUsd: new Decimal(volume) });

describe('EDD requirement rule', () => {
  it('API.edd.requirement-rule: deposits or 30-day volume above their threshold require EDD; at the threshold they do not', () => {
    expect(eddRequiredBy(exposure('50000', '0'), thresholds)).toBe(false);
    expect(eddRequiredBy(exposure('50000.00000001', '0'), thresholds)).toBe(true);
    expect(eddRequiredBy(exposure('0', '250000'), thresholds)).toBe(false);
    expect(eddRequiredBy(exposure('0', '250000.01'), thresholds)).toBe(true);
    expect(eddRequiredBy(exposure('49999', '249999'), thresholds)).toBe(false);
  });
});
