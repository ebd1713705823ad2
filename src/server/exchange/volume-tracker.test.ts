import { describe, expect, it } from 'vitest';
import { toUnits } from '../../shared/money/units';
import { DAY_MS, isUsdLike, usdValue, VOLUME_RETENTION_DAYS, VolumeTracker } from './volume-tracker';
import { feeTiers, ratesFor, tierFor } from './fee-schedule';

describe('14-day volume and fee tiers', () => {
  it('CORE.fee-tiers.window-today-plus-13: the volume is today plus the 13 days before; older days fall out', () => {
    const v = new VolumeTracker();
    const t0 = Date.UTC(2025, 0, 1, 12);
    v.add('u', t0, 100n);
    v.add('u', t0 + 13 * DAY_MS, 50n);
    expect(v.volume('u', t0 + 13 * DAY_MS)).toBe(150n);
    expect(v.volume('u', t0 + 14 * DAY_MS)).toBe(50n);
    expect(v.drainChanges()).toHaveLength(2);
  });

  it('API.edd.volume-on-trades: the 30-day volume is today plus the 29 days before; reading the 14-day tier keeps what the 30 days need', () => {
    const v = new VolumeTracker();
    const t0 = Date.UTC(2025, 0, 1, 12);
    v.add('u', t0, 100n);
    v.add('u', t0 + 20 * DAY_MS, 50n);
    expect(v.volume('u', t0 + 20 * DAY_MS)).toBe(50n);
    expect(v.volume('u', t0 + 29 * DAY_MS, VOLUME_RETENTION_DAYS)).toBe(150n);
    expect(v.volume('u', t0 + 30 * DAY_MS, VOLUME_RETENTION_DAYS)).toBe(50n);
    expect(v.volume('u', t0 + 50 * DAY_MS, VOLUME_RETENTION_DAYS)).toBe(0n);
  });

  it('B9.volume.stablecoins-1-usd, B9.volume.other-bases-last-price, API.fee-tiers.volume-14-days: spec B §9: USD and stablecoins count 1:1; other currencies through a last price against them', () => {
    expect(isUsdLike('USDT')).toBe(true);
    expect(isUsdLike('btc')).toBe(false);
    expect(usdValue('usdc', 500n, () => null)).toBe(500n);
    expect(usdValue('btc', toUnits('0.5'), () => toUnits('30000'))).toBe(toUnits('15000'));
    expect(usdValue('btc', toUnits('0.5'), () => null)).toBe(0n);
  });

  it('API.fee-tiers.min-of-pair-and-tier: tiers by volume; a tier only ever lowers what the pair lists', () => {
    expect(tierFor(0n)).toBe(feeTiers[0]);
    expect(tierFor(toUnits('50000'))).toBe(feeTiers[1]);
    expect(tierFor(toUnits('49999.99999999'))).toBe(feeTiers[0]);
    const pair = { makerFee: toUnits('0.0005'), takerFee: toUnits('0.003') } as Parameters<typeof ratesFor>[0];
    expect(ratesFor(pair, feeTiers[0]!)).toEqual({ maker: toUnits('0.0005'), taker: toUnits('0.002') });
  });
});
