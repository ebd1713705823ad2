import type { FastifyReply, FastifyRequest } from 'fastify';

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

/** Secure only over HTTPS; request.protocol reads X-Forwarded-Proto only when trustProxy is set. */
function isSecure(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, tokens: IssuedTokens, now: number): void {
  const secure = isSecure(request);
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: Math.max(0, Math.floor((tokens.accessExpiresAt - now) / 1000)),
  });
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: REFRESH_COOKIE_PATH,
    maxAge: Math.max(0, Math.floor((tokens.refreshExpiresAt - now) / 1000)),
  });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  const secure = isSecure(request);
  reply.clearCookie(ACCESS_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: REFRESH_COOKIE_PATH });
}
