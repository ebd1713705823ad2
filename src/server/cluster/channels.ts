// Redis names of one cluster, all under its prefix. Commands travel on a stream read by the
// core's consumer group; answers on the asking edge's own pub/sub channel; market data and
// private events on one pub/sub channel per feed group, as SignalR's Redis backplane does.

export interface ClusterChannels {
  /** The stream of order, cancel and money commands (XADD by edges, XREADGROUP by the core). */
  readonly commands: string;
  /** The consumer group of the core on the command stream. */
  readonly coreGroup: string;
  /** Where the core answers the commands of one edge. */
  reply(edgeId: string): string;
  /** The channel of one hub feed group (orderbook.ox.btcusd, user:{id}:private.enterprise.trades…). */
  feed(group: string): string;
  /** Pattern an edge subscribes to for every feed group. */
  readonly feedPattern: string;
  /** The feed group a feed channel carries. */
  groupOf(channel: string): string;
  /** Namespace of the shared rate-limit counters. */
  readonly rateLimits: string;
  /** Ended sessions (logout, password change), so every edge closes their hub connections. */
  readonly sessionEnds: string;
}

export function clusterChannels(prefix: string): ClusterChannels {
  const feedHead = `${prefix}:feed:`;
  return {
    commands: `${prefix}:commands`,
    coreGroup: 'core',
    reply: (edgeId) => `${prefix}:reply:${edgeId}`,
    feed: (group) => `${feedHead}${group}`,
    feedPattern: `${feedHead}*`,
    groupOf: (channel) => channel.slice(feedHead.length),
    rateLimits: `${prefix}:rate:`,
    sessionEnds: `${prefix}:session-ends`,
  };
}
