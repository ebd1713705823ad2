// Many-to-many index between connections and named sets of them. The hub keeps one for groups
// (feeds) and one for users, so "send to group" and "send to user" are a single map lookup and
// a disconnect unwinds every membership without scanning all groups.

export class Membership {
  private readonly members = new Map<string, Set<string>>();
  private readonly keysByConnection = new Map<string, Set<string>>();

  /** True when the connection was not yet a member. */
  add(connectionId: string, key: string): boolean {
    let set = this.members.get(key);
    if (!set) {
      set = new Set();
      this.members.set(key, set);
    }
    if (set.has(connectionId)) return false;
    set.add(connectionId);
    let keys = this.keysByConnection.get(connectionId);
    if (!keys) {
      keys = new Set();
      this.keysByConnection.set(connectionId, keys);
    }
    keys.add(key);
    return true;
  }

  /** True when the connection was a member. */
  remove(connectionId: string, key: string): boolean {
    const set = this.members.get(key);
    if (!set || !set.delete(connectionId)) return false;
    // Empty sets are dropped so short-lived feed names do not accumulate forever.
    if (set.size === 0) this.members.delete(key);
    const keys = this.keysByConnection.get(connectionId);
    if (keys) {
      keys.delete(key);
      if (keys.size === 0) this.keysByConnection.delete(connectionId);
    }
    return true;
  }

  removeConnection(connectionId: string): void {
    const keys = this.keysByConnection.get(connectionId);
    if (!keys) return;
    this.keysByConnection.delete(connectionId);
    for (const key of keys) {
      const set = this.members.get(key);
      if (!set) continue;
      set.delete(connectionId);
      if (set.size === 0) this.members.delete(key);
    }
  }

  membersOf(key: string): ReadonlySet<string> {
    return this.members.get(key) ?? EMPTY;
  }

  keysOf(connectionId: string): string[] {
    const keys = this.keysByConnection.get(connectionId);
    return keys ? [...keys] : [];
  }

  has(connectionId: string, key: string): boolean {
    return this.members.get(key)?.has(connectionId) ?? false;
  }

  get size(): number {
    return this.members.size;
  }
}

const EMPTY: ReadonlySet<string> = new Set();
