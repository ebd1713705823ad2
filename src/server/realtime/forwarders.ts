import { feedId, privateFeeds } from '../../shared/hub/feeds';
import { hubEvents } from '../../shared/hub/names';
import type { ExchangeEvents } from '../exchange/events';
import type { HubServer, HubUser } from '../hub';
import type { MarketData } from '../market/public-market-data';
import { privateGroup } from './feed-resolution';
import type { Subscriptions } from './subscriptions';

// Exchange and market-data events → hub groups. Each message is serialized once by the hub
// for all members of its group. Private events go to the user's own private feed group, so a
// user receives them only after joining that feed, and nobody else ever does.

export interface ForwardDeps<U extends HubUser> {
  hub: HubServer<U>;
  subscriptions: Subscriptions;
}

/** Sends to a group only when somebody joined it: most simulator events have no audience. */
function sendIfJoined<U extends HubUser>(deps: ForwardDeps<U>, group: string, target: string, payload: unknown): void {
  if (deps.subscriptions.hasMembers(group)) deps.hub.sendToGroup(group, target, [payload]);
}

export function forwardMarketData<U extends HubUser>(marketData: MarketData, deps: ForwardDeps<U>): () => void {
  return marketData.subscribe({
    trade: (trade) => sendIfJoined(deps, feedId.trades(trade.pair), hubEvents.trade, trade),
    ticker: (ticker) => sendIfJoined(deps, feedId.ticker(ticker.pair), hubEvents.ticker, ticker),
    book: (book) => sendIfJoined(deps, feedId.orderbook(book.pair), hubEvents.orderBook, book),
  });
}

export function forwardUserEvents<U extends HubUser>(events: ExchangeEvents, deps: ForwardDeps<U>): () => void {
  return events.on((event) => {
    switch (event.type) {
      case 'order':
        sendIfJoined(deps, privateGroup(event.userId, privateFeeds.openOrders), hubEvents.endUserOrder, event.order);
        break;
      case 'user-trade':
        sendIfJoined(deps, privateGroup(event.userId, privateFeeds.trades), hubEvents.endUserTrade, event.trade);
        break;
      case 'balance':
        sendIfJoined(deps, privateGroup(event.userId, privateFeeds.balances), hubEvents.endUserBalance, event.balances);
        break;
      default:
        break;
    }
  });
}

/** ReceiveUserOnboarding (spec B §7): the user's onboarding flags, after they changed. */
export function sendUserOnboarding<U extends HubUser>(deps: ForwardDeps<U>, userId: string, user: object): void {
  sendIfJoined(deps, privateGroup(userId, privateFeeds.users), hubEvents.userOnboarding, user);
}
