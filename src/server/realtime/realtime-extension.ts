import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { createSessionRecheck, isTrustedOrigin, rawRequestScheme, type AuthenticatedUser, type SessionEnd } from '../auth';
import type { AppContext, AppExtension } from '../context';
import { AppError } from '../errors';
import type { Exchange } from '../exchange/exchange';
import { createHubServer, type HubRejection, type HubRequestKind, type HubServer, type HubServerOptions } from '../hub';
import { declaresCookieAuth } from '../http/auth-guard';
import { createMarketData, type MarketData } from '../market/public-market-data';
import { loadRecentTrades } from '../market/trade-history';
import { fundingAmount, loadSimAccounts } from '../sim/accounts';
import { simExchangeOf } from '../sim/exchange-adapter';
import { createSimulator, type Simulator } from '../sim/simulator';
import { timersOn, type Timers } from '../time/timers';
import { createFeedMethods } from './feed-methods';
import { forwardMarketData, forwardUserEvents, sendUserOnboarding } from './forwarders';
import { renderHubRejection } from './hub-problems';
import { Subscriptions, type GroupChange } from './subscriptions';

// Wires the live side of the server: market data from the exchange's events, the SignalR hub at
// /hubs/exchange with the feed methods of spec B §7, and the market simulator. Starts with the
// app (the exchange must already be started) and stops with it, simulator first, so its last
// cancels still reach a running exchange.

export const HUB_PATH = '/hubs/exchange';
export const DEFAULT_SIM_RATE = 50;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Benchmark storm: the storm pair's share of simulator events, and of those the taker share. */
const STORM_SHARE = 0.9;
/**
 * Six in ten of the storm pair's events are sweeps of about six typical taker orders each (one
 * order, several trades), the rest refill the ladders they eat. Of the mixes measured (a quarter
 * or six or seven in ten takers, one to six typical sizes), this made the most trades per event
 * and per CPU-second of the server (docs/benchmarks.md).
 */
const STORM_TAKE_SHARE = 0.6;
const STORM_TAKE_SIZE = 6;

/** The Close message of a connection whose session ended; clients read "Unauthorized" as an auth error. */
export const SESSION_ENDED_ERROR = 'Unauthorized: the session has ended.';

/**
 * Requests that must declare cookie authentication (X-Auth-Method: cookie) when they carry the
 * cookie: everything the client sends through its HTTP client. Browsers cannot put a header on a
 * WebSocket upgrade or an EventSource GET; those are covered instead by the Origin check and the
 * connection token, which only a negotiation that sent the header could have obtained.
 */
const DECLARED_KINDS: ReadonlySet<HubRequestKind> = new Set(['negotiate', 'poll', 'send', 'close']);

function authorizeHubRequest(user: AuthenticatedUser, req: IncomingMessage, kind: HubRequestKind): HubRejection | null {
  if (user.via !== 'cookie' || !DECLARED_KINDS.has(kind) || declaresCookieAuth(req)) return null;
  const problem = new AppError('auth_method_required');
  return { status: problem.status, code: problem.code, message: problem.detail };
}

function endsSession(end: SessionEnd): (user: AuthenticatedUser) => boolean {
  return 'sessionId' in end ? (user) => user.session_id === end.sessionId : (user) => user.id === end.userId;
}
export interface RealtimeOptions {
  /** The exchange core service, already started; default the app's (app.exchange). */
  exchange?: Exchange;
  /** Market-data events per second of the simulator; default the config's SIM_RATE, else 50. */
  simRate?: number;
  simSeed?: string | number;
  /** Time and timers of market data and the simulator; default the app clock with real timers. */
  timers?: Timers;
  /**
   * Market data made elsewhere (a cluster edge mirrors the core's): used as it is, and this
   * process runs no simulator, since the core does.
   */
  marketData?: MarketData;
  /**
   * A hub group got its first member (joined) or lost its last (left), on this process: a
   * cluster edge subscribes to a private group's backplane channel only while it has members.
   */
  onGroupChange?: GroupChange;
  /** Hub settings for tests (timeouts, reconnect window, clock…); authentication and methods are fixed. */
  hub?: Omit<
    HubServerOptions<AuthenticatedUser>,
    'authenticate' | 'authorize' | 'renewUser' | 'renderRejection' | 'methods' | 'streams' | 'onDisconnected' | 'checkOrigin'
  >;
}

/** What the rest of the server (and tests) can reach once the extension ran. */
export interface Realtime {
  readonly hub: HubServer<AuthenticatedUser>;
  readonly marketData: MarketData;
  readonly simulator: Simulator;
  /** ReceiveUserOnboarding: call after a user's onboarding flags changed, with the user as /v1/users/me answers it. */
  userChanged(userId: string, user: object): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export function realtimeExtension(options: RealtimeOptions = {}): AppExtension {
  return async (app: FastifyInstance, ctx: AppContext) => {
    const exchange = options.exchange ?? app.exchange;
    const timers = options.timers ?? timersOn(ctx.clock);
    const mirrored = options.marketData;
    const rate = mirrored ? 0 : (options.simRate ?? ctx.config.simRate ?? DEFAULT_SIM_RATE);
    const pairs = exchange.pairs().filter((p) => p.enabled);

    // System money enters through the exchange like any credit, so the ledger stays conserved.
    const fund = (userId: string, currency: string, amount: string) =>
      exchange.deposit(userId, currency, amount, { action: 'Credit', ref: 'simulator' });
    const accounts = await loadSimAccounts({
      database: ctx.database,
      clock: ctx.clock,
      create: rate > 0,
      currencies: [...new Set(pairs.flatMap((p) => [p.base, p.quote]))],
      fund,
    });

    // Benchmark storm (STORM_PAIR, never in production): books go out after every commit.
    const stormPair = ctx.config.stormPair;
    const marketData =
      mirrored ??
      createMarketData({
        ...(stormPair ? { bookIntervalMs: 0 } : {}),
        events: exchange.events,
        timers,
        pairs: pairs.map((p) => p.symbol),
        makers: accounts.sourceOf,
        readDepth: (pair, levels) => {
          const depth = exchange.depth(pair, levels);
          if (!depth) return null;
          const level = ([price, quantity]: [string, string]) => ({ price, quantity });
          return { bids: depth.bids.map(level), asks: depth.asks.map(level) };
        },
        onError: (err) => app.log.error({ err }, 'market data failed'),
      });
    const seeded = mirrored ? 0 : await loadRecentTrades(ctx.database.db, timers.now() - DAY_MS, (trade) => marketData.seed(trade));
    marketData.start();

    const subscriptions = new Subscriptions(options.onGroupChange);
    const { hubLimits, rateLimits, trustProxy } = ctx.config;
    const hub = createHubServer<AuthenticatedUser>({
      // Hub deadlines and token expiries are read on one clock: the app's.
      clock: timersOn(ctx.clock),
      maxConnectionsPerUser: hubLimits.maxConnectionsPerUser,
      maxPendingNegotiationsPerUser: hubLimits.maxPendingNegotiationsPerUser,
      negotiationsPerUser: { max: rateLimits.hubNegotiatePerUser.max, windowMs: rateLimits.hubNegotiatePerUser.windowMs },
      ...options.hub,
      authenticate: (req) => ctx.authenticator.authenticateRequest(req),
      authorize: authorizeHubRequest,
      // At the access token's expiry the session is checked again: still good, the connection stays.
      renewUser: createSessionRecheck({
        database: ctx.database,
        clock: ctx.clock,
        timings: ctx.sessions.timings,
        demoLogin: ctx.config.devRoutes,
      }),
      renderRejection: renderHubRejection,
      // The request's own origin (scheme, host and port), PUBLIC_URL, or one of TRUSTED_ORIGINS.
      checkOrigin: (_origin, req) => isTrustedOrigin(req, ctx.config.trustedOrigins, rawRequestScheme(req, Boolean(trustProxy))),
      methods: createFeedMethods<AuthenticatedUser>({ marketData, subscriptions, clock: ctx.clock }),
      onDisconnected: (c) => subscriptions.dropConnection(c.connectionId),
    });
    hub.register(app, HUB_PATH);
    const deps = { hub, subscriptions };
    const stopForwarding = [
      forwardMarketData(marketData, deps),
      forwardUserEvents(exchange.events, deps),
      ctx.userEvents.on((userId, user) => sendUserOnboarding(deps, userId, user)),
      // Logout, password reset, a reused refresh token: the session's live feeds stop at once.
      ctx.sessionEvents.on((end) => {
        const closed = hub.closeConnections(endsSession(end), { error: SESSION_ENDED_ERROR, allowReconnect: false });
        if (closed > 0) app.log.info({ ...end, closed }, 'hub connections of an ended session closed');
      }),
    ];

    const simulator = createSimulator({
      exchange: simExchangeOf(exchange, ctx.database),
      timers,
      rate,
      seed: options.simSeed ?? 'ox-sim',
      pairs,
      ...(stormPair
        ? {
            focus: {
              pair: stormPair,
              share: STORM_SHARE,
              takeShare: STORM_TAKE_SHARE,
              takeSize: STORM_TAKE_SIZE,
            },
          }
        : {}),
      makers: accounts.makers,
      takers: accounts.takers,
      refill: async (userId, currency) => {
        const amount = fundingAmount(currency);
        if (amount !== null) await fund(userId, currency, amount);
      },
      log: app.log,
    });

    app.decorate('realtime', {
      hub,
      marketData,
      simulator,
      userChanged: (userId: string, user: object) => sendUserOnboarding(deps, userId, user),
    } satisfies Realtime);

    app.addHook('onReady', async () => {
      app.log.info({ seededTrades: seeded, simRate: rate, stormPair }, 'market data ready');
      if (stormPair && !pairs.some((p) => p.symbol === stormPair))
        app.log.warn({ stormPair }, 'STORM_PAIR names no enabled pair; the simulator keeps its usual mix');
      if (mirrored) return;
      // In the background: the ladders fill in a moment, the app need not wait for them.
      void simulator.start().catch((err: unknown) => app.log.error({ err }, 'market simulator failed to start'));
    });
    app.addHook('preClose', async () => {
      if (!mirrored) await simulator.stop();
    });
    app.addHook('onClose', async () => {
      for (const stop of stopForwarding) stop();
      marketData.stop();
    });
  };
}
