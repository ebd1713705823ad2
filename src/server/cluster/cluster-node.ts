import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import type { BuildAppOptions } from '../app';
import type { ServerConfig } from '../config';
import type { AppContext, AppExtension } from '../context';
import { realtimeExtension } from '../realtime/realtime-extension';
import { systemTimers } from '../time/timers';
import { announceAudience, trackAudience, type Announcer } from './audience';
import { clusterChannels, type ClusterChannels } from './channels';
import { createCommandClient } from './command-client';
import { createCommandServer } from './command-server';
import { publishFeeds } from './feed-publisher';
import { subscribeFeeds, type FeedSubscriber } from './feed-subscriber';
import { createMirroredMarketData, type MarketSnapshot } from './mirrored-market-data';
import { createRemoteExchange } from './remote-exchange';
import { shareSessionEnds } from './session-ends';

// What ROLE=core or ROLE=edge adds to the one server main.ts builds. The core is the single
// process as it always was (exchange, ledger writer, simulator, hub), plus the command stream
// reader and the backplane publisher. An edge is the same app with the exchange replaced by the
// core's, reached over Redis, market data mirrored from the backplane, no simulator, no
// transfer loop, and rate-limit counters in Redis.

export interface ClusterNode {
  /** Added to buildApp's options. */
  app: Pick<BuildAppOptions, 'exchange' | 'rateLimitStore' | 'money'>;
  extensions: AppExtension[];
  /** Seeding belongs to the core; edges start on a database the core prepared. */
  seeds: boolean;
  /** Closes the Redis connections (after the app closed). */
  close(): Promise<void>;
}

interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

function connect(url: string, name: string, log: Log): Redis {
  // Commands queue while Redis is away and go out when it is back; the caller's own timeout
  // decides how long that may take. Auto-pipelining sends a tick's commands in one write.
  const redis = new Redis(url, { connectionName: name, enableAutoPipelining: true, maxRetriesPerRequest: null });
  redis.on('error', (err: unknown) => log.warn({ err, connection: name }, 'redis connection error'));
  return redis;
}

/** The cluster role's wiring, or null for a single process. */
export function clusterNode(config: ServerConfig, log: Log): ClusterNode | null {
  const { cluster } = config;
  if (cluster.role === 'single' || !cluster.redisUrl) return null;
  const channels = clusterChannels(cluster.prefix);
  return cluster.role === 'core' ? coreNode(cluster.redisUrl, channels, log) : edgeNode(config, cluster.redisUrl, channels, log);
}

function coreNode(url: string, channels: ClusterChannels, log: Log): ClusterNode {
  const writer = connect(url, 'core-writer', log);
  const reader = connect(url, 'core-reader', log);
  const sessionsIn = connect(url, 'core-sessions', log);
  const bridge: AppExtension = async (app: FastifyInstance, ctx: AppContext) => {
    const { marketData } = app.realtime;
    const audience = trackAudience(sessionsIn, writer, channels);
    await audience.start();
    const stopFeeds = publishFeeds(writer, channels, marketData, app.exchange.events, (group) => audience.has(group));
    const server = createCommandServer({
      reader,
      writer,
      channels,
      exchange: app.exchange,
      clock: ctx.clock,
      marketSnapshot: (): MarketSnapshot => ({
        books: marketData.pairs().flatMap((p) => marketData.book(p) ?? []),
        tickers: marketData.pairs().flatMap((p) => marketData.ticker(p) ?? []),
      }),
      log: app.log,
    });
    const stopSessions = await shareSessionEnds(writer, sessionsIn, channels, ctx.sessionEvents, 'core');
    await server.start();
    log.info({ stream: channels.commands }, 'cluster core: reading commands');
    // Before the exchange stops (its onClose): what was read is answered first.
    app.addHook('preClose', async () => {
      await server.stop();
      stopSessions();
      stopFeeds();
      await audience.stop();
    });
  };
  return {
    app: {},
    extensions: [realtimeExtension(), bridge],
    seeds: true,
    async close() {
      reader.disconnect();
      sessionsIn.disconnect();
      await writer.quit().catch(() => undefined);
    },
  };
}

function edgeNode(config: ServerConfig, url: string, channels: ClusterChannels, log: Log): ClusterNode {
  const { edgeId, callTimeoutMs } = config.cluster;
  const redis = connect(url, `${edgeId}-commands`, log);
  const replies = connect(url, `${edgeId}-replies`, log);
  const feeds = connect(url, `${edgeId}-feeds`, log);
  const sessionsIn = connect(url, `${edgeId}-sessions`, log);
  const mirror = createMirroredMarketData();
  const commands = createCommandClient({
    redis,
    subscriber: replies,
    channels,
    edgeId,
    timeoutMs: callTimeoutMs,
    timers: systemTimers,
    onError: (err) => log.warn({ err }, 'cluster command channel'),
  });
  // Made by the backplane extension, which runs before the hub's, so before any group is joined.
  let subscription: FeedSubscriber | null = null;
  const backplane: AppExtension = async (app: FastifyInstance, ctx: AppContext) => {
    const warn = (err: unknown) => log.warn({ err }, 'unreadable backplane message');
    let announcer: Announcer | null = null;
    const feed = subscribeFeeds(feeds, channels, mirror, app.exchange.events, warn, (group, joined) => announcer?.changed(group, joined));
    subscription = feed;
    announcer = announceAudience(sessionsIn, redis, channels, edgeId, () => feed.privateGroups(), warn);
    await feed.start();
    await announcer.start();
    const stopSessions = await shareSessionEnds(redis, sessionsIn, channels, ctx.sessionEvents, edgeId);
    // The books as they are now; a core that is down leaves them to the first messages.
    void commands
      .call<MarketSnapshot>('marketSnapshot', [])
      .then((snapshot) => mirror.load(snapshot))
      .catch((err: unknown) => log.warn({ err }, 'no market snapshot from the core yet: books fill from the feed'));
    log.info({ edgeId, prefix: channels.commands }, 'cluster edge: forwarding commands to the core');
    app.addHook('onClose', async () => {
      stopSessions();
      await subscription?.stop();
      await announcer?.stop();
    });
  };
  return {
    app: {
      exchange: (ctx) => createRemoteExchange({ database: ctx.database, commands, marketData: mirror }),
      rateLimitStore: { redis, nameSpace: channels.rateLimits },
      // Pending transfers are moved on by the core alone.
      money: { movesTransfers: false },
    },
    extensions: [
      backplane,
      realtimeExtension({ marketData: mirror, onGroupChange: (group, joined) => subscription?.groupChanged(group, joined) }),
    ],
    seeds: false,
    async close() {
      replies.disconnect();
      feeds.disconnect();
      sessionsIn.disconnect();
      await redis.quit().catch(() => undefined);
    },
  };
}
