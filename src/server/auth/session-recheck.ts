import type { Clock } from '../time/timers';
import type { AppDatabase } from '../db/database';
import { repositories } from '../repositories';
import { admitsSignIn } from './account-kind';
import { toAuthenticatedUser, type AuthenticatedUser } from './authenticate';
import type { SessionTimings } from './session-service';

// A hub connection outlives the access token it was admitted with (15 minutes). When that
// token expires the connection is not simply dropped: the session behind it is checked again,
// as a refresh would check it, straight from the database (no cached answer). A session that
// is still good keeps its connection for another access-token lifetime; one that was revoked,
// has passed its absolute lifetime, or whose user may no longer sign in loses it.

export type SessionRecheck = (user: AuthenticatedUser) => Promise<AuthenticatedUser | null>;

export function createSessionRecheck(deps: {
  database: AppDatabase;
  clock: Clock;
  timings: Pick<SessionTimings, 'accessTtlMs' | 'absoluteLifetimeMs'>;
  /** Whether the demo account may be used (the dev setting), as at sign-in. */
  demoLogin: boolean;
}): SessionRecheck {
  return async (caller) => {
    const now = deps.clock.now();
    const repos = repositories(deps.database.db);
    const session = await repos.sessions.findById(caller.session_id);
    if (!session || session.revoked_at !== null || session.user_id !== caller.id) return null;
    // The login time bounds the session, however often it was refreshed.
    const sessionEnd = session.created_at + deps.timings.absoluteLifetimeMs;
    if (sessionEnd <= now) return null;
    const user = await repos.users.findById(caller.id);
    if (!user || !admitsSignIn(user, deps.demoLogin)) return null;
    const expiresAt = Math.min(now + deps.timings.accessTtlMs, sessionEnd);
    return toAuthenticatedUser({ user, sessionId: session.id, via: caller.via, expiresAt });
  };
}
