import * as Comlink from 'comlink';
import type { EngineApi } from './api';
import { absoluteHubUrl, signalrHubFactory } from './connection/signalr-hub';
import { createEngine, type Engine } from './engine/engine';
import { exposeEngine } from './engine/expose';
import { hostFrames } from './time/frame';
import { systemTimers } from './time/timers';

// The worker's entry: the only module in src/worker that knows about comlink. Everything
// else is plain TypeScript that runs (and is tested) without a worker.

const scope = globalThis as unknown as { location?: { href: string } };

const engine: Engine = createEngine({
  timers: systemTimers,
  // Relative hub addresses are resolved against the worker's own URL (same origin as the app).
  hubFactory: (url) => signalrHubFactory(absoluteHubUrl(url, scope.location?.href ?? 'http://localhost/')),
  fetch: (input, init) => globalThis.fetch(input, init),
  frames: hostFrames(globalThis, systemTimers),
});

const api: EngineApi = exposeEngine(engine);
Comlink.expose(api);

// The same counters for a DevTools client attached to this worker (the browser storm
// benchmark reads them there): read-only, no command, nothing a page script can reach.
Object.defineProperty(globalThis, 'oxEngineDiagnostics', { value: () => engine.diagnostics() });
