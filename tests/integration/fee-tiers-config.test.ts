import { afterEach, describe, expect, it } from 'vitest';
import { feeRatesSchema } from '../../src/shared/api/account';
import { orderSchema } from '../../src/shared/api/orders';
import { loadConfig } from '../../src/server/config';
import { expectLedgerSound, ok, startExchangeApp, trader, type TestApp } from './exchange-harness';
import { describeEachStore } from '../support/postgres';

// The fee tier table is configuration (FEE_TIERS): fee-rates shows the caller's tier from the
// 14-day USD volume of their own fills, and the matching engine charges the same rates.

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  describe('fee tiers from configuration', () => {
    it('API.fee-tiers.configurable: FEE_TIERS sets the rates fee-rates shows and the engine charges, by 14-day USD volume', async () => {
      const tiers = loadConfig({ NODE_ENV: 'test', FEE_TIERS: '0:0.0015/0.0019/0.003;1000:0.0005/0.001/0.0012' }).money.feeTiers;
      const defaults = loadConfig({ NODE_ENV: 'test' }).money;
      t = await startExchangeApp({ store, config: { money: { ...defaults, feeTiers: tiers } } });
      const buyer = await trader(t, { usd: '100000' });
      const seller = await trader(t, { btc: '1' });
      expect(feeRatesSchema.parse(ok(await buyer.get('/v1/account-management/fee-rates')))).toEqual({
        volume: '0.00',
        makerRate: '0.0015',
        nprRate: '0.0019',
        nprOffRate: '0.003',
      });
      ok(await seller.sell({ currency_pair: 'btcusd', price: '20000', quantity: '0.1' }));
      const first = orderSchema.parse(ok(await buyer.buy({ currency_pair: 'btcusd', price: '20000', quantity: '0.1' })));
      expect(first.fees).toBe('3.8'); // 2000 USD × 0.19 %: the tier's taker rate, below the pair's 0.2 %
      expect(feeRatesSchema.parse(ok(await buyer.get('/v1/account-management/fee-rates')))).toEqual({
        volume: '2000.00',
        makerRate: '0.0005',
        nprRate: '0.001',
        nprOffRate: '0.0012',
      });
      ok(await seller.sell({ currency_pair: 'btcusd', price: '20000', quantity: '0.1' }));
      const second = orderSchema.parse(ok(await buyer.buy({ currency_pair: 'btcusd', price: '20000', quantity: '0.1' })));
      expect(second.fees).toBe('2'); // the next tier's 0.1 %
      await expectLedgerSound(t);
    });

    it('API.fee-tiers.configurable: a table that does not start at 0 or does not ascend is refused at start', () => {
      expect(() => loadConfig({ NODE_ENV: 'test', FEE_TIERS: '10:0.001/0.002/0.003' })).toThrow(/FEE_TIERS/);
      expect(() => loadConfig({ NODE_ENV: 'test', FEE_TIERS: '0:0.001/0.002/0.003;0:0.001/0.002/0.003' })).toThrow(/FEE_TIERS/);
      expect(() => loadConfig({ NODE_ENV: 'test', WITHDRAW_FEES: 'btc=-1' })).toThrow(/WITHDRAW_FEES/);
      expect(loadConfig({ NODE_ENV: 'test', WITHDRAW_FEES: 'BTC=0.001' }).money.withdrawFees.btc).toBe('0.001');
    });
  });
});
