// Runs inside a dedicated module worker in Chromium (bundled by bench/engine-pipeline-browser.ts):
// the engine's order-book hot path — JSON.parse → validate → merge → diff/flash → immutable
// snapshot → slice diff to a subscriber — exactly as bench/engine-pipeline.ts runs it in Node,
// but on the browser's V8 inside a worker thread, where the real engine lives.
import { createEngine } from '../../src/worker/engine/engine';
import type { SnapshotUpdate } from '../../src/worker/api';
import type { Timers } from '../../src/worker/time/timers';

export type PipelinePhase = 'warmup' | 'perMessage' | 'perFrame' | 'perMessagePosted' | 'jsonOnly';

export interface PhaseResult {
  readonly count: number;
  /** Wall-clock ms on the worker thread. */
  readonly elapsedMs: number;
  /** Message → snapshot latency in ms (per-message phases only). */
  readonly p50?: number;
  readonly p99?: number;
  readonly max?: number;
}

const idleTimers: Timers = { now: () => Date.now(), setTimeout: () => 0, clearTimeout: () => {} };

function freshEngine(onUpdate: (u: SnapshotUpdate) => void = () => {}) {
  const engine = createEngine({
    timers: idleTimers,
    hubFactory: () => {
      throw new Error('no hub in the bench');
    },
    fetch: () => Promise.reject(new Error('no network in the bench')),
    frames: () => () => {}, // frames are driven by hand
  });
  engine.start(
    { apiBase: 'http://bench.invalid', hubUrl: 'http://bench.invalid/hubs/exchange' },
    { refreshSession: async () => false, logout: () => {}, persistLeftFeeds: () => {}, persistPair: () => {} },
  );
  let received = 0;
  engine.subscribe((u) => {
    received++;
    onUpdate(u);
  });
  return { engine, received: () => received };
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function runPerMessage(messages: readonly string[], rounds: number): PhaseResult {
  const { engine, received } = freshEngine();
  const latencies = new Float64Array(messages.length * rounds);
  let k = 0;
  const t0 = performance.now();
  for (let round = 0; round < rounds; round++) {
    for (const text of messages) {
      const s = performance.now();
      engine.ingestOrderBook(JSON.parse(text));
      engine.flush();
      latencies[k++] = performance.now() - s;
    }
  }
  const elapsedMs = performance.now() - t0;
  const snap = engine.getSnapshot();
  if (snap.book.bids.length !== 15 || snap.book.asks.length !== 15 || received() < messages.length) {
    throw new Error(`pipeline did not produce full books (${snap.book.bids.length}/${snap.book.asks.length}, ${received()} updates)`);
  }
  latencies.sort();
  const n = messages.length * rounds;
  return { count: n, elapsedMs, p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies[n - 1]! };
}

function runPerFrame(messages: readonly string[], rounds: number, perFrame: number): PhaseResult {
  const { engine } = freshEngine();
  let i = 0;
  const t0 = performance.now();
  for (let round = 0; round < rounds; round++) {
    for (const text of messages) {
      engine.ingestOrderBook(JSON.parse(text));
      if (++i % perFrame === 0) engine.flush();
    }
  }
  engine.flush();
  return { count: messages.length * rounds, elapsedMs: performance.now() - t0 };
}

/** Worst case of the real worker: every message's update is posted (structured clone) to the page, as comlink does. */
function runPerMessagePosted(messages: readonly string[], rounds: number, post: (u: SnapshotUpdate) => void): PhaseResult {
  const { engine } = freshEngine(post);
  const t0 = performance.now();
  for (let round = 0; round < rounds; round++) {
    for (const text of messages) {
      engine.ingestOrderBook(JSON.parse(text));
      engine.flush();
    }
  }
  return { count: messages.length * rounds, elapsedMs: performance.now() - t0 };
}

function runJsonOnly(messages: readonly string[], rounds: number): PhaseResult {
  let keep = 0;
  const t0 = performance.now();
  for (let round = 0; round < rounds; round++) for (const text of messages) keep += (JSON.parse(text) as { bids: unknown[] }).bids.length;
  if (keep === 0) throw new Error('unreachable');
  return { count: messages.length * rounds, elapsedMs: performance.now() - t0 };
}

interface WorkerScope {
  onmessage: ((event: MessageEvent<{ messagesUrl: string; phase: PipelinePhase; rounds: number }>) => void) | null;
  postMessage(message: unknown): void;
}
const scope = globalThis as unknown as WorkerScope;
let loaded: { url: string; messages: string[] } | null = null;

scope.onmessage = async (event) => {
  try {
    const { messagesUrl, phase, rounds } = event.data;
    if (!loaded || loaded.url !== messagesUrl)
      loaded = { url: messagesUrl, messages: (await (await fetch(messagesUrl)).json()) as string[] };
    const messages = loaded.messages;
    let result: PhaseResult;
    switch (phase) {
      case 'warmup':
        result = runPerMessage(messages.slice(0, 5000), rounds);
        break;
      case 'perMessage':
        result = runPerMessage(messages, rounds);
        break;
      case 'perFrame':
        result = runPerFrame(messages, rounds, 1000);
        break;
      case 'perMessagePosted':
        result = runPerMessagePosted(messages, rounds, (update) => scope.postMessage({ type: 'update', update }));
        break;
      case 'jsonOnly':
        result = runJsonOnly(messages, rounds);
        break;
    }
    scope.postMessage({ type: 'result', result });
  } catch (error) {
    scope.postMessage({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
};
