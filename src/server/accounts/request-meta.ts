import type { FastifyRequest } from 'fastify';
import type { SessionMeta } from '../auth/session-service';

/** What we record about the device a session was opened from (shown to the user later). */
export function sessionMeta(request: FastifyRequest): SessionMeta {
  const ua = request.headers['user-agent'];
  return { userAgent: typeof ua === 'string' ? ua : undefined, ip: request.ip };
}
