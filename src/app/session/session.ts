import { loginResponseSchema } from '../../shared/api/auth';
import { paths } from '../../shared/api/paths';
import { userSchema, type User } from '../../shared/api/users';
import { connectionTiming } from '../../shared/constants';
import { accountMessages } from '../../shared/messages';
import { http } from '../http/client';
import { onSessionExpired } from '../http/session-events';
import { currentPathAndSearch, navigateTo } from '../navigation/navigator';
import { LOGIN_PATH, loginUrl } from '../navigation/return-url';
import { toast } from '../toast/toast';
import { createSessionStore } from './session-store';

// The app's one session (spec A §4, §7): the store plus the calls that change it.

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const store = createSessionStore({
  storage: browserStorage(),
  events: typeof window === 'undefined' ? null : window,
});

/** POST /v1/auth/login; stores user_details. Rejects on any failure (no toast: the form says it). */
async function login(email: string, password: string): Promise<User> {
  const answer = await http.post(paths.auth.login, { email, password }, { schema: loginResponseSchema, silent: true });
  return store.setUser(answer.user_details);
}

/** POST /v1/auth/logout; the session is cleared and the login page shown whatever the answer. */
async function logout(): Promise<void> {
  try {
    await http.post(paths.auth.logout, undefined, { silent: true });
  } catch {
    // Spec A §4: logout failure still clears the session.
  } finally {
    store.clear();
    navigateTo(LOGIN_PATH, { replace: true });
  }
}

let loading: Promise<User | null> | null = null;

/**
 * GET /v1/users/me (5 s): refreshes the stored user; any failure clears it (spec A §7).
 * Without a stored user there is no session to validate: no call, so an anonymous visit
 * does not cost a failing /me plus a failing refresh.
 */
function loadCurrentUser(): Promise<User | null> {
  if (!store.getSnapshot().user) {
    store.markChecked();
    return Promise.resolve(null);
  }
  loading ??= (async () => {
    try {
      const user = await http.get(paths.users.me, {
        schema: userSchema,
        silent: true,
        timeoutMs: connectionTiming.sessionCheckTimeoutMs,
      });
      return store.setUser(user);
    } catch {
      // A failed refresh has already ended the session with its reason (expire below); clearing
      // again would drop that reason and send the user to log in without being told why.
      if (store.getSnapshot().user !== null) store.clear();
      return null;
    } finally {
      store.markChecked();
      loading = null;
    }
  })();
  return loading;
}

// The refresh failed (spec A §4, §8). Only a user who had a session is told it expired and
// sent to log in; a visitor who never logged in just stays anonymous. Idempotent: every
// request that waited on the failed refresh reports it, the first one does the work.
function expire(): void {
  const hadUser = store.getSnapshot().user !== null;
  if (!hadUser) return;
  store.clear('session-expired');
  toast.error(accountMessages.sessionExpired, { id: 'session-expired' });
  navigateTo(loginUrl({ reason: 'session-expired', returnUrl: currentPathAndSearch() }), { replace: true });
}
onSessionExpired(expire);

export const session = {
  getSnapshot: store.getSnapshot,
  subscribe: store.subscribe,
  /** After register or verification: store the user the server answered with. */
  setUser: store.setUser,
  /** E.g. session.updateUser({ email_confirmed: true }) after a confirmed code. */
  updateUser: store.updateUser,
  /** Local only: forget the user (no server call). */
  clear: () => store.clear(),
  login,
  logout,
  loadCurrentUser,
};

export type { SessionSnapshot } from './session-store';
