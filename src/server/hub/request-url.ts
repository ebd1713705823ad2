import type { IncomingMessage } from 'node:http';

/** The path and query of a request; the host part is irrelevant and may be missing. */
export function requestUrl(req: IncomingMessage): URL | null {
  try {
    return new URL(req.url ?? '/', 'http://hub.invalid');
  } catch {
    return null;
  }
}
