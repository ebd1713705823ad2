import { isPrivateGroup } from '../realtime/feed-resolution';

// Redis names of one cluster, all under its prefix. Commands travel on a stream read by the
// core's consumer group; answers on the asking edge's own pub/sub channel; market data and
// private events on one pub/sub channel per feed group, as SignalR's Redis backplane does.
// Public market groups and users' private groups live under different heads: every edge
// mirrors all market data (one pattern), and subscribes to a private group's channel only
// while one of its own connections has joined that group.

export interface ClusterChannels {
  /** The stream of order, cancel and money commands (XADD by edges, XREADGROUP by the core). */
  readonly commands: string;
  /** The consumer group of the core on the command stream. */
  readonly coreGroup: string;
  /** Where the core answers the commands of one edge. */
  reply(edgeId: string): string;
  /** The channel of one hub feed group (orderbook.ox.btcusd, user:{id}:private.enterprise.trades…). */
  feed(group: string): string;
  /** Pattern an edge subscribes to for every public market group (books, trades, tickers). */
  readonly marketPattern: string;
  /** The feed group a feed channel carries, or null for a channel that is not a feed's. */
  groupOf(channel: string): string | null;
  /** Namespace of the shared rate-limit counters. */
  readonly rateLimits: string;
  /** Edges announce the private groups they have members in; the core publishes only to those. */
  readonly audience: string;
  /** Ended sessions (logout, password change), so every edge closes their hub connections. */
  readonly sessionEnds: string;
}

export function clusterChannels(prefix: string): ClusterChannels {
  const marketHead = `${prefix}:feed:market:`;
  const privateHead = `${prefix}:feed:private:`;
  return {
    commands: `${prefix}:commands`,
    coreGroup: 'core',
    reply: (edgeId) => `${prefix}:reply:${edgeId}`,
    feed: (group) => `${isPrivateGroup(group) ? privateHead : marketHead}${group}`,
    marketPattern: `${marketHead}*`,
    groupOf: (channel) =>
      channel.startsWith(privateHead)
        ? channel.slice(privateHead.length)
        : channel.startsWith(marketHead)
          ? channel.slice(marketHead.length)
          : null,
    rateLimits: `${prefix}:rate:`,
    sessionEnds: `${prefix}:session-ends`,
    audience: `${prefix}:audience`,
  };
}
