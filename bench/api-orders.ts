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
import { Worker } from 'node:worker_threads';
import { buildApp } from '../src/server/app';
import { DEFAULT_MAX_OPEN_ORDERS, defaultRateLimits, testConfig, type ServerConfig } from '../src/server/config';
import type { BenchResult } from './report';

const RATE = Number(process.env.BENCH_RATE ?? 3000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
/** Many clients, as on a live exchange: each connection carries one request at a time. */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 128);
/** Seconds at the same rate before measuring (JIT, caches, first WAL checkpoints). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
/** Then the same load against an authenticated GET, to show what the HTTP + session stack alone allows here. */
const BASELINE = process.env.BENCH_BASELINE !== '0';
const BASELINE_SECONDS = 5;
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

// Plain JavaScript, so the worker needs no TypeScript loader. Raw keep-alive HTTP/1.1 over
// `net` rather than node:http's client, which costs several times more CPU per request and shares
// the two cores with the server. A request waits for a free connection if all are busy; its
// latency counts from the moment it was due, so waiting is never hidden.
const loadGenerator = `
const { parentPort, workerData } = require('node:worker_threads');
const net = require('node:net');
const { port, cookies, rate, seconds, warmup, connections, getPath } = workerData;
const latencies = [];
let sent = 0, done = 0, acked = 0, failed = 0, inflight = 0, firstError = null;
let seed = 42;
const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
const backlog = [];
const idle = [];
function request() {
  const cookie = cookies[sent % cookies.length];
  if (getPath) return 'GET ' + getPath + ' HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nX-Auth-Method: cookie\\r\\nCookie: ' + cookie + '\\r\\n\\r\\n';
  const buy = rnd() < 0.5;
  const ticks = Math.floor(rnd() * 21) - 10; // mid 30000 ± 0.10
  const price = (3000000 + (buy ? ticks : -ticks) + (buy ? -3 : 3)) / 100;
  const quantity = (1 + Math.floor(rnd() * 20)) / 1000;
  const body = JSON.stringify({ currency_pair: 'btcusd', algorithm_id: 201, price: price.toFixed(2), quantity: quantity.toFixed(3), client_order_id: String(100000 + sent) + '-' + Math.floor(rnd() * 1e9) });
  return 'POST ' + (buy ? '/v1/orders/buy' : '/v1/orders/sell') + ' HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nContent-Type: application/json\\r\\nContent-Length: ' + Buffer.byteLength(body) + '\\r\\nX-Auth-Method: cookie\\r\\nCookie: ' + cookie + '\\r\\n\\r\\n' + body;
}
function finished(conn, status) {
  const job = conn.job;
  conn.job = null;
  inflight--;
  const ms = Number(process.hrtime.bigint() - job.t0) / 1e6;
  if (status === 200) { acked++; if (job.measured) { done++; latencies.push(ms); } }
  else { failed++; if (!firstError) firstError = status; }
  const next = backlog.shift();
  if (next) dispatch(conn, next); else idle.push(conn);
}
function dispatch(conn, job) {
  conn.job = job;
  conn.socket.write(job.text);
}
// Only what is needed to find where a response ends: status line, Content-Length, body.
function onData(conn, chunk) {
  conn.buf = conn.buf.length ? Buffer.concat([conn.buf, chunk]) : chunk;
  for (;;) {
    if (!conn.job) { conn.buf = Buffer.alloc(0); return; }
    const head = conn.buf.indexOf('\\r\\n\\r\\n');
    if (head < 0) return;
    const text = conn.buf.toString('latin1', 0, head);
    const status = Number(text.slice(9, 12));
    const m = /content-length: *(\\d+)/i.exec(text);
    const length = m ? Number(m[1]) : 0;
    if (conn.buf.length < head + 4 + length) return;
    conn.buf = conn.buf.subarray(head + 4 + length);
    finished(conn, status);
  }
}
function open() {
  return new Promise((resolve, reject) => {
    const conn = { socket: null, job: null, buf: Buffer.alloc(0) };
    conn.socket = net.connect({ host: '127.0.0.1', port, noDelay: true }, () => resolve(conn));
    conn.socket.on('data', (chunk) => onData(conn, chunk));
    conn.socket.on('error', (e) => { if (!firstError) firstError = String(e); reject(e); });
    conn.socket.on('close', () => { if (conn.job) { inflight--; failed++; conn.job = null; if (!firstError) firstError = 'connection closed'; } });
  });
}
function send() {
  const job = { text: request(), t0: process.hrtime.bigint(), measured: Date.now() >= measureFrom };
  sent++;
  inflight++;
  const conn = idle.pop();
  if (conn) dispatch(conn, job); else backlog.push(job);
}
let start = 0, measureFrom = 0, end = 0;
function tick() {
  const now = Date.now();
  if (now >= end) return finish();
  const due = Math.floor(((now - start) / 1000) * rate);
  while (sent < due) send();
  setTimeout(tick, 1);
}
const all = [];
function finish() {
  const report = () => {
    for (const conn of all) conn.socket.destroy();
    parentPort.postMessage({ sent, done, acked, failed, firstError, latencies, elapsed: (Date.now() - start) / 1000 });
  };
  const wait = () => (inflight > 0 && Date.now() < end + 10000 ? setTimeout(wait, 10) : report());
  wait();
}
Promise.all(Array.from({ length: connections }, open)).then((list) => {
  all.push(...list);
  idle.push(...list);
  start = Date.now();
  measureFrom = start + warmup * 1000;
  end = measureFrom + seconds * 1000;
  tick();
});
`;

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
  /** Main-thread busy time per acknowledged request (µs). */
  busyUs: number;
  /** Whole-process CPU per acknowledged request (µs). */
  cpuUs: number;
  /** PSI CPU "some" pressure over the phase (%), null off Linux. */
  pressure: number | null;
}

/** One phase of steady load from the worker thread; `getPath` sends that GET instead of orders. */
async function load(port: number, sessions: Session[], rate: number, seconds: number, warmup: number, getPath?: string): Promise<LoadResult> {
  const elu0 = performance.eventLoopUtilization();
  const psi0 = cpuPressureTotalUs();
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const r = await new Promise<Omit<LoadResult, 'busyUs' | 'cpuUs' | 'pressure'>>((resolve, reject) => {
    const worker = new Worker(loadGenerator, {
      eval: true,
      workerData: { port, cookies: sessions.map((s) => s.cookie), rate, seconds, warmup, connections: CONNECTIONS, getPath: getPath ?? null },
    });
    worker.once('message', (result: Omit<LoadResult, 'busyUs' | 'cpuUs' | 'pressure'>) => {
      void worker.terminate();
      resolve(result);
    });
    worker.once('error', reject);
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

    const orders = await load(address.port, sessions, RATE, SECONDS, WARMUP);
    const baseline = BASELINE ? await load(address.port, sessions, RATE, BASELINE_SECONDS, 1, '/v1/account-management/fee-rates') : null;
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
      { label: 'orders/s acknowledged', value: Math.round(throughput), unit: 'orders/s', target: '>= 3,000', pass: throughput >= 2970 && orders.failed === 0 },
      { label: 'latency p50', value: round(p50), unit: 'ms' },
      { label: 'latency p99', value: round(p99), unit: 'ms', target: '< 25', pass: p99 < 25 },
      { label: 'main-thread busy time per order', value: Math.round(orders.busyUs), unit: 'µs' },
      { label: 'CPU per order, whole process (server, SQLite writer, load generator)', value: Math.round(orders.cpuUs), unit: 'µs' },
    ];
    if (orders.pressure !== null) figures.push({ label: 'CPU pressure from other work during the run (PSI some)', value: Math.round(orders.pressure), unit: '%' });
    if (baseline) {
      const b = baseline.latencies.sort((x, y) => x - y);
      figures.push(
        { label: 'baseline: authenticated GET (fee-rates) at the same rate, req/s', value: Math.round(baseline.done / BASELINE_SECONDS), unit: 'req/s' },
        { label: 'baseline: GET latency p99', value: round(percentile(b, 99)), unit: 'ms' },
        { label: 'baseline: main-thread busy time per GET', value: Math.round(baseline.busyUs), unit: 'µs' },
      );
    }
    return {
      name: 'api-orders',
      workload:
        `${USERS} users, ${CONNECTIONS} keep-alive connections from a worker thread, limit orders on btcusd around a mid at ` +
        `${RATE}/s for ${SECONDS} s after ${WARMUP} s of warm-up (per-user order rate raised to ${ORDER_LIMITS.ordersPerUser.max}/s and the ` +
        `open-order cap lifted for this workload: the defaults, ${defaultRateLimits.ordersPerUser.max} per ` +
        `${defaultRateLimits.ordersPerUser.windowMs / 1000} s and ${DEFAULT_MAX_OPEN_ORDERS}, are for one trader); ` +
        `${orders.done} acknowledged, ${orders.failed} failed, ${Number(trades.n)} trades; ` +
        `ledger invariants ${invariants.length === 0 ? 'hold' : 'BROKEN'}; SQLite WAL in a temp DATA_DIR. The baseline sends an ` +
        `authenticated GET at the same rate through the same HTTP and session stack: the ceiling of this machine for any call. ` +
        `CPU pressure above ~20% means other processes competed for the CPUs and latencies are not representative.`,
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
