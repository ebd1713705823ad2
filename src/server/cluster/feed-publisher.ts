import type { Redis } from 'ioredis';
import { feedId, privateFeeds } from '../../shared/hub/feeds';
import type { ExchangeEvents } from '../exchange/events';
import type { MarketData } from '../market/public-market-data';
import { privateGroup } from '../realtime/feed-resolution';
import type { ClusterChannels } from './channels';
import type { FeedMessage } from './feed-message';

// The core's half of the backplane: every market-data message (books with the core's own
// sequence, trades, tickers) and every private event is published once on the channel of its
// feed group. Edges fan each out to their own connections, so the sequence a client sees is
// the core's, whichever edge it is on. One connection publishes, so Redis keeps the order.
// A private event is published only when some edge has a member in its group (audience.ts):
// most orders come from users with no live private feed, and the simulator's accounts cannot
// log in at all.

export function publishFeeds(
  redis: Redis,
  channels: ClusterChannels,
  marketData: MarketData,
  events: ExchangeEvents,
  /** Whether a private group has a member on some edge; default every group has. */
  hasAudience: (group: string) => boolean = () => true,
): () => void {
  const sendPrivate = (group: string, message: FeedMessage) => {
    if (hasAudience(group)) send(group, message);
  };
  const send = (group: string, message: FeedMessage) => {
    // Pub/sub is fire and forget by design; a lost connection shows in the client's logs, and
    // edges recover books by sequence gap and private data over REST.
    redis.publish(channels.feed(group), JSON.stringify(message)).catch(() => undefined);
  };
  const stopMarket = marketData.subscribe({
    book: (book) => send(feedId.orderbook(book.pair), { k: 'book', d: book }),
    trade: (trade) => send(feedId.trades(trade.pair), { k: 'trade', d: trade }),
    ticker: (ticker) => send(feedId.ticker(ticker.pair), { k: 'ticker', d: ticker }),
  });
  const stopEvents = events.on((event) => {
    switch (event.type) {
      case 'order':
        sendPrivate(privateGroup(event.userId, privateFeeds.openOrders), { k: 'order', u: event.userId, d: event.order });
        break;
      case 'user-trade':
        sendPrivate(privateGroup(event.userId, privateFeeds.trades), { k: 'user-trade', u: event.userId, d: event.trade });
        break;
      case 'balance':
        sendPrivate(privateGroup(event.userId, privateFeeds.balances), { k: 'balance', u: event.userId, d: event.balances });
        break;
      default:
        break;
    }
  });
  return () => {
    stopMarket();
    stopEvents();
  };
}
