import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { AUTH_METHOD_COOKIE } from '../../shared/constants';
import { bearerToken, type AuthContext, type Authenticator } from '../auth';
import { appError } from '../errors';

/** True when the client declared cookie authentication (spec A §7; our CSRF defence). */
export function declaresCookieAuth(request: { headers: IncomingHttpHeaders }): boolean {
  const value = request.headers['x-auth-method'];
  return typeof value === 'string' && value.trim().toLowerCase() === AUTH_METHOD_COOKIE;
}

/**
 * The caller of a protected REST call, or an AppError: a Bearer token needs nothing else;
 * cookie authentication needs `X-Auth-Method: cookie` (403 without it), since a cross-site
 * form cannot set that header.
 */
export async function requireAuth(request: FastifyRequest, auth: Authenticator): Promise<AuthContext> {
  const bearer = bearerToken(request.headers.authorization);
  if (bearer) {
    const ctx = await auth.resolveAccessToken(bearer, 'bearer');
    if (!ctx) throw appError('session_expired');
    return ctx;
  }
  if (!declaresCookieAuth(request)) throw appError('auth_method_required');
  const token = request.cookies[auth.accessCookie];
  if (!token) throw appError('unauthenticated');
  const ctx = await auth.resolveAccessToken(token, 'cookie');
  if (!ctx) throw appError('session_expired');
  return ctx;
}
