import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { HubUser, ResolvedHubOptions } from './hub-types';

// Browsers attach cookies to cross-site WebSocket handshakes and the WebSocket API has no CORS,
// so the Origin header is the only defence against another site opening a socket as the user
// (cross-site WebSocket hijacking). Browsers always send Origin on WebSocket handshakes; a
// request without one is not from a browser and cannot ride a victim's cookies. The hub checks it
// on every request (negotiate, event stream, polls, sends), not only on the upgrade.

export type OriginCheck = (origin: string | undefined, req: IncomingMessage) => Promise<boolean>;

export function originPolicy<U extends HubUser>(options: ResolvedHubOptions<U>): OriginCheck {
  const custom = options.checkOrigin;
  if (custom) {
    return async (origin, req) => {
      try {
        return (await custom(origin, req)) === true;
      } catch {
        return false;
      }
    };
  }
  const allowed = options.allowedOrigins;
  if (allowed) {
    const set = new Set(allowed.map((o) => normalizeOrigin(o)).filter((o): o is string => o !== null));
    return async (origin) => {
      if (origin === undefined) return true;
      const normalized = normalizeOrigin(origin);
      return normalized !== null && set.has(normalized);
    };
  }
  return async (origin, req) => {
    if (origin === undefined) return true;
    const normalized = normalizeOrigin(origin);
    const own = ownOrigin(req);
    return normalized !== null && own !== null && normalized === own;
  };
}

/**
 * The origin this request was addressed to, scheme included: an http page of the same host must
 * not ride the cookies of the https site. The scheme is the connection's own (TLS or not); behind
 * a TLS-terminating proxy, name the public origin in `allowedOrigins` or `checkOrigin` instead.
 */
export function ownOrigin(req: IncomingMessage): string | null {
  const host = req.headers.host;
  if (!host) return null;
  const scheme = (req.socket as TLSSocket | undefined)?.encrypted ? 'https' : 'http';
  return normalizeOrigin(`${scheme}://${host}`);
}

/** scheme://host[:port] with default ports dropped and case folded, or null for "null" and junk. */
export function normalizeOrigin(origin: string): string | null {
  try {
    const url = new URL(origin);
    return url.origin === 'null' ? null : url.origin;
  } catch {
    return null;
  }
}
