import type { IncomingMessage } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import type { Clock } from '../time/timers';
import type { AppDatabase } from '../db/database';
import type { UserRow } from '../db/schema';
import { repositories } from '../repositories';
import { verifyAccessToken } from './access-token';
import { AuthCache } from './auth-cache';
import { admitsSignIn } from './account-kind';
import type { ServerKeys } from './keys';

export type AuthVia = 'cookie' | 'bearer' | 'query';

/** Who is calling: the user row and the session the access token belongs to. */
export interface AuthContext {
  user: UserRow;
  sessionId: string;
  via: AuthVia;
  /** When the presented access token expires (epoch ms). */
  expiresAt: number;
}

/** The caller as the hub needs it. */
export interface AuthenticatedUser {
  id: string;
  email: string;
  account_type: string;
  roles: string[];
  session_id: string;
  via: AuthVia;
  /** The access token's expiry: the hub re-checks the session then (session-recheck.ts) and closes the connection if it ended. */
  expiresAt: number;
}

export function parseRoles(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
}

export function bearerToken(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const m = value ? /^Bearer\s+(\S+)\s*$/i.exec(value) : null;
  return m?.[1];
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  try {
    return fastifyCookie.parse(header)[name];
  } catch {
    return undefined;
  }
}

function queryToken(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const q = url.indexOf('?');
  if (q < 0) return undefined;
  return new URLSearchParams(url.slice(q + 1)).get('access_token') ?? undefined;
}

/** How long an answer is kept at most (see auth-cache.ts), and how many. */
const CACHE_TTL_MS = 2_000;
const CACHE_MAX_ENTRIES = 10_000;

export function createAuthenticator(deps: {
  database: AppDatabase;
  keys: ServerKeys;
  clock: Clock;
  accessCookie: string;
  /** Whether the demo account (published password) may be used: only with the dev setting. */
  demoLogin: boolean;
}) {
  const cache = new AuthCache({ ttlMs: CACHE_TTL_MS, maxEntries: CACHE_MAX_ENTRIES });

  /** A valid access token of a live session of an existing user, or null. */
  async function resolveAccessToken(token: string, via: AuthVia): Promise<AuthContext | null> {
    const now = deps.clock.now();
    const hit = cache.get(token, now);
    if (hit) return hit.claims.expiresAt > now ? { user: hit.user, sessionId: hit.session.id, via, expiresAt: hit.claims.expiresAt } : null;
    const claims = verifyAccessToken(deps.keys.accessToken, token, now);
    if (!claims) return null;
    const started = cache.begin();
    const repos = repositories(deps.database.db);
    const session = await repos.sessions.findById(claims.sessionId);
    if (!session || session.revoked_at !== null || session.user_id !== claims.userId) return null;
    const user = await repos.users.findById(claims.userId);
    if (!user || !admitsSignIn(user, deps.demoLogin)) return null;
    cache.set(token, started, { claims, session, user }, now);
    return { user, sessionId: session.id, via, expiresAt: claims.expiresAt };
  }

  /**
   * For the real-time hub: the caller from the access cookie, an `Authorization: Bearer`
   * header or an `access_token` query parameter (browsers cannot set headers on a WebSocket
   * upgrade), or null. The hub must check the Origin itself (see isTrustedOrigin).
   */
  async function authenticateRequest(req: IncomingMessage): Promise<AuthenticatedUser | null> {
    const candidates: Array<[string | undefined, AuthVia]> = [
      [bearerToken(req.headers.authorization), 'bearer'],
      [queryToken(req.url), 'query'],
      [cookieValue(req.headers.cookie, deps.accessCookie), 'cookie'],
    ];
    for (const [token, via] of candidates) {
      if (!token) continue;
      const ctx = await resolveAccessToken(token, via);
      if (ctx) return toAuthenticatedUser(ctx);
    }
    return null;
  }

  return {
    /** The name of the access cookie (it differs in production, see cookies.ts). */
    accessCookie: deps.accessCookie,
    resolveAccessToken,
    authenticateRequest,
    /** Forgets every kept answer and stops listening for invalidations (the app closed). */
    dispose: () => cache.dispose(),
  };
}
export type Authenticator = ReturnType<typeof createAuthenticator>;

export function toAuthenticatedUser(ctx: AuthContext): AuthenticatedUser {
  return {
    id: ctx.user.id,
    email: ctx.user.email,
    account_type: ctx.user.account_type,
    roles: parseRoles(ctx.user.roles),
    session_id: ctx.sessionId,
    via: ctx.via,
    expiresAt: ctx.expiresAt,
  };
}
