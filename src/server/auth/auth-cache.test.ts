import { afterEach, describe, expect, it } from 'vitest';
import type { SessionRow, UserRow } from '../db/schema';
import { AuthCache, invalidateAuth, type CachedAuth } from './auth-cache';

const caches: AuthCache[] = [];
afterEach(() => {
  for (const c of caches.splice(0)) c.dispose();
});

function cache(ttlMs = 2000, maxEntries = 100): AuthCache {
  const c = new AuthCache({ ttlMs, maxEntries });
  caches.push(c);
  return c;
}

function answer(userId: string, sessionId: string): CachedAuth {
  return {
    claims: { userId, sessionId, expiresAt: 10_000 },
    session: { id: sessionId, user_id: userId } as SessionRow,
    user: { id: userId } as UserRow,
  };
}

describe('authentication cache', () => {
  it('CORE.auth.cache-ttl, API.auth.token-cache-2s: keeps an answer for the TTL and no longer', () => {
    const c = cache(2000);
    c.set('t1', c.begin(), answer('u1', 's1'), 1000);
    expect(c.get('t1', 2999)?.user.id).toBe('u1');
    expect(c.get('t1', 3000)).toBeUndefined();
  });

  it('CORE.auth.cache-invalidation, API.auth.token-cache-2s: A session revoked: its tokens are forgotten at once, other sessions of the user stay', () => {
    const c = cache();
    c.set('t1', c.begin(), answer('u1', 's1'), 0);
    c.set('t2', c.begin(), answer('u1', 's2'), 0);
    invalidateAuth({ sessionId: 's1' });
    expect(c.get('t1', 1)).toBeUndefined();
    expect(c.get('t2', 1)).toBeDefined();
  });

  it('CORE.auth.cache-invalidation: A user updated or all sessions ended: every token of that user is forgotten', () => {
    const c = cache();
    c.set('t1', c.begin(), answer('u1', 's1'), 0);
    c.set('t2', c.begin(), answer('u1', 's2'), 0);
    c.set('t3', c.begin(), answer('u2', 's3'), 0);
    invalidateAuth({ userId: 'u1' });
    expect([c.get('t1', 1), c.get('t2', 1)]).toEqual([undefined, undefined]);
    expect(c.get('t3', 1)).toBeDefined();
    invalidateAuth('all');
    expect(c.size).toBe(0);
  });

  it('CORE.auth.cache-invalidation: a read that began before an invalidation is not kept (it may hold the old rows)', () => {
    const c = cache();
    const started = c.begin();
    invalidateAuth({ userId: 'someone-else' });
    c.set('t1', started, answer('u1', 's1'), 0);
    expect(c.get('t1', 1)).toBeUndefined();
  });

  it('CORE.auth.cache-bounded: holds at most maxEntries, dropping the oldest', () => {
    const c = cache(2000, 2);
    for (const t of ['a', 'b', 'c']) c.set(t, c.begin(), answer('u', t), 0);
    expect(c.size).toBe(2);
    expect(c.get('a', 1)).toBeUndefined();
    expect(c.get('c', 1)).toBeDefined();
  });

  it('a disposed cache takes no more answers from invalidations', () => {
    const c = cache();
    c.set('t1', c.begin(), answer('u1', 's1'), 0);
    c.dispose();
    expect(c.size).toBe(0);
  });
});
