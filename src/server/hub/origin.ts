import type { IncomingMessage } from 'node:http';
import type { HubUser, ResolvedHubOptions } from './options';

// Browsers attach cookies to cross-site WebSocket handshakes and the WebSocket API has no CORS,
// so the Origin header is the only defence against another site opening a socket as the user
// (cross-site WebSocket hijacking). Browsers always send Origin on WebSocket handshakes; a
// request without one is not from a browser and cannot ride a victim's cookies.

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
    const host = req.headers.host;
    return normalized !== null && host !== undefined && new URL(normalized).host === host.toLowerCase();
  };
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
