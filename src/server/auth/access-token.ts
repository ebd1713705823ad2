import { hmac, safeEqual } from '../lib/crypto';

export interface AccessTokenClaims {
  /** User id. */
  userId: string;
  /** Session (refresh family) id; revoking the session invalidates the token at once. */
  sessionId: string;
  /** Expiry, epoch ms. */
  expiresAt: number;
}

/** `<base64url JSON>.<HMAC>`: small, stateless to check, tied to a revocable session. */
export function signAccessToken(key: Buffer, claims: AccessTokenClaims): string {
  const payload = Buffer.from(JSON.stringify({ u: claims.userId, s: claims.sessionId, e: claims.expiresAt })).toString('base64url');
  return `${payload}.${hmac(key, payload)}`;
}

/** The claims when signature and expiry are good, else null. */
export function verifyAccessToken(key: Buffer, token: string, now: number): AccessTokenClaims | null {
  if (token.length > 1024) return null;
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const payload = token.slice(0, dot);
  if (!safeEqual(hmac(key, payload), token.slice(dot + 1))) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const p = parsed as { u?: unknown; s?: unknown; e?: unknown };
  if (typeof p.u !== 'string' || typeof p.s !== 'string' || typeof p.e !== 'number') return null;
  if (p.e <= now) return null;
  return { userId: p.u, sessionId: p.s, expiresAt: p.e };
}
