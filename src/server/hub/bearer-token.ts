import type { IncomingMessage } from 'node:http';
import { requestUrl } from './request-url';

/**
 * The bearer token a SignalR client sent, for use inside `authenticate`. Browsers cannot set
 * headers on WebSocket and EventSource requests, so the official client puts the token in the
 * `access_token` query value there and in the Authorization header everywhere else.
 */
export function accessTokenOf(req: IncomingMessage): string | null {
  const header = req.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match) return match[1]!;
  }
  const fromQuery = requestUrl(req)?.searchParams.get('access_token');
  return fromQuery ? fromQuery : null;
}
