import { afterEach, describe, expect, it } from 'vitest';
import { config } from '../../src/app/config';
import { createEngineWorker } from '../../src/app/engine-client/create-worker';
import { createEngineClient, type EngineClient } from '../../src/app/engine-client/engine-client';
import { logout, meStatus } from './support/live-engine';

// The production worker entry (src/worker/entry.ts: real SignalR client, real fetch, real
// timers and requestAnimationFrame) started the way the app starts it. The live behaviour
// against the real server's hub (session, feeds, book, trades, reconnect) is in
// real-hub.test.ts; here: what happens when there is no hub, and the app's default addresses.

let client: EngineClient | null = null;
let worker: Worker | null = null;
afterEach(() => {
  client?.dispose();
  worker?.terminate();
  client = worker = null;
});

async function until(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The page's origin plus a prefix neither the Vite server nor its proxy serves. */
const nowhere = `${window.location.origin}/no-server-here`;

describe('production worker entry', () => {
  it('starts, follows the session and reports a hub it cannot reach through the error stream', async () => {
    worker = new Worker(new URL('../../src/worker/entry.ts', import.meta.url), { type: 'module' });
    let logouts = 0;
    client = createEngineClient({
      endpoint: worker,
      apiBase: nowhere,
      // Relative: resolved against the worker's own URL.
      hubUrl: '/no-server-here/hubs/exchange',
      storage: window.localStorage,
      session: { subscribe: () => () => {}, currentUser: () => ({ id: 'u1' }) },
      refreshSession: async () => false,
      logout: () => void logouts++,
    });
    await client.ready;
    expect(client.store.getSnapshot().version).toBeGreaterThan(0);
    await until(() => client!.store.getSnapshot().connection.state === 'Failed');
    const snap = client.store.getSnapshot();
    expect(snap.connection.reconnecting).toBe(true);
    expect(snap.connection.nextRetryAt).toBeGreaterThan(Date.now());
    expect(snap.errors.some((e) => e.code === 'CONNECTION_FAILED' && e.message.startsWith('Connection failed: '))).toBe(true);
    await until(() => client!.store.getSnapshot().pairs.status === 'error');
    expect(client.store.getSnapshot().errors.map((e) => e.message)).toContain('Failed to load currency pairs.');
    expect(logouts).toBe(0);
  });

  it("A9.config.api-base-and-hub: with the app's default addresses (the page's origin) it reaches the real hub, which refuses a browser without a session", async () => {
    // The app's configuration: API base and hub address default to the page's own origin,
    // which the browser project forwards to the real server (see vitest.config.ts).
    expect(config.apiBase).toBe('');
    expect(config.hubUrl).toBe('/hubs/exchange');
    await logout();
    expect(await meStatus()).toBe(401);

    let logouts = 0;
    let refreshes = 0;
    worker = createEngineWorker();
    client = createEngineClient({
      endpoint: worker,
      apiBase: new URL(config.apiBase || '/', window.location.origin).origin,
      hubUrl: new URL(config.hubUrl, window.location.origin).toString(),
      storage: window.localStorage,
      session: { subscribe: () => () => {}, currentUser: () => ({ id: 'u1' }) },
      refreshSession: async () => (refreshes++, false),
      logout: () => void logouts++,
    });
    await client.ready;
    // The hub answered (401): an authentication error, one refresh, then logout. A hub it could
    // not reach would have ended in Failed with reconnects instead.
    await until(() => client!.store.getSnapshot().errors.some((e) => e.code === 'AUTHENTICATION_FAILED'));
    const snap = client.store.getSnapshot();
    expect(snap.connection.state).toBe('AuthenticationFailed');
    expect(snap.connection.reconnecting).toBe(false);
    expect(snap.errors.some((e) => e.code === 'CONNECTION_FAILED')).toBe(false);
    expect(refreshes).toBeGreaterThanOrEqual(1);
    expect(logouts).toBeGreaterThanOrEqual(1);
  });
});
