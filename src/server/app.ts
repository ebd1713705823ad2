import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { healthResponseSchema } from '../shared/api/health';
import { paths } from '../shared/api/paths';
import { registerUserAccountRoutes } from './accounts';
import type { Redis } from 'ioredis';
import { registerExchange, type Exchange } from './exchange';
import { registerMoney, type MoneyOptions } from './transfers';
import { registerNews } from './news/news-routes';
import { registerEdd } from './edd';
import { registerOperator } from './operator';
import {
  createAuthenticator,
  createSessionEvents,
  createSessionService,
  isTrustedOrigin,
  loadOrCreateKeys,
  sessionCookies,
  type SessionTimings,
} from './auth';
import { systemClock, type Clock } from './time/timers';
import { assertSafeConfig, type ServerConfig } from './config';
import type { AppContext, AppExtension } from './context';
import { createUserEvents } from './accounts/user-events';
import { createDatabase, type AppDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { appError, installErrorHandling, sendFrameworkError, sendProblem } from './errors';
import { installJsonParser } from './http/json-parser';
import { logSerializers } from './http/log-redaction';
import { fastifyTrustProxy } from './http/trust-proxy';
import { defineRoute, installRequestAuthSlot } from './http/route';
import { installRouteTable } from './http/route-table';
import {
  createLoggingSmsProvider,
  createOutbox,
  createSmtpMailTransport,
  registerOutboxDevRoutes,
  type Outbox,
  type OutboxDelivery,
} from './outbox';
import { seed } from './seed';
import { installGracefulClose, type GracefulCloseOptions } from './web/graceful-close';
import { installSecurityHeaders } from './web/security-headers';
import { hasBuiltApp, registerWebApp, sendSpaIndex, wantsSpaFallback } from './web/spa';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's services (database, clock, sessions, outbox…), for extensions and tests. */
    ctx: AppContext;
  }
}

export interface BuildAppOptions {
  config: ServerConfig;
  /**
   * An open, migrated database. When absent, buildApp opens the one the config names,
   * migrates it, and closes it when the app closes (what tests want).
   */
  database?: AppDatabase;
  /** Seed reference data, and the demo user with config.devRoutes (only when buildApp opens the database itself). */
  seed?: boolean;
  clock?: Clock;
  /** A pino logger to use (main passes the one it booted with); default: pino at config.logLevel. */
  loggerInstance?: FastifyBaseLogger;
  /** How outbox messages leave; default: logged in development/test, SMTP + SMS adapter in production. */
  outboxDelivery?: OutboxDelivery;
  sessionTimings?: Partial<SessionTimings>;
  /** Feature modules (hub, orders, market data…) registered after the account routes. */
  extensions?: readonly AppExtension[];
  /** Chain watcher, payout processor and poll timers of money in and out (tests inject them). */
  money?: MoneyOptions;
  /** How requests still running are ended when the app closes (tests inject the timers). */
  gracefulClose?: GracefulCloseOptions;
  /** Cluster edge: the exchange to use instead of one in this process (the core's, over Redis). */
  exchange?: (ctx: AppContext) => Exchange;
  /** Cluster edge: rate-limit counters in this Redis (shared by every edge), under this namespace. */
  rateLimitStore?: { redis: Redis; nameSpace: string };
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function defaultDelivery(config: ServerConfig, app: FastifyInstance): OutboxDelivery {
  if (config.nodeEnv !== 'production') return { kind: 'log' };
  if (!config.smtpUrl) {
    // Starting anyway beats refusing: the exchange works, and mail queued meanwhile goes out
    // once the server runs with SMTP_URL.
    app.log.warn('SMTP_URL is not set: mail cannot leave; it stays queued in the outbox until the server runs with SMTP_URL');
  }
  return {
    kind: 'send',
    mail: config.smtpUrl ? createSmtpMailTransport(config.smtpUrl, config.mailFrom) : null,
    sms: createLoggingSmsProvider(app.log),
  };
}

/** Builds the HTTP app (routes, hooks, services) without listening: tests use app.inject. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  assertSafeConfig(config);
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    // Every logger of the app (requests, hub, exchange) redacts secrets from logged URLs.
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance.child({}, { serializers: logSerializers }) }
      : { logger: { level: config.logLevel, serializers: logSerializers } }),
    bodyLimit: config.bodyLimit,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Request ids in logs; never trust a client-supplied one.
    requestIdHeader: false,
    frameworkErrors: sendFrameworkError,
  });

  const ownsDatabase = !options.database;
  const database = options.database ?? createDatabase(config);
  let outbox: Outbox | undefined;
  // One hook, so the order is certain: stop delivering before the database goes away.
  app.addHook('onClose', async () => {
    await outbox?.close();
    if (ownsDatabase) await database.close();
  });
  try {
    const keys = loadOrCreateKeys(config.dataDir);
    if (ownsDatabase) {
      await migrateToLatest(database, { keys });
      if (options.seed) await seed(database, clock, { keys, demoUser: config.devRoutes });
    }

    installRouteTable(app);
    installErrorHandling(app);
    installJsonParser(app, config.bodyLimit);
    installRequestAuthSlot(app);
    await app.register(fastifyCookie);
    installSecurityHeaders(app, { production: config.nodeEnv === 'production', connectOrigins: config.webAppConnectOrigins });
    await app.register(fastifyRateLimit, {
      global: false,
      ...(options.rateLimitStore ? { redis: options.rateLimitStore.redis, nameSpace: options.rateLimitStore.nameSpace } : {}),
    });

    const sessions = createSessionService({ keys, clock, ...(options.sessionTimings ? { timings: options.sessionTimings } : {}) });
    const cookies = sessionCookies({ production: config.nodeEnv === 'production' });
    const authenticator = createAuthenticator({ database, keys, clock, accessCookie: cookies.access, demoLogin: config.devRoutes });
    app.addHook('onClose', async () => authenticator.dispose());
    // The dev outbox page shows codes and links, so only with it do they stay in the outbox.
    const devOutbox = config.devRoutes;
    outbox = createOutbox({
      database,
      clock,
      log: app.log,
      delivery: options.outboxDelivery ?? defaultDelivery(config, app),
      keepForDevOutbox: devOutbox,
    });
    const ctx: AppContext = {
      config,
      database,
      clock,
      keys,
      sessions,
      authenticator,
      outbox,
      userEvents: createUserEvents(),
      cookies,
      sessionEvents: createSessionEvents(),
    };
    app.decorate('ctx', ctx);

    // Defence in depth next to SameSite and X-Auth-Method: browsers always send Origin on
    // cross-site writes, so a foreign page can't even reach the login or register calls.
    app.addHook('onRequest', async (request) => {
      if (UNSAFE_METHODS.has(request.method) && !isTrustedOrigin(request.raw, config.trustedOrigins, request.protocol)) {
        throw appError('untrusted_origin');
      }
    });

    defineRoute(app, authenticator, {
      method: 'GET',
      url: paths.health,
      auth: false,
      response: healthResponseSchema,
      async handler() {
        return { status: 'ok' as const };
      },
    });

    registerUserAccountRoutes(app, ctx);
    const exchange = await registerExchange(app, ctx, options.exchange ? { instance: options.exchange(ctx) } : {});
    // The operator's withdrawal review queue first: money parks large withdrawals in it.
    registerOperator(app, ctx);
    await registerMoney(app, ctx, exchange, options.money);
    registerNews(app, ctx);
    await registerEdd(app, ctx);
    if (devOutbox) registerOutboxDevRoutes(app, database);
    for (const extension of options.extensions ?? []) await extension(app, ctx);

    const serveWebApp = hasBuiltApp(config.staticDir);
    if (serveWebApp) await registerWebApp(app, config.staticDir!);
    app.setNotFoundHandler((request, reply) => {
      if (serveWebApp && wantsSpaFallback(request)) return sendSpaIndex(reply);
      return sendProblem(reply, appError('route_not_found'));
    });

    installGracefulClose(app, options.gracefulClose);
    await app.ready();
    // Messages left undelivered by a previous run go out now.
    outbox.kick();
    return app;
  } catch (err) {
    await app.close().catch(() => undefined);
    throw err;
  }
}
