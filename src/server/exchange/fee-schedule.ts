import { toUnits } from '../../shared/money/units';
import type { PairSpec } from './pair-spec';

// Fee tiers by 14-day traded volume (USD equivalent of the user's fills, both sides). A pair's
// maker_fee / taker_fee are its list price; a tier can only lower them: a user pays
// min(pair fee, tier rate). GET /v1/account-management/fee-rates shows the tier's rates
// (nprRate = taker, nprOffRate = "smart" taker, which we do not route, so it is only shown).

export interface FeeTier {
  /** Lowest 14-day volume of this tier, USD in 1e-8 units. */
  minVolume: bigint;
  maker: bigint;
  taker: bigint;
  smartTaker: bigint;
}

function tier(minVolumeUsd: string, maker: string, taker: string, smartTaker: string): FeeTier {
  return { minVolume: toUnits(minVolumeUsd), maker: toUnits(maker), taker: toUnits(taker), smartTaker: toUnits(smartTaker) };
}

/** Ascending by volume; the default of FEE_TIERS (configuration), which the exchange charges by. */
export const feeTiers: readonly FeeTier[] = [
  tier('0', '0.001', '0.002', '0.0025'),
  tier('50000', '0.0008', '0.0018', '0.0022'),
  tier('250000', '0.0006', '0.0015', '0.0019'),
  tier('1000000', '0.0004', '0.0012', '0.0016'),
  tier('10000000', '0.0002', '0.001', '0.0013'),
];

export function tierFor(volume: bigint, tiers: readonly FeeTier[] = feeTiers): FeeTier {
  let found = tiers[0]!;
  for (const t of tiers) if (volume >= t.minVolume) found = t;
  return found;
}

export interface OrderRates {
  maker: bigint;
  taker: bigint;
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/** The rates an order placed now pays; fixed on the order so its hold stays sufficient. */
export function ratesFor(pair: PairSpec, t: FeeTier): OrderRates {
  return { maker: min(pair.makerFee, t.maker), taker: min(pair.takerFee, t.taker) };
}
