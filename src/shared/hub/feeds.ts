// Spec B §4 feed ids: ticker.{provider}.{symbol}, trades.…, orderbook.…, and the private
// enterprise feeds, which the server always resolves to the connection's own user.

export const FEED_PROVIDER = 'ox';

export type PublicFeedKind = 'ticker' | 'trades' | 'orderbook';

export const privateFeeds = {
  users: 'private.enterprise.users',
  openOrders: 'private.enterprise.openorders',
  balances: 'private.enterprise.balances',
  trades: 'private.enterprise.trades',
} as const;
export type PrivateFeed = (typeof privateFeeds)[keyof typeof privateFeeds];
export const privateFeedIds: readonly PrivateFeed[] = Object.values(privateFeeds);

/** Lower-case base and quote joined: BTC/USD → btcusd. */
export function pairSymbol(base: string, quote: string): string {
  return `${base}${quote}`.toLowerCase();
}

export const feedId = {
  ticker: (symbol: string) => `ticker.${FEED_PROVIDER}.${symbol.toLowerCase()}`,
  trades: (symbol: string) => `trades.${FEED_PROVIDER}.${symbol.toLowerCase()}`,
  orderbook: (symbol: string) => `orderbook.${FEED_PROVIDER}.${symbol.toLowerCase()}`,
};

const PUBLIC_FEED_RE = /^(ticker|trades|orderbook)\.([a-z0-9]+)\.([a-z0-9]{2,20})$/;

export type ParsedFeed = { kind: PublicFeedKind; provider: string; symbol: string } | { kind: 'private'; feed: PrivateFeed };

/** Parses a feed id; null when it is not one the product knows. */
export function parseFeedId(id: string): ParsedFeed | null {
  if ((privateFeedIds as readonly string[]).includes(id)) return { kind: 'private', feed: id as PrivateFeed };
  const m = PUBLIC_FEED_RE.exec(id);
  if (!m) return null;
  return { kind: m[1] as PublicFeedKind, provider: m[2]!, symbol: m[3]! };
}

/** Spec B §4: the high-priority feeds joined first on connect, for the current pair. */
export function highPriorityFeeds(symbol: string | null): string[] {
  const feeds: string[] = [privateFeeds.openOrders, privateFeeds.balances, privateFeeds.trades, privateFeeds.users];
  if (symbol) feeds.push(feedId.trades(symbol), feedId.orderbook(symbol), feedId.ticker(symbol));
  return feeds;
}
