import { paths } from '../../shared/api/paths';
import { AUTH_METHOD_COOKIE, AUTH_METHOD_HEADER, connectionTiming } from '../../shared/constants';
import { apiUrl } from '../config';
import { systemTimers, type Timers } from '../time/timers';

// Spec A §4: one token refresh shared by everything that got a 401 — the requests of this
// tab, the other tabs and the trading worker. Refresh tokens rotate on use, so a second,
// redundant refresh would present an already-used token; hence the cross-context lock and
// the "someone already refreshed since my request went out" check inside it.
//
// Worker-safe on purpose (no window, DOM, storage, toast or router): the trading worker and
// its bridge import refreshSession from here.

export const REFRESH_LOCK_NAME = 'ox-auth-refresh';
export const AUTH_CHANNEL_NAME = 'ox-auth';

/** What travels on the 'ox-auth' BroadcastChannel after every refresh attempt. */
export type AuthChannelMessage = { type: 'refreshed' | 'refresh-failed'; generation: number };

function isAuthChannelMessage(value: unknown): value is AuthChannelMessage {
  const m = value as Partial<AuthChannelMessage> | null;
  return (m?.type === 'refreshed' || m?.type === 'refresh-failed') && typeof m.generation === 'number';
}

export interface RefresherOptions {
  fetch?: typeof fetch;
  /** Web Locks; undefined = navigator.locks when the context has it. */
  locks?: LockManager | null;
  /** undefined = a BroadcastChannel named 'ox-auth' when the context has one; null = none. */
  channel?: BroadcastChannel | null;
  /** Wall-clock stamp of a refresh; epoch ms so generations compare across tabs and the worker. */
  now?: () => number;
  /** Arms the refresh timeout and the wait for a peer's message. */
  timers?: Timers;
  timeoutMs?: number;
  /**
   * After waiting for another context's lock, how long to wait for its 'refreshed' message
   * (it is posted before that lock is released, but delivery is a separate task).
   */
  peerMessageWaitMs?: number;
}

export interface Refresher {
  /**
   * Resolves true when the session is usable again: refreshed here, or by another tab or the
   * worker after `sentAtGeneration` (pass refreshGeneration() read when the failed request
   * was sent). Never rejects.
   */
  refreshSession(sentAtGeneration?: number): Promise<boolean>;
  /** The latest successful refresh known to this context (0 = none yet). */
  generation(): number;
  dispose(): void;
}

export function createRefresher(options: RefresherOptions = {}): Refresher {
  const timers = options.timers ?? systemTimers;
  const now = options.now ?? (() => timers.epochNow());
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? connectionTiming.tokenRefreshTimeoutMs;
  const peerMessageWaitMs = options.peerMessageWaitMs ?? 250;
  let generation = 0;
  let inflight: Promise<boolean> | null = null;
  let channel: BroadcastChannel | null | undefined = options.channel;
  let channelOpened = false;
  const peerWaiters = new Set<() => void>();

  const onMessage = (event: MessageEvent) => {
    if (!isAuthChannelMessage(event.data)) return;
    if (event.data.type === 'refreshed') generation = Math.max(generation, event.data.generation);
    for (const wake of [...peerWaiters]) wake();
  };

  // Opened lazily (and before the first request goes out, via generation()) so that a
  // module import alone never holds a channel open.
  function openChannel(): BroadcastChannel | null {
    if (!channelOpened) {
      channelOpened = true;
      if (channel === undefined) {
        channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(AUTH_CHANNEL_NAME) : null;
        // Node's BroadcastChannel would otherwise keep a test or server process alive.
        (channel as unknown as { unref?: () => void } | null)?.unref?.();
      }
      channel?.addEventListener('message', onMessage);
    }
    return channel ?? null;
  }

  function lockManager(): LockManager | null {
    if (options.locks !== undefined) return options.locks;
    return (globalThis.navigator as Navigator | undefined)?.locks ?? null;
  }

  function waitForPeerMessage(): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        cancel();
        peerWaiters.delete(wake);
        resolve();
      };
      const cancel = timers.after(peerMessageWaitMs, wake);
      peerWaiters.add(wake);
    });
  }

  async function postRefresh(): Promise<boolean> {
    const controller = new AbortController();
    const cancel = timers.after(timeoutMs, () => controller.abort());
    try {
      const res = await doFetch(apiUrl(paths.auth.refreshToken), {
        method: 'POST',
        credentials: 'include',
        headers: { [AUTH_METHOD_HEADER]: AUTH_METHOD_COOKIE },
        signal: controller.signal,
      });
      return res.ok;
    } catch {
      return false;
    } finally {
      cancel();
    }
  }

  async function refreshUnlessDone(sentAt: number, waitedForLock: boolean): Promise<boolean> {
    if (generation > sentAt) return true;
    if (waitedForLock) {
      await waitForPeerMessage();
      if (generation > sentAt) return true;
    }
    const ok = await postRefresh();
    const next = Math.max(now(), generation + 1);
    if (ok) generation = next;
    // Posted while still holding the lock, so whoever waits for it next can learn of it.
    openChannel()?.postMessage({ type: ok ? 'refreshed' : 'refresh-failed', generation: next } satisfies AuthChannelMessage);
    return ok;
  }

  async function underLock(sentAt: number): Promise<boolean> {
    const locks = lockManager();
    if (!locks) return refreshUnlessDone(sentAt, false);
    try {
      const first = await locks.request(REFRESH_LOCK_NAME, { ifAvailable: true }, async (lock) =>
        lock ? { ran: true as const, ok: await refreshUnlessDone(sentAt, false) } : { ran: false as const },
      );
      if (first.ran) return first.ok;
      return await locks.request(REFRESH_LOCK_NAME, () => refreshUnlessDone(sentAt, true));
    } catch {
      // Locks can be unavailable (e.g. an opaque origin): fall back to this context alone.
      return refreshUnlessDone(sentAt, false);
    }
  }

  return {
    refreshSession(sentAtGeneration) {
      openChannel();
      const sentAt = sentAtGeneration ?? generation;
      if (generation > sentAt) return Promise.resolve(true);
      inflight ??= underLock(sentAt).finally(() => {
        inflight = null;
      });
      return inflight;
    },
    generation() {
      openChannel();
      return generation;
    },
    dispose() {
      channel?.removeEventListener('message', onMessage);
      if (options.channel === undefined) channel?.close();
      for (const wake of [...peerWaiters]) wake();
    },
  };
}

const shared = createRefresher();

/** The one shared refresh of this context (tab or worker); see Refresher.refreshSession. */
export function refreshSession(sentAtGeneration?: number): Promise<boolean> {
  return shared.refreshSession(sentAtGeneration);
}

/** Read it when a request is sent; hand it to refreshSession if that request gets a 401. */
export function refreshGeneration(): number {
  return shared.generation();
}
