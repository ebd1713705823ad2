import { commands } from 'vitest/browser';
import { createEngineWorker } from '../../../src/app/engine-client/create-worker';
import { createEngineClient, type EngineClient } from '../../../src/app/engine-client/engine-client';
import { createRefresher } from '../../../src/app/http/refresh';
import { paths } from '../../../src/shared/api/paths';
import { AUTH_METHOD_COOKIE, AUTH_METHOD_HEADER } from '../../../src/shared/constants';
import type { EngineSnapshot, EngineUser } from '../../../src/worker/public';
import type { HubFrame, HubTraffic } from './hub-traffic';

// Browser side of the real-hub tests: the production worker entry started the way the app
// starts it (createEngineWorker, the main-thread client, the app's shared session refresh),
// pointed at the test page's own origin, which the Vite proxy forwards to the real server.

export interface LiveEngine {
  readonly client: EngineClient;
  readonly worker: Worker;
  /** Every snapshot the main thread received, in order, with the time it arrived. */
  readonly history: { at: number; snap: EngineSnapshot }[];
  readonly host: { logouts: number; refreshes: number };
  snap(): EngineSnapshot;
  setUser(user: EngineUser | null): void;
  dispose(): void;
}

export function startLiveEngine(options: { user?: EngineUser | null } = {}): LiveEngine {
  let user: EngineUser | null = options.user ?? null;
  const listeners = new Set<() => void>();
  const host = { logouts: 0, refreshes: 0 };
  // The app's refresh (POST /v1/auth/refresh-token with the cookie), without the cross-tab
  // channel so test files cannot hear each other.
  const refresher = createRefresher({ channel: null });
  const worker = createEngineWorker();
  const client = createEngineClient({
    endpoint: worker,
    apiBase: window.location.origin,
    hubUrl: `${window.location.origin}${paths.hub}`,
    storage: window.localStorage,
    session: {
      subscribe: (l) => (listeners.add(l), () => listeners.delete(l)),
      currentUser: () => user,
    },
    refreshSession: () => {
      host.refreshes++;
      return refresher.refreshSession();
    },
    logout: () => void host.logouts++,
  });
  const history: LiveEngine['history'] = [];
  const stop = client.store.subscribe(() => history.push({ at: Date.now(), snap: client.store.getSnapshot() }));
  return {
    client,
    worker,
    history,
    host,
    snap: () => client.store.getSnapshot(),
    setUser(next) {
      user = next;
      for (const l of [...listeners]) l();
    },
    dispose() {
      stop();
      client.dispose();
      refresher.dispose();
      // Let the worker's dispose (hub stop) reach the server before the worker goes.
      setTimeout(() => worker.terminate(), 500);
    },
  };
}

/** Polls until `check` answers a value other than false/null/undefined; returns it. */
export async function until<T>(
  what: string,
  check: () => T | false | null | undefined | Promise<T | false | null | undefined>,
  timeoutMs = 20_000,
): Promise<T> {
  const end = performance.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== false && value !== null && value !== undefined) return value;
    if (performance.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const cookieHeaders = { [AUTH_METHOD_HEADER]: AUTH_METHOD_COOKIE };

/** POST /v1/auth/login from the page (same origin): the server sets its httpOnly cookies. */
export async function login(email: string, password: string): Promise<EngineUser> {
  const res = await fetch(paths.auth.login, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', ...cookieHeaders },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { user_details: { id: string; account_type?: string } };
  return { id: body.user_details.id, accountType: body.user_details.account_type };
}

/** POST /v1/auth/logout: ends any session and clears the cookies. */
export async function logout(): Promise<void> {
  await fetch(paths.auth.logout, { method: 'POST', credentials: 'same-origin', headers: cookieHeaders });
}

/** GET /v1/users/me: 200 with a session, 401 without. */
export async function meStatus(): Promise<number> {
  const res = await fetch(paths.users.me, { credentials: 'same-origin', headers: cookieHeaders });
  return res.status;
}

export async function pairSymbols(): Promise<string[]> {
  const res = await fetch(paths.account.currencyPairs, { credentials: 'same-origin', headers: cookieHeaders });
  if (!res.ok) throw new Error(`currency pairs: ${res.status}`);
  const body = (await res.json()) as unknown;
  // An array or a record keyed by symbol (the shared schema accepts both).
  const list = (Array.isArray(body) ? body : Object.values(body as object)) as { symbol: string }[];
  return list.map((p) => p.symbol.toLowerCase());
}

/* ---------------------------------------------------------------- hub traffic */

interface HubInvocationMessage {
  type: 1;
  invocationId?: string;
  target: string;
  arguments?: unknown[];
}
interface HubCompletionMessage {
  type: 3;
  invocationId: string;
  result?: unknown;
  error?: string;
}

export interface Invocation {
  readonly socket: number;
  readonly at: number;
  readonly invocationId: string | undefined;
  readonly target: string;
  readonly args: readonly unknown[];
}

export interface Completion {
  readonly at: number;
  readonly result: unknown;
  readonly error: string | undefined;
}

function isInvocation(m: unknown): m is HubInvocationMessage {
  return (
    typeof m === 'object' && m !== null && (m as { type?: unknown }).type === 1 && typeof (m as { target?: unknown }).target === 'string'
  );
}

function isCompletion(m: unknown): m is HubCompletionMessage {
  return typeof m === 'object' && m !== null && (m as { type?: unknown }).type === 3;
}

/** Invocations in one direction: 'sent' = the worker called the hub; 'received' = hub events. */
export function invocations(traffic: HubTraffic, direction: 'sent' | 'received', target: string, socket?: number): Invocation[] {
  const out: Invocation[] = [];
  for (const f of traffic.frames) {
    if (f.direction !== direction || (socket !== undefined && f.socket !== socket)) continue;
    for (const m of f.messages) {
      if (isInvocation(m) && m.target === target)
        out.push({ socket: f.socket, at: f.at, invocationId: m.invocationId, target: m.target, args: m.arguments ?? [] });
    }
  }
  return out;
}

/** The server's answer to one of our invocations. */
export function completionOf(traffic: HubTraffic, call: Invocation): Completion | null {
  for (const f of traffic.frames as HubFrame[]) {
    if (f.direction !== 'received' || f.socket !== call.socket) continue;
    for (const m of f.messages) {
      if (isCompletion(m) && m.invocationId === call.invocationId) return { at: f.at, result: m.result, error: m.error };
    }
  }
  return null;
}

export const readTraffic = (): Promise<HubTraffic> => commands.hubTrafficRead();
