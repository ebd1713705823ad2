import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { privateFeeds } from '../../shared/hub/feeds';
import type { Redis } from 'ioredis';
import { ExchangeEvents, type ExchangeEvent } from '../exchange/events';
import type { MarketData } from '../market/public-market-data';
import { privateGroup } from '../realtime/feed-resolution';
import { Subscriptions } from '../realtime/subscriptions';
import { clusterChannels } from './channels';
import { announceAudience, trackAudience } from './audience';
import { publishFeeds } from './feed-publisher';
import { subscribeFeeds, type FeedConnection } from './feed-subscriber';
import { createMirroredMarketData } from './mirrored-market-data';

/** A subscribed Redis connection as far as the subscriber uses it: what it was asked, and a way to deliver. */
function fakeConnection() {
  const emitter = new EventEmitter();
  const channels = new Set<string>();
  const patterns = new Set<string>();
  const calls: string[] = [];
  const connection = {
    on: (event: string, fn: Parameters<EventEmitter['on']>[1]) => emitter.on(event, fn),
    off: (event: string, fn: Parameters<EventEmitter['on']>[1]) => emitter.off(event, fn),
    psubscribe: async (...p: string[]) => {
      for (const x of p) patterns.add(x);
      return p.length;
    },
    punsubscribe: async (...p: string[]) => {
      for (const x of p) patterns.delete(x);
      return 0;
    },
    subscribe: async (...c: string[]) => {
      for (const x of c) {
        calls.push(`+${x}`);
        channels.add(x);
      }
      return channels.size;
    },
    unsubscribe: async (...c: string[]) => {
      for (const x of c) {
        calls.push(`-${x}`);
        channels.delete(x);
      }
      return channels.size;
    },
  } as unknown as FeedConnection;
  return { connection, channels, patterns, calls, emitter };
}

const channels = clusterChannels('oxtest');
const alice = privateGroup('alice', privateFeeds.openOrders);
const bob = privateGroup('bob', privateFeeds.openOrders);
const order = (userId: string) => JSON.stringify({ k: 'order', u: userId, d: { id: 1, pair: 'btcusd' } });

function setUp() {
  const fake = fakeConnection();
  const events = new ExchangeEvents();
  const seen: ExchangeEvent[] = [];
  events.on((e) => seen.push(e));
  const errors: unknown[] = [];
  const feed = subscribeFeeds(fake.connection, channels, createMirroredMarketData(['btcusd']), events, (err) => errors.push(err));
  // The hub's membership on this edge drives the subscriptions, as the edge wires it.
  const members = new Subscriptions((group, joined) => feed.groupChanged(group, joined));
  return { fake, feed, members, seen, errors };
}

describe('backplane subscriptions of an edge', () => {
  it('CORE.cluster.private-groups-on-join: first join subscribes the group, the last leave (or disconnect) unsubscribes it', async () => {
    const { fake, feed, members } = setUp();
    await feed.start();
    expect([...fake.patterns]).toEqual([channels.marketPattern]);
    expect(fake.channels.size).toBe(0);

    const sub = (feedId: string, group: string) => ({ feedId, group, subscribedAt: 0 });
    members.add('c1', sub(privateFeeds.openOrders, alice));
    members.add('c2', sub(privateFeeds.openOrders, alice));
    // Public groups come with the market pattern: no channel of their own.
    members.add('c1', sub('orderbook.ox.btcusd', 'orderbook.ox.btcusd'));
    await Promise.resolve();
    expect([...fake.channels]).toEqual([channels.feed(alice)]);
    expect(fake.calls).toEqual([`+${channels.feed(alice)}`]);
    expect(channels.groupOf(channels.feed(alice))).toBe(alice);
    expect(channels.feed('orderbook.ox.btcusd').startsWith(channels.marketPattern.slice(0, -1))).toBe(true);
    expect(channels.feed(alice).startsWith(channels.marketPattern.slice(0, -1))).toBe(false);

    members.remove('c1', privateFeeds.openOrders);
    await Promise.resolve();
    expect(fake.channels.size).toBe(1);
    members.dropConnection('c2');
    await Promise.resolve();
    expect(fake.channels.size).toBe(0);
    expect(fake.calls).toEqual([`+${channels.feed(alice)}`, `-${channels.feed(alice)}`]);
    expect(feed.privateGroups().size).toBe(0);

    members.add('c3', sub(privateFeeds.openOrders, alice));
    await feed.stop();
    expect(fake.channels.size).toBe(0);
    expect(fake.patterns.size).toBe(0);
  });

  it('CORE.cluster.private-groups-on-join: messages of groups not joined here are dropped before they are decoded', async () => {
    const { fake, feed, members, seen, errors } = setUp();
    await feed.start();
    members.add('c1', { feedId: privateFeeds.openOrders, group: alice, subscribedAt: 0 });

    fake.emitter.emit('message', channels.feed(alice), order('alice'));
    // Not JSON at all: had it been decoded, it would count as invalid and reach onError.
    fake.emitter.emit('message', channels.feed(bob), '{not json');
    fake.emitter.emit('message', 'oxtest:reply:edge-1', '{not json');
    expect(seen).toEqual([{ type: 'order', userId: 'alice', order: { id: 1, pair: 'btcusd' } }]);
    expect(feed.stats).toEqual({ received: 1, invalid: 0, skipped: 2 });
    expect(errors).toEqual([]);

    // Left a moment ago: a message already on its way is dropped unread too.
    members.remove('c1', privateFeeds.openOrders);
    fake.emitter.emit('message', channels.feed(alice), '{not json');
    expect(feed.stats).toEqual({ received: 1, invalid: 0, skipped: 3 });

    // Market data always arrives on the pattern.
    fake.emitter.emit(
      'pmessage',
      channels.marketPattern,
      channels.feed('ticker.ox.btcusd'),
      JSON.stringify({ k: 'ticker', d: { pair: 'btcusd', last: '1' } }),
    );
    expect(feed.stats.received).toBe(2);
  });

  it('CORE.cluster.private-groups-on-join: the core publishes a private event only when an edge announced a member of its group', async () => {
    const bus = fakeConnection();
    const announced: string[] = [];
    // One Redis: what anybody publishes on the audience channel reaches every subscriber.
    const redis = {
      publish: async (channel: string, text: string) => {
        if (channel === channels.audience) {
          announced.push(text);
          bus.emitter.emit('message', channel, text);
        } else published.push(channel);
        return 1;
      },
    };
    const published: string[] = [];
    const audience = trackAudience(bus.connection, redis, channels);
    const marketData = { subscribe: () => () => undefined } as unknown as MarketData;
    const events = new ExchangeEvents();
    const stop = publishFeeds(redis as unknown as Redis, channels, marketData, events, (group) => audience.has(group));
    const balance = (userId: string): ExchangeEvent => ({ type: 'balance', userId, balances: [] });
    const aliceBalances = privateGroup('alice', privateFeeds.balances);

    // Edge 1 already serves alice when the core starts: the core asks, the edge answers in full.
    const edgeGroups = new Set([aliceBalances]);
    const edge = announceAudience(
      bus.connection,
      redis,
      channels,
      'edge-1',
      () => edgeGroups,
      () => undefined,
    );
    await edge.start();
    await audience.start();
    await Promise.resolve();
    expect(audience.has(aliceBalances)).toBe(true);

    events.emit(balance('alice'));
    events.emit(balance('bob'));
    expect(published).toEqual([channels.feed(aliceBalances)]);

    // The edge's subscriber announces joins and leaves once its subscription changed.
    const feedConnection = fakeConnection();
    const feed = subscribeFeeds(
      feedConnection.connection,
      channels,
      createMirroredMarketData(['btcusd']),
      new ExchangeEvents(),
      () => undefined,
      (g, j) => edge.changed(g, j),
    );
    const bobBalances = privateGroup('bob', privateFeeds.balances);
    feed.groupChanged(bobBalances, true);
    await new Promise((r) => setTimeout(r, 0));
    events.emit(balance('bob'));
    expect(published).toEqual([channels.feed(aliceBalances), channels.feed(bobBalances)]);
    feed.groupChanged(bobBalances, false);
    await new Promise((r) => setTimeout(r, 0));
    events.emit(balance('bob'));
    expect(published).toHaveLength(2);

    // An edge that stops (or starts again under its id) withdraws what it had announced.
    await edge.stop();
    expect(audience.has(aliceBalances)).toBe(false);
    stop();
    await audience.stop();
  });
});
