import { describe, expect, it } from 'vitest';
import { fromUnits } from '../../shared/money/units';
import { feeTiers } from './fee-schedule';

describe('default fee tiers', () => {
  it('API.fee-tiers.table: 0, 50,000, 250,000, 1,000,000 and 10,000,000 USD with the maker, taker and smart taker rates of the API table', () => {
    expect(feeTiers.map((t) => [t.minVolume, t.maker, t.taker, t.smartTaker].map((v) => fromUnits(v)))).toEqual([
      ['0', '0.001', '0.002', '0.0025'],
      ['50000', '0.0008', '0.0018', '0.0022'],
      ['250000', '0.0006', '0.0015', '0.0019'],
      ['1000000', '0.0004', '0.0012', '0.0016'],
      ['10000000', '0.0002', '0.001', '0.0013'],
    ]);
  });
});
