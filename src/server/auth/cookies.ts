import type { FastifyReply, FastifyRequest } from 'fastify';

/** The cookie names outside production, where the site may be served over plain http. */
export const ACCESS_COOKIE = 'ox_access';
export const REFRESH_COOKIE = 'ox_refresh';
/** The refresh cookie only travels to the calls that use it (refresh and logout). */
export const REFRESH_COOKIE_PATH = '/v1/auth';

export interface IssuedTokens {
  accessToken: string;
  accessExpiresAt: number;
  refreshToken: string;
  refreshExpiresAt: number;
}

/**
 * How the session travels in cookies. In production both are always Secure, whatever the
 * request looked like (TLS usually ends at a proxy), and carry the browsers' prefixes: the
 * access cookie is `__Host-` (Secure, path /, no Domain: no sibling subdomain can set or shadow
 * it), the refresh cookie, scoped to /v1/auth, is `__Secure-`. Elsewhere the names are plain and
 * Secure follows the request, so development over http keeps working.
 */
export interface SessionCookies {
  readonly access: string;
  readonly refresh: string;
  set(request: FastifyRequest, reply: FastifyReply, tokens: IssuedTokens, now: number): void;
  clear(request: FastifyRequest, reply: FastifyReply): void;
}

export function sessionCookies(options: { production: boolean }): SessionCookies {
  const { production } = options;
  const access = production ? `__Host-${ACCESS_COOKIE}` : ACCESS_COOKIE;
  const refresh = production ? `__Secure-${REFRESH_COOKIE}` : REFRESH_COOKIE;
  // request.protocol reads X-Forwarded-Proto only from a trusted proxy.
  const secure = (request: FastifyRequest) => production || request.protocol === 'https';
  return {
    access,
    refresh,
    set(request, reply, tokens, now) {
      const base = { httpOnly: true, sameSite: 'lax' as const, secure: secure(request) };
      reply.setCookie(access, tokens.accessToken, {
        ...base,
        path: '/',
        maxAge: Math.max(0, Math.floor((tokens.accessExpiresAt - now) / 1000)),
      });
      reply.setCookie(refresh, tokens.refreshToken, {
        ...base,
        path: REFRESH_COOKIE_PATH,
        maxAge: Math.max(0, Math.floor((tokens.refreshExpiresAt - now) / 1000)),
      });
    },
    clear(request, reply) {
      const base = { httpOnly: true, sameSite: 'lax' as const, secure: secure(request) };
      reply.clearCookie(access, { ...base, path: '/' });
      reply.clearCookie(refresh, { ...base, path: REFRESH_COOKIE_PATH });
    },
  };
}
