/** The engine worker (a module worker; Vite bundles src/worker/entry.ts for it). */
export function createEngineWorker(): Worker {
  return new Worker(new URL('../../worker/entry.ts', import.meta.url), { type: 'module', name: 'exchange-engine' });
}
