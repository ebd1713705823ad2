import type { SessionRow, UserRow } from '../db/schema';
import type { AccessTokenClaims } from './access-token';

// Every authenticated request used to check the token's HMAC and read its session and user (two
// point reads that, with the exchange writing on another connection, miss the page cache after
// each of its commits). Answers are kept here for a short time, keyed by the token itself.
//
// Staleness is bounded twice: writes that change what authentication answers (a session revoked,
// a user updated) invalidate at once through `invalidateAuth`, called by the repositories and
// after every account transaction commits; and nothing is kept longer than the TTL, so a change
// made behind the server's back (by hand in the database) shows within it.

export interface CachedAuth {
  claims: AccessTokenClaims;
  session: SessionRow;
  user: UserRow;
}

interface Entry extends CachedAuth {
  storedAt: number;
}

export type AuthInvalidation = { userId: string } | { sessionId: string } | 'all';

const live = new Set<AuthCache>();

/** Drops cached answers that `change` may have made wrong, in every cache of this process. */
export function invalidateAuth(change: AuthInvalidation): void {
  for (const cache of live) cache.invalidate(change);
}

export class AuthCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every invalidation: a read that started before one is not kept. */
  private version = 0;

  constructor(private readonly options: { ttlMs: number; maxEntries: number }) {
    live.add(this);
  }

  /** The answer for `token` if one was kept within the TTL. */
  get(token: string, now: number): CachedAuth | undefined {
    const hit = this.entries.get(token);
    if (!hit) return undefined;
    if (now - hit.storedAt >= this.options.ttlMs || now < hit.storedAt) {
      this.entries.delete(token);
      return undefined;
    }
    return hit;
  }

  /** A token for a later `set`: the version the read started at. */
  begin(): number {
    return this.version;
  }

  /** Keeps an answer read from storage, unless an invalidation happened since `begin()`. */
  set(token: string, started: number, answer: CachedAuth, now: number): void {
    if (started !== this.version) return;
    if (this.entries.size >= this.options.maxEntries) {
      // Oldest first: Map iteration is insertion order.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, { ...answer, storedAt: now });
  }

  invalidate(change: AuthInvalidation): void {
    this.version += 1;
    if (change === 'all') {
      this.entries.clear();
      return;
    }
    for (const [token, entry] of this.entries) {
      if ('userId' in change ? entry.user.id === change.userId : entry.session.id === change.sessionId) this.entries.delete(token);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** Stops taking invalidations (the app closed). */
  dispose(): void {
    this.entries.clear();
    live.delete(this);
  }
}
