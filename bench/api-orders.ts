// Order API throughput and latency: the real app in this process on a temp DATA_DIR (SQLite,
// WAL), listening on 127.0.0.1; a load generator in a worker thread (the second core) drives
// POST /v1/orders/buy|sell over keep-alive HTTP at a steady rate from many connections, with
// limit orders around a mid price so that about half of them trade. Every answer is an order
// that was committed (group commit) before it was sent.
import { individualRegistration } from '../tests/support/registration';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/server/app';
import { DEFAULT_MAX_OPEN_ORDERS, defaultRateLimits, testConfig, type ServerConfig } from '../src/server/config';
import { startThread } from '../src/server/lib/start-thread';
import type { OrderLoadData, OrderLoadReport } from './lib/order-load-thread';
import type { BenchResult } from './report';
import { bySecondSeries } from './lib/stats';

const RATE = Number(process.env.BENCH_RATE ?? 3000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
/** Many clients, as on a live exchange: each connection carries one request at a time. */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 128);
/** Seconds of load before measuring (JIT, caches, first WAL checkpoints). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 4);
/**
 * Over the warm-up's first RAMP seconds the rate climbs from 0, as in bench/cluster.ts. At the
 * full rate from the first millisecond the cold server (no JIT, nothing cached) built a backlog
 * of 100–500 ms that on a slow machine was sometimes still draining when the window opened, and
 * then decided the run's p99 (by-second series, docs/benchmarks.md): a figure of the cold start,
 * not of the order path. The series stays in the output, so a backlog that forms anyway shows.
 */
const RAMP = Number(process.env.BENCH_RAMP ?? 2);
/** Then the same load against an authenticated GET, to show what the HTTP + session stack alone allows here. */
const BASELINE = process.env.BENCH_BASELINE !== '0';
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS ?? 5);
const USERS = 16;
/**
 * Each of the 16 users sends RATE/16 (~190) orders a second and keeps several hundred open
 * (~570 after a run), above the per-user defaults meant for one trader (defaultRateLimits,
 * DEFAULT_MAX_OPEN_ORDERS): this workload raises both, so that any one user may send the
 * whole rate and the cap never binds.
 */
const ORDER_LIMITS = { ordersPerUser: { max: RATE, windowMs: 1000 }, maxOpenOrdersPerUser: 1_000_000 };

function withOrderLimits(config: ServerConfig): ServerConfig {
  return {
    ...config,
    rateLimits: { ...config.rateLimits, ordersPerUser: ORDER_LIMITS.ordersPerUser },
    maxOpenOrdersPerUser: ORDER_LIMITS.maxOpenOrdersPerUser,
  };
}
const PASSWORD = 'Bench!Passw0rd#1';

interface Session {
  cookie: string;
}

async function register(base: string, i: number): Promise<Session> {
  const email = `bench.${process.pid}.${i}@example.com`;
  const res = await fetch(`${base}/v1/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(individualRegistration({ first_name: 'Bench', last_name: `Trader${i}`, email, password: PASSWORD })),
  });
  if (res.status !== 200) throw new Error(`register ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie };
}

async function fund(base: string, s: Session, currency: string, amount: string): Promise<void> {
  const res = await fetch(`${base}/dev/faucet`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-auth-method': 'cookie', cookie: s.cookie },
    body: JSON.stringify({ currency, amount }),
  });
  if (res.status !== 200) throw new Error(`faucet ${res.status}: ${await res.text()}`);
}

/** Share of time runnable tasks waited for a CPU (Linux PSI), over the run: other load on the machine. */
function cpuPressureTotalUs(): number | null {
  try {
    const m = /some .*total=(\d+)/.exec(fs.readFileSync('/proc/pressure/cpu', 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

interface LoadResult {
  sent: number;
  done: number;
  acked: number;
  failed: number;
  firstError: unknown;
  latencies: number[];
  elapsed: number;
  bySecond: OrderLoadReport['bySecond'];
  /** Main-thread busy time per acknowledged request (µs). */
  busyUs: number;
  /** Whole-process CPU per acknowledged request (µs). */
  cpuUs: number;
  /** PSI CPU "some" pressure over the phase (%), null off Linux. */
  pressure: number | null;
}

/** One phase of steady load from the worker thread; `getPath` sends that GET instead of orders. */
async function load(
  port: number,
  sessions: Session[],
  rate: number,
  seconds: number,
  warmup: number,
  ramp: number,
  getPath?: string,
): Promise<LoadResult> {
  const data: OrderLoadData = {
    port,
    cookies: sessions.map((s) => s.cookie),
    rate,
    seconds,
    warmup,
    ramp,
    connections: CONNECTIONS,
    getPath: getPath ?? null,
  };
  const worker = startThread(new URL('./lib/order-load-thread.ts', import.meta.url), data);
  // The thread's own start-up (loading its TypeScript) is not part of the phase.
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  const elu0 = performance.eventLoopUtilization();
  const psi0 = cpuPressureTotalUs();
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const r = await new Promise<OrderLoadReport>((resolve, reject) => {
    worker.once('message', (result: OrderLoadReport) => {
      void worker.terminate();
      resolve(result);
    });
    worker.once('error', reject);
    worker.postMessage('go');
  });
  const elu = performance.eventLoopUtilization(elu0);
  const cpu = process.cpuUsage(cpu0);
  const psi1 = cpuPressureTotalUs();
  const pressure = psi0 === null || psi1 === null ? null : (psi1 - psi0) / 10 / (performance.now() - wall0);
  const acked = Math.max(1, r.acked);
  return { ...r, busyUs: (elu.active * 1000) / acked, cpuUs: (cpu.user + cpu.system) / acked, pressure };
}

export default async function run(): Promise<BenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ox-bench-orders-'));
  // Dev routes on: traders are funded through /dev/faucet.
  const config = testConfig({ dataDir, host: '127.0.0.1', port: 0, devRoutes: true });
  const app = await buildApp({ config: withOrderLimits(config), seed: true });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const base = `http://127.0.0.1:${address.port}`;

    const sessions: Session[] = [];
    for (let i = 0; i < USERS; i++) {
      const s = await register(base, i);
      await fund(base, s, 'usd', '100000000');
      await fund(base, s, 'btc', '100000');
      sessions.push(s);
    }

    const orders = await load(address.port, sessions, RATE, SECONDS, WARMUP, RAMP);
    const baseline = BASELINE ? await load(address.port, sessions, RATE, BASELINE_SECONDS, 1, 0, '/v1/account-management/fee-rates') : null;
    await app.exchange.idle();
    const invariants = app.exchange.checkInvariants();
    const trades = await app.ctx.database.db
      .selectFrom('trades')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();

    const sorted = orders.latencies.sort((a, b) => a - b);
    const throughput = orders.done / SECONDS;
    const p50 = percentile(sorted, 50);
    const p99 = percentile(sorted, 99);
    if (orders.failed > 0) console.warn(`api-orders: ${orders.failed} failed requests (first: ${String(orders.firstError)})`);
    if (invariants.length > 0) console.warn(`api-orders: ledger invariants broken: ${invariants.slice(0, 5).join('; ')}`);
    const round = (v: number) => Math.round(v * 100) / 100;
    const figures: BenchResult['figures'] = [
      {
        label: 'orders/s acknowledged',
        value: Math.round(throughput),
        unit: 'orders/s',
        target: '>= 3,000',
        pass: throughput >= 2970 && orders.failed === 0,
      },
      { label: 'latency p50', value: round(p50), unit: 'ms' },
      { label: 'latency p99', value: round(p99), unit: 'ms', target: '< 25', pass: p99 < 25 },
      { label: 'main-thread busy time per order', value: Math.round(orders.busyUs), unit: 'µs' },
      { label: 'CPU per order, whole process (server, SQLite writer, load generator)', value: Math.round(orders.cpuUs), unit: 'µs' },
    ];
    if (orders.pressure !== null)
      figures.push({ label: 'CPU pressure from other work during the run (PSI some)', value: Math.round(orders.pressure), unit: '%' });
    if (baseline) {
      const b = baseline.latencies.sort((x, y) => x - y);
      figures.push(
        {
          label: 'baseline: authenticated GET (fee-rates) at the same rate, req/s',
          value: Math.round(baseline.done / BASELINE_SECONDS),
          unit: 'req/s',
        },
        { label: 'baseline: GET latency p99', value: round(percentile(b, 99)), unit: 'ms' },
        { label: 'baseline: main-thread busy time per GET', value: Math.round(baseline.busyUs), unit: 'µs' },
      );
    }
    return {
      name: 'api-orders',
      workload:
        `${USERS} users, ${CONNECTIONS} keep-alive connections from a worker thread, limit orders on btcusd around a mid at ` +
        `${RATE}/s for ${SECONDS} s after ${WARMUP} s of warm-up whose rate climbs from 0 over its first ${RAMP} s (per-user order rate raised to ${ORDER_LIMITS.ordersPerUser.max}/s and the ` +
        `open-order cap lifted for this workload: the defaults, ${defaultRateLimits.ordersPerUser.max} per ` +
        `${defaultRateLimits.ordersPerUser.windowMs / 1000} s and ${DEFAULT_MAX_OPEN_ORDERS}, are for one trader); ` +
        `${orders.done} acknowledged, ${orders.failed} failed, ${Number(trades.n)} trades; ` +
        `ledger invariants ${invariants.length === 0 ? 'hold' : 'BROKEN'}; SQLite WAL in a temp DATA_DIR. The baseline sends an ` +
        `authenticated GET at the same rate through the same HTTP and session stack: the ceiling of this machine for any call. ` +
        `CPU pressure above ~20% means other processes competed for the CPUs and latencies are not representative. ` +
        `p50 / p99 in ms by the second an order was due in (warm-up first): ${bySecondSeries(orders.bySecond)}.`,
      figures,
    };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  run()
    .then((r) => {
      console.log(JSON.stringify(r, null, 2));
      process.exit(0);
    })
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
