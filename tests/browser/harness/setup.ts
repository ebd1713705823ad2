import * as Comlink from 'comlink';
import type { EngineUser } from '../../../src/worker/public';
import { createEngineClient, type EngineClient } from '../../../src/app/engine-client/engine-client';
import type { HarnessApi, HarnessInit } from './harness-api';

// Boots the harness worker and the real main-thread engine client against it, with the page's
// real localStorage and a scripted session and host callbacks.

export interface Harness {
  readonly worker: Worker;
  readonly control: Comlink.Remote<HarnessApi>;
  readonly client: EngineClient;
  readonly session: { set(user: EngineUser | null): void };
  readonly host: { refreshes: number; logouts: number; refreshAnswer: boolean };
  /** Polls (real time) until `check` holds; optionally advancing virtual time each turn. */
  until(check: () => boolean | Promise<boolean>, options?: { advanceMs?: number; timeoutMs?: number }): Promise<void>;
  close(): void;
}

export async function startHarness(options: HarnessInit & { user?: EngineUser | null } = {}): Promise<Harness> {
  const worker = new Worker(new URL('./engine-harness.worker.ts', import.meta.url), { type: 'module' });
  const control = Comlink.wrap<HarnessApi>(worker);
  await control.init({ realFrames: options.realFrames ?? false });

  let user: EngineUser | null = options.user === undefined ? { id: 'u1', accountType: 'individual' } : options.user;
  const listeners = new Set<() => void>();
  const host = { refreshes: 0, logouts: 0, refreshAnswer: true };
  const client = createEngineClient({
    endpoint: worker,
    apiBase: 'https://exchange.test',
    hubUrl: 'https://exchange.test/hubs/exchange',
    storage: window.localStorage,
    session: {
      subscribe: (l) => (listeners.add(l), () => listeners.delete(l)),
      currentUser: () => user,
    },
    refreshSession: async () => {
      host.refreshes++;
      return host.refreshAnswer;
    },
    logout: () => {
      host.logouts++;
    },
  });
  await client.ready;

  return {
    worker,
    control,
    client,
    host,
    session: {
      set(next) {
        user = next;
        for (const l of listeners) l();
      },
    },
    async until(check, { advanceMs = 0, timeoutMs = 10_000 } = {}) {
      const end = performance.now() + timeoutMs;
      while (!(await check())) {
        if (performance.now() > end) throw new Error('condition not met in time');
        if (advanceMs > 0) await control.advance(advanceMs);
        await new Promise((r) => setTimeout(r, 5));
      }
    },
    close() {
      client.dispose();
      worker.terminate();
    },
  };
}
