import type { Redis } from 'ioredis';
import type { ExchangeEvents } from '../exchange/events';
import { isPrivateGroup } from '../realtime/feed-resolution';
import type { ClusterChannels } from './channels';
import { feedEnvelopeSchema, type FeedMessage } from './feed-message';
import type { MirroredMarketData } from './mirrored-market-data';

// The edge's half of the backplane. Market data (books, trades, tickers of every pair) comes on
// one pattern subscription, since the edge's mirror answers REST reads and new joiners for any
// pair. A user's private group is subscribed on its own channel when the first connection of
// this edge joins it and unsubscribed when the last one leaves, so an edge never receives, let
// alone decodes, the private events of users it does not serve. Market data goes to the
// mirrored market data, private events to the edge's exchange event bus, from where the usual
// forwarders send them to the hub groups of this edge.

/** The part of an ioredis connection the subscriber uses (a fake in unit tests). */
export type FeedConnection = Pick<Redis, 'on' | 'off' | 'psubscribe' | 'punsubscribe' | 'subscribe' | 'unsubscribe'>;

export interface FeedSubscriber {
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * A hub group of this edge got its first member (joined) or lost its last (left). Private
   * groups are subscribed and unsubscribed accordingly; public groups are always received.
   */
  groupChanged(group: string, joined: boolean): void;
  /** The private groups this edge receives now. */
  privateGroups(): ReadonlySet<string>;
  /**
   * received: messages passed on; invalid: unreadable ones; skipped: messages of a private
   * group left a moment before, dropped unread.
   */
  readonly stats: { received: number; invalid: number; skipped: number };
}

export function subscribeFeeds(
  subscriber: FeedConnection,
  channels: ClusterChannels,
  marketData: MirroredMarketData,
  events: ExchangeEvents,
  onError: (err: unknown) => void,
  /** Told of each private group once this edge receives it (joined) or no longer does (left). */
  announce?: (group: string, joined: boolean) => void,
): FeedSubscriber {
  const stats = { received: 0, invalid: 0, skipped: 0 };
  const joined = new Set<string>();
  let stopped = false;

  function apply(text: string): void {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (err) {
      stats.invalid += 1;
      onError(err);
      return;
    }
    if (!feedEnvelopeSchema.safeParse(raw).success) {
      stats.invalid += 1;
      return;
    }
    stats.received += 1;
    // The envelope is checked; the payload goes on as the core wrote it, the same on every edge.
    const m = raw as FeedMessage;
    switch (m.k) {
      case 'book':
        marketData.applyBook(m.d);
        break;
      case 'trade':
        marketData.applyTrade(m.d);
        break;
      case 'ticker':
        marketData.applyTicker(m.d);
        break;
      case 'order':
        events.emit({ type: 'order', userId: m.u, order: m.d });
        break;
      case 'user-trade':
        events.emit({ type: 'user-trade', userId: m.u, trade: m.d });
        break;
      case 'balance':
        events.emit({ type: 'balance', userId: m.u, balances: m.d });
        break;
    }
  }

  function onMarket(_pattern: string, _channel: string, text: string): void {
    apply(text);
  }

  function onPrivate(channel: string, text: string): void {
    const group = channels.groupOf(channel);
    // The connection also carries nothing else, but a message that was on its way when the
    // group's last member left (or of any channel we did not ask for) is dropped unread.
    if (group === null || !joined.has(group)) {
      stats.skipped += 1;
      return;
    }
    apply(text);
  }

  const failed = (err: unknown) => onError(err);

  return {
    stats,
    privateGroups: () => joined,
    groupChanged(group, isJoined) {
      if (stopped || !isPrivateGroup(group)) return;
      // Redis runs one connection's commands in order, so the last of a quick join, leave,
      // join is the one that holds.
      // The core hears of the group once the subscription is in place, and in the same order.
      if (isJoined) {
        if (joined.has(group)) return;
        joined.add(group);
        subscriber
          .subscribe(channels.feed(group))
          .then(() => announce?.(group, true))
          .catch(failed);
      } else {
        if (!joined.delete(group)) return;
        subscriber
          .unsubscribe(channels.feed(group))
          .then(() => announce?.(group, false))
          .catch(failed);
      }
    },
    async start() {
      subscriber.on('pmessage', onMarket);
      subscriber.on('message', onPrivate);
      await subscriber.psubscribe(channels.marketPattern);
    },
    async stop() {
      stopped = true;
      subscriber.off('pmessage', onMarket);
      subscriber.off('message', onPrivate);
      const groups = [...joined].map((g) => channels.feed(g));
      joined.clear();
      await subscriber.punsubscribe(channels.marketPattern).catch(() => undefined);
      if (groups.length > 0) await subscriber.unsubscribe(...groups).catch(() => undefined);
    },
  };
}
