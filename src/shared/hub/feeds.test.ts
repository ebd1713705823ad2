import { describe, expect, it } from 'vitest';
import { feedId, pairSymbol, parseFeedId } from './feeds';

describe('public feed ids', () => {
  it('API.feeds.public-names: ticker.ox, trades.ox and orderbook.ox followed by the lower-case base and quote', () => {
    const symbol = pairSymbol('BTC', 'USD');
    expect(symbol).toBe('btcusd');
    expect([feedId.ticker(symbol), feedId.trades(symbol), feedId.orderbook('ETHBTC')]).toEqual([
      'ticker.ox.btcusd',
      'trades.ox.btcusd',
      'orderbook.ox.ethbtc',
    ]);
    expect(parseFeedId('trades.ox.btcusd')).toEqual({ kind: 'trades', provider: 'ox', symbol: 'btcusd' });
    expect(parseFeedId('trades.ox.BTCUSD')).toBeNull();
  });
});
