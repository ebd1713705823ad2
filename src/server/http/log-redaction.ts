import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';

// Request URLs carry secrets in their query: reset links (`?userId=…&token=…`), the hub's
// `access_token` (browsers cannot set headers on a WebSocket or an EventSource) and its
// connection token `id`, verification codes. Logs are kept longer and read by more people
// than the secrets' lifetime allows, so every URL is redacted before it is logged.

export const REDACTED = '[redacted]';

/** Query parameters that are secrets wherever they appear (names compared case-insensitively). */
const SECRET_PARAMS = new Set(['token', 'access_token', 'refresh_token', 'id_token', 'code', 'password', 'secret']);

/** On hub paths, `id` is the connection token: whoever holds it can read and write the connection. */
const HUB_PREFIX = '/hubs/';

function isSecret(name: string, pathname: string, hasToken: boolean): boolean {
  const key = name.toLowerCase();
  if (SECRET_PARAMS.has(key)) return true;
  // A reset link names whose password the token resets: the pair is what must not leak.
  if (key === 'userid' && hasToken) return true;
  return key === 'id' && pathname.startsWith(HUB_PREFIX);
}

/** `url` (path and query) with the values of secret query parameters replaced by [redacted]. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const pathname = url.slice(0, q);
  const hash = url.indexOf('#', q);
  const query = hash < 0 ? url.slice(q + 1) : url.slice(q + 1, hash);
  const pairs = query.split('&');
  const names = pairs.map((pair) => {
    const eq = pair.indexOf('=');
    const raw = eq < 0 ? pair : pair.slice(0, eq);
    try {
      return decodeURIComponent(raw.replace(/\+/g, ' '));
    } catch {
      return raw;
    }
  });
  const hasToken = names.some((n) => n.toLowerCase() === 'token');
  let changed = false;
  const kept = pairs.map((pair, i) => {
    if (!isSecret(names[i]!, pathname, hasToken)) return pair;
    changed = true;
    const eq = pair.indexOf('=');
    return `${eq < 0 ? pair : pair.slice(0, eq)}=${REDACTED}`;
  });
  return changed ? `${pathname}?${kept.join('&')}` : url;
}

type LoggedRequest = Pick<IncomingMessage, 'method' | 'url' | 'headers' | 'socket'> & Partial<Pick<FastifyRequest, 'host' | 'ip'>>;

/**
 * pino's `req` serializer for every logger of the server: what Fastify logs by default
 * (method, url, host, remote address and port), with the URL redacted. Accepts a Fastify
 * request or a raw IncomingMessage (the hub's upgrade path has only the latter).
 */
export function serializeRequest(req: LoggedRequest): Record<string, unknown> {
  return {
    method: req.method,
    url: req.url === undefined ? undefined : redactUrl(req.url),
    host: req.host ?? req.headers?.host,
    remoteAddress: req.ip ?? req.socket?.remoteAddress,
    remotePort: req.socket?.remotePort,
  };
}

export const logSerializers = { req: serializeRequest } as const;
