import { describe, expect, it } from 'vitest';
import { privateFeeds } from '../../shared/hub/feeds';
import { resolveFeed } from './feed-resolution';
import { Subscriptions } from './subscriptions';

const known = (symbol: string) => ['btcusd', 'ethbtc'].includes(symbol);

describe('spec B §4 feed ids → hub groups', () => {
  it('CORE.feeds.own-group-resolution: public feeds of known pairs are their own group, matched case-insensitively', () => {
    expect(resolveFeed('ticker.ox.btcusd', 'u1', known)).toEqual({
      ok: true,
      feed: { kind: 'ticker', feedId: 'ticker.ox.btcusd', group: 'ticker.ox.btcusd', symbol: 'btcusd' },
    });
    expect(resolveFeed(' OrderBook.OX.ETHBTC ', 'u1', known)).toMatchObject({ ok: true, feed: { feedId: 'orderbook.ox.ethbtc' } });
  });

  it('CORE.feeds.own-group-resolution: private feeds always resolve to the caller’s own group', () => {
    expect(resolveFeed(privateFeeds.balances, 'alice', known)).toMatchObject({ ok: true, feed: { group: 'user:alice:balances' } });
    expect(resolveFeed(privateFeeds.openOrders, 'bob', known)).toMatchObject({ ok: true, feed: { group: 'user:bob:openorders' } });
    expect(resolveFeed(privateFeeds.trades, 'bob', known)).toMatchObject({ ok: true, feed: { group: 'user:bob:trades' } });
    expect(resolveFeed(privateFeeds.users, 'bob', known)).toMatchObject({ ok: true, feed: { group: 'user:bob:users' } });
  });

  it('CORE.feeds.own-group-resolution: refuses other providers, unknown pairs and anything that is not a feed id', () => {
    for (const id of [
      'ticker.binance.btcusd',
      'ticker.ox.dogeusd',
      'candles.ox.btcusd',
      'user:alice:balances',
      'private.enterprise.all',
      '',
      '…',
    ]) {
      expect(resolveFeed(id, 'u1', known).ok, id).toBe(false);
    }
  });
});

describe('subscriptions', () => {
  it('CORE.feeds.unheard-groups-skipped: count members per group, so unheard groups are skipped, and forget a closed connection', () => {
    const s = new Subscriptions();
    s.add('c1', { feedId: 'ticker.ox.btcusd', group: 'ticker.ox.btcusd', subscribedAt: 1 });
    s.add('c2', { feedId: 'ticker.ox.btcusd', group: 'ticker.ox.btcusd', subscribedAt: 2 });
    s.add('c2', { feedId: 'ticker.ox.btcusd', group: 'ticker.ox.btcusd', subscribedAt: 3 });
    expect(s.list('c2')).toEqual([{ feedId: 'ticker.ox.btcusd', group: 'ticker.ox.btcusd', subscribedAt: 2 }]);
    s.remove('c1', 'ticker.ox.btcusd');
    expect(s.hasMembers('ticker.ox.btcusd')).toBe(true);
    s.dropConnection('c2');
    expect(s.hasMembers('ticker.ox.btcusd')).toBe(false);
    expect(s.connectionCount).toBe(0);
  });
});
