import type { IncomingMessage } from 'node:http';

/**
 * Whether a browser request comes from a page we serve: no Origin (not a browser, or a
 * same-origin GET), the same host, or one of the configured trusted origins.
 */
export function isTrustedOrigin(req: IncomingMessage, trustedOrigins: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  // Sandboxed frames and file:// pages send the literal 'null'.
  if (origin === 'null') return false;
  if (trustedOrigins.includes(origin)) return true;
  const host = req.headers.host;
  if (!host) return false;
  try {
    // Through URL on both sides so default ports compare equal (http://x:80 and x).
    const from = new URL(origin);
    return from.host === new URL(`${from.protocol}//${host}`).host;
  } catch {
    return false;
  }
}
