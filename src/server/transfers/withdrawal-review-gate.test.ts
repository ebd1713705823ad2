import { describe, expect, it } from 'vitest';
import type { PairSpec } from '../exchange/pair-spec';
import { usdWorth } from './withdrawal-review-gate';

const pair = (base: string, quote: string) => ({ symbol: `${base}${quote}`, base, quote }) as PairSpec;

function deps(last: Record<string, string>, closes: Record<string, string> = {}) {
  return {
    exchange: {
      pairs: () => [pair('btc', 'eur'), pair('btc', 'usd'), pair('eth', 'btc'), pair('sol', 'usdt')],
      lastPrice: (p: string) => last[p] ?? null,
    },
    lastClose: async (p: string) => closes[p] ?? null,
  };
}

describe('what a withdrawal is worth in USD', () => {
  it('API.transfers.large-withdrawal-approved: USD and stablecoins at 1; others at the last trade against USD or a stablecoin, else the latest candle close', async () => {
    expect((await usdWorth(deps({}), 'usd', '12000.5'))?.toFixed()).toBe('12000.5');
    expect((await usdWorth(deps({}), 'usdc', '3'))?.toFixed()).toBe('3');
    expect((await usdWorth(deps({ btcusd: '20000', btceur: '1' }), 'btc', '0.5'))?.toFixed()).toBe('10000');
    expect((await usdWorth(deps({ solusdt: '150' }), 'sol', '2'))?.toFixed()).toBe('300');
    // No trade since the start: the stored candle close.
    expect((await usdWorth(deps({}, { btcusd: '30000' }), 'btc', '1'))?.toFixed()).toBe('30000');
    // A trade wins over a candle.
    expect((await usdWorth(deps({ btcusd: '20000' }, { btcusd: '30000' }), 'btc', '1'))?.toFixed()).toBe('20000');
  });

  it('API.transfers.large-withdrawal-below-threshold: a currency priced only against a non-USD quote, or not at all, has no USD worth', async () => {
    expect(await usdWorth(deps({ ethbtc: '0.05', btcusd: '20000' }), 'eth', '1')).toBe(null);
    expect(await usdWorth(deps({ btceur: '50000' }), 'btc', '1')).toBe(null);
    expect(await usdWorth(deps({ btcusd: '0' }), 'btc', '1')).toBe(null);
  });
});
