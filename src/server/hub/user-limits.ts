import type { ConnectionPort, HubRejection, HubUser, ResolvedHubOptions } from './hub-types';

// One user must not be able to take the whole hub: the global caps protect the process, these
// protect the other users. Counted per user id over connections that are not closed yet.

interface Window {
  startedAt: number;
  count: number;
}

export class UserLimits<U extends HubUser> {
  private readonly byUser = new Map<string, Set<ConnectionPort<U>>>();
  private readonly windows = new Map<string, Window>();

  constructor(private readonly options: ResolvedHubOptions<U>) {}

  /** Why `userId` may not start another connection now, or null. Counts the start when allowed. */
  admitNew(userId: string, now: number): HubRejection | null {
    const o = this.options;
    const { pending, live } = this.countsOf(userId);
    if (live >= o.maxConnectionsPerUser) return tooManyConnections(o.maxConnectionsPerUser);
    if (pending >= o.maxPendingNegotiationsPerUser) {
      return {
        status: 429,
        code: 'TOO_MANY_NEGOTIATIONS',
        message: `Too many connections are being set up for this user (at most ${o.maxPendingNegotiationsPerUser}); use or let go of one first.`,
      };
    }
    const rate = o.negotiationsPerUser;
    if (rate) {
      let window = this.windows.get(userId);
      if (!window || now - window.startedAt >= rate.windowMs) {
        window = { startedAt: now, count: 0 };
        this.windows.set(userId, window);
      }
      if (window.count >= rate.max) {
        const retryAfter = Math.max(1, Math.ceil((window.startedAt + rate.windowMs - now) / 1000));
        return {
          status: 429,
          code: 'NEGOTIATION_RATE_EXCEEDED',
          message: `Too many new connections for this user (at most ${rate.max} every ${Math.round(rate.windowMs / 1000)} s). Please wait a moment.`,
          headers: { 'retry-after': String(retryAfter) },
        };
      }
      window.count += 1;
    }
    return null;
  }

  /** Why `conn`, negotiated but not started, may not start its transport now, or null. */
  admitLive(conn: ConnectionPort<U>): HubRejection | null {
    const max = this.options.maxConnectionsPerUser;
    return this.countsOf(conn.user.id).live >= max ? tooManyConnections(max) : null;
  }

  add(conn: ConnectionPort<U>): void {
    const id = conn.user.id;
    let set = this.byUser.get(id);
    if (!set) {
      set = new Set();
      this.byUser.set(id, set);
    }
    set.add(conn);
  }

  remove(conn: ConnectionPort<U>): void {
    const set = this.byUser.get(conn.user.id);
    if (!set) return;
    set.delete(conn);
    if (set.size === 0) this.byUser.delete(conn.user.id);
  }

  /** Forgets rate windows that have ended, so idle users cost nothing. */
  sweep(now: number): void {
    const rate = this.options.negotiationsPerUser;
    if (!rate) return;
    for (const [userId, window] of this.windows) if (now - window.startedAt >= rate.windowMs) this.windows.delete(userId);
  }

  countsOf(userId: string): { pending: number; live: number } {
    let pending = 0;
    let live = 0;
    for (const conn of this.byUser.get(userId) ?? []) {
      if (conn.state === 'negotiated') pending += 1;
      else if (conn.state !== 'closed') live += 1;
    }
    return { pending, live };
  }
}

function tooManyConnections(max: number): HubRejection {
  return {
    status: 429,
    code: 'TOO_MANY_CONNECTIONS',
    message: `Too many open connections for this user (at most ${max}); close one first.`,
  };
}
