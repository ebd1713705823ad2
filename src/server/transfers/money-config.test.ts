import { describe, expect, it } from 'vitest';
import { toUnits } from '../../shared/money/units';
import { feeTiers } from '../exchange/fee-schedule';
import { moneyConfig, moneyEnvSchema, requiredConfirmations, withdrawFee } from './money-config';

const parse = (env: Record<string, string>, production = false) => moneyConfig(moneyEnvSchema.parse(env), production);

describe('money configuration', () => {
  it('API.fee-tiers.configurable: FEE_TIERS parses into ascending tiers from 0; the default is the documented table', () => {
    expect(parse({}).feeTiers).toBe(feeTiers);
    expect(parse({ FEE_TIERS: '0:0.001/0.002/0.003; 500:0.0005/0.001/0.0015' }).feeTiers).toEqual([
      { minVolume: 0n, maker: toUnits('0.001'), taker: toUnits('0.002'), smartTaker: toUnits('0.003') },
      { minVolume: toUnits('500'), maker: toUnits('0.0005'), taker: toUnits('0.001'), smartTaker: toUnits('0.0015') },
    ]);
    for (const bad of ['', '5:0.1/0.1/0.1', '0:0.1/0.1', '0:0.1/0.1/0.1;0:0.1/0.1/0.1', '0:a/b/c']) {
      expect(moneyEnvSchema.safeParse({ FEE_TIERS: bad }).success, bad).toBe(false);
    }
  });

  it('A7.transfers.withdraw-fee: fees per currency merge over the defaults; confirmations per currency or the default', () => {
    const c = parse({ WITHDRAW_FEES: 'btc=0.001,doge=2', DEPOSIT_CONFIRMATIONS: 'btc=2' });
    expect(withdrawFee(c, 'btc')).toBe('0.001');
    expect(withdrawFee(c, 'eth')).toBe('0.005');
    expect(withdrawFee(c, 'xyz')).toBe('0');
    expect(requiredConfirmations(c, 'btc')).toBe(2);
    expect(requiredConfirmations(c, 'eth')).toBe(3);
    expect(requiredConfirmations(parse({}, true), 'eth')).toBe(6);
    expect(moneyEnvSchema.safeParse({ WITHDRAW_FEES: 'btc=1e-3' }).success).toBe(false);
    expect(moneyEnvSchema.safeParse({ ACH_WEEKLY_LIMIT: '-5' }).success).toBe(false);
  });
});
