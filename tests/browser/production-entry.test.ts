import { afterEach, describe, expect, it } from 'vitest';
import { createEngineClient, type EngineClient } from '../../src/app/engine/engine-client';
import { hubTarget } from './hub-target';

// The production worker entry (src/worker/entry.ts: real SignalR client, real fetch, real
// timers and requestAnimationFrame) started the way the app starts it.

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

describe('production worker entry', () => {
  it.skipIf(hubTarget.live)('starts, follows the session and reports a hub it cannot reach through the error stream', async () => {
    worker = new Worker(new URL('../../src/worker/entry.ts', import.meta.url), { type: 'module' });
    let logouts = 0;
    client = createEngineClient({
      endpoint: worker,
      apiBase: hubTarget.apiBase,
      hubUrl: hubTarget.hubUrl,
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

  it.runIf(hubTarget.live)('connects to the configured hub', async () => {
    worker = new Worker(new URL('../../src/worker/entry.ts', import.meta.url), { type: 'module' });
    client = createEngineClient({
      endpoint: worker,
      apiBase: hubTarget.apiBase,
      hubUrl: hubTarget.hubUrl,
      storage: window.localStorage,
      session: { subscribe: () => () => {}, currentUser: () => ({ id: 'u1' }) },
      refreshSession: async () => false,
      logout: () => {},
    });
    await client.ready;
    // Without a session cookie the hub refuses us: either way the state machine must settle.
    await until(() => ['Connected', 'Authenticated', 'AuthenticationFailed'].includes(client!.store.getSnapshot().connection.state));
  });
});
