import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from './access-token';
import { deriveKeys } from './keys';

const keys = deriveKeys(Buffer.alloc(32, 7));
const other = deriveKeys(Buffer.alloc(32, 8));
const claims = { userId: 'u1', sessionId: 's1', expiresAt: 2_000 };

describe('access token', () => {
  it('CORE.auth.access-token, API.auth.access-token-signed: round-trips its claims before expiry', () => {
    expect(verifyAccessToken(keys.accessToken, signAccessToken(keys.accessToken, claims), 1_999)).toEqual(claims);
  });

  it('CORE.auth.access-token: is refused at and after its expiry', () => {
    const token = signAccessToken(keys.accessToken, claims);
    expect(verifyAccessToken(keys.accessToken, token, 2_000)).toBeNull();
  });

  it('CORE.auth.access-token, API.auth.access-token-signed: is refused under another key or when the payload is altered', () => {
    const token = signAccessToken(keys.accessToken, claims);
    expect(verifyAccessToken(other.accessToken, token, 0)).toBeNull();
    const [, mac] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ u: 'admin', s: 's1', e: 2_000 })).toString('base64url')}.${mac}`;
    expect(verifyAccessToken(keys.accessToken, forged, 0)).toBeNull();
  });

  it('CORE.auth.access-token: is refused when malformed', () => {
    for (const junk of ['', '.', 'abc', 'a.b.c', '.sig', 'x'.repeat(5000)]) {
      expect(verifyAccessToken(keys.accessToken, junk, 0)).toBeNull();
    }
  });

  it('CORE.auth.access-token: derived keys differ per purpose', () => {
    expect(keys.accessToken.equals(keys.refreshSuccessor)).toBe(false);
    expect(keys.codes.equals(keys.refreshSuccessor)).toBe(false);
  });
});
