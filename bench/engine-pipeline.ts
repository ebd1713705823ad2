// Engine hot path in Node: order book messages through parse (JSON + structural validation),
// merge (book + market_making, same-price summing, 15 levels), diff (flash, identity reuse)
// and snapshot (immutable view, per-subscriber slice diff). Target ≥ 50,000 msgs/s per core.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createEngine } from '../src/worker/engine/engine';
import type { Timers } from '../src/worker/time/timers';
import type { BenchResult } from './report';
import { seededRandom } from '../src/server/lib/seeded-random';

const TARGET = 50_000;
const LEVELS = 25;
const MM_LEVELS = 5;
const MESSAGES = 20_000;

/**
 * A realistic stream: full books of 25 levels a side plus 5 market-making levels (some at
 * prices the book also has), where each message moves 1–4 levels and now and then the touch.
 */
export function workload(count: number): string[] {
  const r = seededRandom(42).next;
  const qty = () => (Math.floor(r() * 5_000_000_000) / 1e8 + 0.001).toFixed(8).replace(/0+$/, '');
  let mid = 5_000_000; // in cents
  const bids = Array.from({ length: LEVELS }, (_, i) => [mid - 50 - i * 50, qty()] as [number, string]);
  const asks = Array.from({ length: LEVELS }, (_, i) => [mid + 50 + i * 50, qty()] as [number, string]);
  const price = (cents: number) => (cents / 100).toFixed(2);
  const out: string[] = [];
  for (let n = 0; n < count; n++) {
    const changes = 1 + Math.floor(r() * 4);
    for (let c = 0; c < changes; c++) {
      const side = r() < 0.5 ? bids : asks;
      side[Math.floor(r() * LEVELS)]![1] = qty();
    }
    if (r() < 0.05) {
      mid += r() < 0.5 ? 50 : -50;
      for (let i = 0; i < LEVELS; i++) {
        bids[i]![0] = mid - 50 - i * 50;
        asks[i]![0] = mid + 50 + i * 50;
      }
    }
    const mmBids = Array.from({ length: MM_LEVELS }, (_, i) => [price(bids[i * 2]![0]), qty(), 'market_maker']);
    const mmAsks = Array.from({ length: MM_LEVELS }, (_, i) => [price(asks[i * 2]![0]), qty(), 'market_maker']);
    out.push(
      JSON.stringify({
        pair: 'btcusd',
        bids: bids.map(([p, q], i) => [price(p), q, i % 3 ? 'ox' : 'binance']),
        asks: asks.map(([p, q], i) => [price(p), q, i % 3 ? 'ox' : 'kraken']),
        market_making: { bids: mmBids, asks: mmAsks },
        lastupdated: 1_700_000_000_000 + n,
        sequence: n + 1,
      }),
    );
  }
  return out;
}

const idleTimers: Timers = {
  now: () => Date.now(),
  setTimeout: () => 0,
  clearTimeout: () => {},
};

function freshEngine() {
  const engine = createEngine({
    timers: idleTimers,
    hubFactory: () => {
      throw new Error('no hub in the bench');
    },
    fetch: () => Promise.reject(new Error('no network in the bench')),
    frames: () => () => {}, // frames are driven by hand below
  });
  engine.start(
    { apiBase: 'http://bench.invalid', hubUrl: 'http://bench.invalid/hubs/exchange' },
    { refreshSession: async () => false, logout: () => {}, persistLeftFeeds: () => {}, persistPair: () => {} },
  );
  let received = 0;
  engine.subscribe(() => received++);
  return { engine, received: () => received };
}

/** CPU seconds this process used (all its threads, GC included) since `since`. */
function cpuSeconds(since: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1e6;
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Every message becomes a published snapshot (worst case: no frame coalescing). */
function runPerMessage(messages: string[], rounds: number) {
  const { engine, received } = freshEngine();
  const latencies = new Float64Array(messages.length * rounds);
  let k = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let round = 0; round < rounds; round++) {
    for (const text of messages) {
      const s = performance.now();
      engine.ingestOrderBook(JSON.parse(text));
      engine.flush();
      latencies[k++] = performance.now() - s;
    }
  }
  const elapsed = performance.now() - t0;
  const cpu = cpuSeconds(cpu0);
  const snap = engine.getSnapshot();
  if (snap.book.bids.length !== 15 || snap.book.asks.length !== 15 || received() < messages.length)
    throw new Error('pipeline did not produce full books');
  latencies.sort();
  const n = messages.length * rounds;
  return { rate: n / (elapsed / 1000), cpuRate: n / cpu, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** Frame coalescing as in the worker: one snapshot per 16.7 ms frame at the measured rate. */
function runPerFrame(messages: string[], rounds: number, perFrame: number) {
  const { engine } = freshEngine();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let i = 0;
  for (let round = 0; round < rounds; round++) {
    for (const text of messages) {
      engine.ingestOrderBook(JSON.parse(text));
      if (++i % perFrame === 0) engine.flush();
    }
  }
  engine.flush();
  const elapsed = performance.now() - t0;
  const n = messages.length * rounds;
  return { rate: n / (elapsed / 1000), cpuRate: n / cpuSeconds(cpu0) };
}

/** The same with messages already decoded, as SignalR's JSON protocol hands them to our handler. */
function runDecoded(messages: string[], rounds: number, perFrame: number): number {
  const decoded = messages.map((m) => JSON.parse(m) as unknown);
  const { engine } = freshEngine();
  const cpu0 = process.cpuUsage();
  let i = 0;
  for (let round = 0; round < rounds; round++) {
    for (const message of decoded) {
      engine.ingestOrderBook(message);
      if (++i % perFrame === 0) engine.flush();
    }
  }
  engine.flush();
  return (messages.length * rounds) / cpuSeconds(cpu0);
}

/** Calibration: JSON.parse alone on the same messages, to read the others against the machine. */
function runJsonOnly(messages: string[], rounds: number): number {
  const cpu0 = process.cpuUsage();
  let keep = 0;
  for (let round = 0; round < rounds; round++) for (const text of messages) keep += (JSON.parse(text) as { bids: unknown[] }).bids.length;
  if (keep === 0) throw new Error('unreachable');
  return (messages.length * rounds) / cpuSeconds(cpu0);
}

export default async function run(): Promise<BenchResult> {
  const messages = workload(MESSAGES);
  runPerMessage(messages.slice(0, 5000), 2); // warm-up (JIT)
  const per = runPerMessage(messages, 3);
  const perFrame = runPerFrame(messages, 3, 1000);
  const decoded = runDecoded(messages, 3, 1000);
  const jsonOnly = runJsonOnly(messages, 3);
  const [load1] = loadavg();
  const bytes = messages.reduce((n, m) => n + m.length, 0) / messages.length;
  return {
    name: 'engine-pipeline',
    workload: `${MESSAGES.toLocaleString('en-US')} distinct full-book messages (${LEVELS}+${MM_LEVELS} levels a side, ~${Math.round(bytes)} B JSON, 1–4 levels changed each) ×3, one core, Node ${process.version}: JSON.parse → validate → merge (bigint sums, 15 levels) → diff/flash → immutable snapshot → slice diff to one subscriber. "per message" publishes a snapshot after every message (no frame coalescing); "per frame" publishes once per 1,000 messages as the worker's frame throttle would at 60k msgs/s. Per-core rates divide by the CPU time the process used (GC threads included), so other load on the machine does not distort them; wall-clock rates and the load average are given for context.`,
    figures: [
      {
        label: 'msgs per CPU-second, snapshot per frame',
        value: Math.round(perFrame.cpuRate),
        unit: 'msg/s/core',
        target: `>= ${TARGET.toLocaleString('en-US')}`,
        pass: perFrame.cpuRate >= TARGET,
      },
      {
        label: 'msgs per CPU-second, snapshot per message',
        value: Math.round(per.cpuRate),
        unit: 'msg/s/core',
        target: `>= ${TARGET.toLocaleString('en-US')}`,
        pass: per.cpuRate >= TARGET,
      },
      { label: 'msgs per CPU-second after JSON decoding (validate → snapshot, per frame)', value: Math.round(decoded), unit: 'msg/s/core' },
      { label: 'msgs/s wall clock, snapshot per frame', value: Math.round(perFrame.rate), unit: 'msg/s' },
      { label: 'msgs/s wall clock, snapshot per message', value: Math.round(per.rate), unit: 'msg/s' },
      { label: 'calibration: JSON.parse alone', value: Math.round(jsonOnly), unit: 'msg/s/core' },
      { label: 'load average (1 min) during the run', value: Number(load1!.toFixed(2)), unit: '' },
      { label: 'message → snapshot latency p50', value: Number((per.p50 * 1000).toFixed(1)), unit: 'µs' },
      { label: 'message → snapshot latency p99', value: Number((per.p99 * 1000).toFixed(1)), unit: 'µs' },
    ],
  };
}

// `tsx bench/engine-pipeline.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await run(), null, 2));
}
