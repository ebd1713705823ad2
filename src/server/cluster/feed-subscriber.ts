import type { Redis } from 'ioredis';
import type { ExchangeEvents } from '../exchange/events';
import type { ClusterChannels } from './channels';
import { feedEnvelopeSchema, type FeedMessage } from './feed-message';
import type { MirroredMarketData } from './mirrored-market-data';

// The edge's half of the backplane: one pattern subscription to every feed group's channel;
// market data goes to the mirrored market data, private events to the edge's exchange event
// bus, from where the usual forwarders send them to the hub groups of this edge.

export interface FeedSubscriber {
  start(): Promise<void>;
  stop(): Promise<void>;
  readonly stats: { received: number; invalid: number };
}

export function subscribeFeeds(
  subscriber: Redis,
  channels: ClusterChannels,
  marketData: MirroredMarketData,
  events: ExchangeEvents,
  onError: (err: unknown) => void,
): FeedSubscriber {
  const stats = { received: 0, invalid: 0 };

  function onMessage(_pattern: string, _channel: string, text: string): void {
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

  return {
    stats,
    async start() {
      subscriber.on('pmessage', onMessage);
      await subscriber.psubscribe(channels.feedPattern);
    },
    async stop() {
      subscriber.off('pmessage', onMessage);
      await subscriber.punsubscribe(channels.feedPattern).catch(() => undefined);
    },
  };
}
