import { storageKeys } from '../../shared/constants';
import { userSchema, type User, type UserWire } from '../../shared/api/users';

// The current user (spec A §3/§4): kept in memory, persisted in localStorage and followed
// across tabs through the storage event. A vanilla store; React binds to it in hooks/.

export interface SessionSnapshot {
  readonly user: User | null;
  /** The start-up check against GET /v1/users/me has finished (either way). */
  readonly checked: boolean;
  /**
   * Why the last session ended, when it did not end by logging out: guards that redirect
   * to login in the same render must carry it, or the login page loses the reason.
   */
  readonly endedReason: 'session-expired' | null;
}

export interface SessionStore {
  getSnapshot(): SessionSnapshot;
  subscribe(listener: () => void): () => void;
  /** Parses with userSchema, so a raw server user (either account-type spelling) is fine. */
  setUser(user: UserWire | User): User;
  /** Merges changed fields, e.g. { email_confirmed: true } after verification. */
  updateUser(patch: Partial<User>): User | null;
  clear(reason?: 'session-expired'): void;
  markChecked(): void;
  dispose(): void;
}

export interface SessionStoreOptions {
  storage?: Storage | null;
  /** Where 'storage' events from other tabs arrive (window). */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
  key?: string;
}

function parseStored(raw: string | null): User | null {
  if (!raw) return null;
  try {
    const parsed = userSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function createSessionStore(options: SessionStoreOptions = {}): SessionStore {
  const storage = options.storage ?? null;
  const key = options.key ?? storageKeys.user;
  const listeners = new Set<() => void>();
  let snapshot: SessionSnapshot = { user: parseStored(read()), checked: false, endedReason: null };

  function read(): string | null {
    try {
      return storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }

  function persist(user: User | null): void {
    try {
      if (user) storage?.setItem(key, JSON.stringify(user));
      else storage?.removeItem(key);
    } catch {
      // Private mode or a full quota: the session still works for this tab.
    }
  }

  function set(next: Partial<SessionSnapshot>): void {
    snapshot = { ...snapshot, ...next };
    for (const listener of [...listeners]) listener();
  }

  // Another tab logged in or out: follow it without writing back (that would echo forever).
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key && event.key !== null) return;
    const user = parseStored(read());
    if (JSON.stringify(user) !== JSON.stringify(snapshot.user)) set({ user });
  };
  options.events?.addEventListener('storage', onStorage);

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setUser(input) {
      const user = userSchema.parse(input);
      persist(user);
      set({ user, endedReason: null });
      return user;
    },
    updateUser(patch) {
      if (!snapshot.user) return null;
      const user = userSchema.parse({ ...snapshot.user, ...patch });
      persist(user);
      set({ user });
      return user;
    },
    clear(reason) {
      persist(null);
      if (reason) {
        if (snapshot.user || snapshot.endedReason !== reason) set({ user: null, endedReason: reason });
        // A plain clear of an already-ended session (e.g. the start-up check failing after the
        // refresh did) must not erase why it ended.
      } else if (snapshot.user) {
        set({ user: null, endedReason: null });
      }
    },
    markChecked() {
      if (!snapshot.checked) set({ checked: true });
    },
    dispose() {
      options.events?.removeEventListener('storage', onStorage);
      listeners.clear();
    },
  };
}
