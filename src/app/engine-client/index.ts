import { config } from '../config';
import { emitSessionExpired } from '../http/session-events';
import { refreshSession } from '../http/refresh';
import { session } from '../session/session';
import { createEngineWorker } from './create-worker';
import { createEngineClient, type EngineClient } from './engine-client';

// The app's one engine: created on first use (the worker starts then), shared by every hook.

let client: EngineClient | null = null;

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Absolute URLs: the worker must not guess what a relative address is relative to. */
function absolute(url: string): string {
  return new URL(url || '/', window.location.origin).toString().replace(/\/$/, '');
}

export function engineClient(): EngineClient {
  client ??= createEngineClient({
    endpoint: createEngineWorker(),
    apiBase: absolute(config.apiBase),
    hubUrl: absolute(config.hubUrl),
    storage: browserStorage(),
    session: {
      subscribe: session.subscribe,
      currentUser: () => {
        const user = session.getSnapshot().user;
        return user ? { id: user.id, accountType: user.account_type } : null;
      },
    },
    // The single shared refresh (Web Locks across tabs and the worker's requests). The worker's
    // `sentAt` is a wall-clock time, comparable with the refresh generations (epoch ms).
    refreshSession: (sentAt) => refreshSession(sentAt),
    // Clears the session and goes to login with reason=session-expired (spec A §4).
    logout: () => emitSessionExpired(),
  });
  return client;
}

/** Tests (and hot reload) swap the engine; the previous one is disposed. */
export function setEngineClient(next: EngineClient | null): void {
  if (client && client !== next) client.dispose();
  client = next;
}

export type { EngineClient } from './engine-client';
