import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { normalizeOrigin } from '../hub/origin-policy';

/**
 * Whether a browser request comes from a page we serve: no Origin (not a browser, or a
 * same-origin GET), one of the trusted origins, or the request's own origin. Origins compare
 * whole: scheme, host and port, so an http page of our own host is not our https site.
 * `scheme` is how the request reached us (Fastify's request.protocol, or rawRequestScheme).
 */
export function isTrustedOrigin(req: IncomingMessage, trustedOrigins: readonly string[], scheme: string): boolean {
  const raw = req.headers.origin;
  if (raw === undefined) return true;
  // Sandboxed frames and file:// pages send the literal 'null'.
  const origin = normalizeOrigin(raw);
  if (origin === null) return false;
  if (trustedOrigins.some((trusted) => normalizeOrigin(trusted) === origin)) return true;
  const host = req.headers.host;
  return host !== undefined && normalizeOrigin(`${scheme}://${host}`) === origin;
}

/**
 * The scheme of a request that did not go through Fastify (a WebSocket upgrade): https over
 * TLS, else what a trusted proxy says in X-Forwarded-Proto (its last entry, as Fastify reads it).
 */
export function rawRequestScheme(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = req.headers['x-forwarded-proto'];
  if (trustProxy && typeof forwarded === 'string' && forwarded !== '') {
    const last = forwarded.split(',').at(-1)!.trim().toLowerCase();
    if (last === 'http' || last === 'https') return last;
  }
  return (req.socket as TLSSocket | undefined)?.encrypted ? 'https' : 'http';
}
