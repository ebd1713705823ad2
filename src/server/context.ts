import type { FastifyInstance } from 'fastify';
import type { Authenticator, ServerKeys, SessionCookies, SessionEvents, SessionService } from './auth';
import type { Clock } from './time/timers';
import type { ServerConfig } from './config';
import type { AppDatabase } from './db/database';
import type { Outbox } from './outbox';
import type { UserEvents } from './accounts/user-events';

/** Everything a route module needs, built once per app by buildApp. */
export interface AppContext {
  config: ServerConfig;
  database: AppDatabase;
  clock: Clock;
  keys: ServerKeys;
  sessions: SessionService;
  authenticator: Authenticator;
  outbox: Outbox;
  /** After-commit notices of changed onboarding flags (for the hub). */
  userEvents: UserEvents;
  /** Names and attributes of the session cookies. */
  cookies: SessionCookies;
  /** After-commit notices of ended sessions (the hub closes their connections). */
  sessionEvents: SessionEvents;
}

/** A feature module (accounts, orders, hub…) that adds routes or hooks to the app. */
export type AppExtension = (app: FastifyInstance, ctx: AppContext) => Promise<void> | void;
