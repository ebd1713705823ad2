import * as Comlink from 'comlink';
import { hubMethods } from '../../../src/shared/hub/names';
import { createEngine, type Engine } from '../../../src/worker/engine/engine';
import { exposeEngine } from '../../../src/worker/engine/expose';
import { defaultInvoke, ScriptedHubServer } from '../../../src/worker/testing/scripted-hub';
import { FakeFetch } from '../../../src/worker/testing/fake-fetch';
import { defaultRoutes } from '../../../src/worker/testing/test-engine';
import { hostFrames, timerFrames } from '../../../src/worker/time/frame';
import { ManualTimers } from '../../../src/worker/time/manual-timers';
import { systemTimers } from '../../../src/worker/time/timers';
import type { HarnessApi, HarnessControl, HarnessInit } from './harness-api';

// A test-only worker entry: the real engine, comlink and worker runtime of the product, with
// the outside world scripted — a manual clock (vitest's fake timers cannot reach into a
// worker), a scripted hub and routed fetch. The tests drive it through HarnessControl.

const timers = new ManualTimers();
const hub = new ScriptedHubServer(timers);
const http = defaultRoutes(new FakeFetch());
const startTimes: number[] = [];
const factory = hub.factory;
let engine: Engine | null = null;

function current(): Engine {
  engine ??= make({});
  return engine;
}

function make(options: HarnessInit): Engine {
  return createEngine({
    timers,
    hubFactory: (url) => {
      startTimes.push(timers.now());
      return factory(url);
    },
    fetch: http.fetch,
    frames: options.realFrames ? hostFrames(globalThis, systemTimers) : timerFrames(timers),
    // Real frames run on the host's time while this clock stands still unless advanced: market
    // pacing, measured on this clock, would hold paced changes back for good.
    ...(options.realFrames ? { marketPacingMs: 0 } : {}),
    healthIntervalMs: 0,
  });
}

const control: HarnessControl = {
  init(options = {}) {
    engine = make(options);
  },
  advance: (ms) => timers.advance(ms),
  now: () => timers.now(),
  queueStarts: (...outcomes) => hub.queueStarts(...outcomes),
  setDefaultStart(outcome) {
    hub.defaultOutcome = outcome;
  },
  failJoins(message) {
    hub.invokeHandler =
      message === null
        ? defaultInvoke
        : (method, args) => {
            if (method === hubMethods.joinFeedGroups) throw new Error(message);
            return defaultInvoke(method, args);
          };
  },
  emit: (event, ...args) => hub.emit(event, ...args),
  emitMany(event, payloads) {
    for (const p of payloads) hub.emit(event, p);
  },
  hasAnimationFrames: () => typeof (globalThis as { requestAnimationFrame?: unknown }).requestAnimationFrame === 'function',
  drop: (error) => hub.current?.drop(error),
  starts: () => hub.starts,
  connections: () => hub.connections.length,
  hubUrls: () => hub.connections.map((c) => c.url),
  joined: (connection) => hub.joined(connection),
  left: (connection) => hub.left(connection),
  startTimes: () => [...startTimes],
  framesPublished: () => current().stats.framesPublished(),
  route(key, status, body) {
    http.route(key, { status, body });
  },
};

// The EngineApi methods delegate to whichever engine init() made last.
const api = exposeEngine(
  new Proxy({} as Engine, {
    get: (_t, key) => {
      const e = current() as unknown as Record<string | symbol, unknown>;
      const v = e[key];
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(e) : v;
    },
  }),
);

Comlink.expose({ ...api, ...control } satisfies HarnessApi);
