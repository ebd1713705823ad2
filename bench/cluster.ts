// Cluster mode against one node, in one run: the same order load and the same hub crowd, first
// on a single server (the default: one process, SQLite), then on a cluster of one core and three
// edges (each its own process, one PostgreSQL database, one Redis). Orders go round-robin
// through the edges; hub clients are spread evenly over them. On a 2-core machine the cluster's
// five processes share the cores the single node has alone, so the figures show the cost of the
// extra hops, not a gain; the target is that it does not collapse (at least 70 % of one node).
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { startServer, tempDataDir, type RunningServer } from '../tests/e2e/support/server';
import { createThrowawayDatabase, postgresReachable } from '../tests/support/postgres';
import { dropRedisPrefix, REDIS_TEST_URL, redisReachable } from '../tests/support/redis';
import { individualRegistration } from '../tests/support/registration';
import { startThread } from '../src/server/lib/start-thread';
import type { OrderLoadData, OrderLoadReport } from './lib/order-load-thread';
import type { BenchResult, Figure } from './report';
import { loginDemo, nextMessage, type ClientJob } from './lib/hub-crowd';
import { machineCpuSeconds } from './lib/proc';
import { bySecondSeries } from './lib/stats';

const EDGES = 3;
const ORDER_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 48);
const USERS = 12;
const FANOUT_CLIENTS = Number(process.env.BENCH_CLIENTS ?? 3000);
const FANOUT_SECONDS = Number(process.env.BENCH_FANOUT_SECONDS ?? 10);
const SIM_RATE = Number(process.env.BENCH_SIM_RATE ?? 2000);
/**
 * The hub crowd again at a market both set-ups keep up with. At SIM_RATE one node's simulator
 * shares its event loop with the fan-out and slows down (it delivered about half the cluster's
 * trades), so the two lags of that run belong to markets of different activity. At this rate
 * both delivered about as much (67,000–74,000 messages/s; trades 5,300–5,900/s through the
 * cluster, 6,500–7,000/s through one node), so the lags compare one workload, if anything the
 * cluster's the lighter.
 */
const CALM_SIM_RATE = Number(process.env.BENCH_CALM_SIM_RATE ?? 100);
/**
 * Open-loop orders: this many a second whatever the answers, over OPEN_CONNECTIONS keep-alive
 * connections, by bench/api-orders.ts's load thread.
 */
const OPEN_RATE = Number(process.env.BENCH_OPEN_RATE ?? 4000);
const OPEN_CONNECTIONS = Number(process.env.BENCH_OPEN_CONNECTIONS ?? 192);
/**
 * The warm-up: the rate climbs from 0 over OPEN_RAMP seconds, then holds until the window opens.
 * Every set-up is freshly started and cold (no JIT, empty pools and caches); at full rate from
 * the first millisecond the cluster's five processes built a backlog of about a second that took
 * the whole window to drain (by-second series, docs/scaling.md), which measured the cold start,
 * not what a running cluster carries. Even climbing, the cluster's queue of the climb (about
 * 0.5 s) took until 5–8 s after the start to drain, so a 4 s warm-up still put that drain into
 * the window of the cluster alone; 10 s measures both set-ups warm. The series keeps the warm-up
 * visible.
 */
const OPEN_WARMUP = 10;
const OPEN_RAMP = 2;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FANOUT_CLIENT = path.join(ROOT, 'bench', 'hub-fanout.ts');
const PASSWORD = 'Bench!Passw0rd#1';

interface Nodes {
  /** Where clients go: the one server, or the edges. */
  urls: string[];
  /** Every server process of the set-up (one node; core and edges), for their CPU time. */
  pids: number[];
  stop(): Promise<void>;
}

function nodeEnv(simRate: number): Record<string, string> {
  return {
    SIM_RATE: String(simRate),
    STATIC_DIR: '',
    ORDER_RATE_LIMIT: '1000000/1s',
    MAX_OPEN_ORDERS: '1000000',
    // Every hub client is the demo user.
    HUB_MAX_CONNECTIONS_PER_USER: String(FANOUT_CLIENTS + 10),
    HUB_MAX_NEGOTIATIONS_PER_USER: String(FANOUT_CLIENTS + 10),
    HUB_NEGOTIATIONS_PER_MINUTE: String(FANOUT_CLIENTS + 10),
  };
}

async function single(simRate: number): Promise<Nodes> {
  const server = await startServer({ env: nodeEnv(simRate) });
  return {
    urls: [server.url],
    pids: [server.process.pid!],
    async stop() {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    },
  };
}

/** One node on the cluster's PostgreSQL: what the database alone costs, apart from the hops. */
async function singleOnPostgres(simRate: number): Promise<Nodes> {
  const database = await createThrowawayDatabase();
  const server = await startServer({ env: { ...nodeEnv(simRate), DATABASE_URL: database.url } });
  return {
    urls: [server.url],
    pids: [server.process.pid!],
    async stop() {
      await server.stop();
      await database.drop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    },
  };
}

async function cluster(simRate: number): Promise<Nodes> {
  const database = await createThrowawayDatabase();
  const prefix = `oxbench-${process.pid}-${Date.now()}`;
  const dataDir = tempDataDir('ox-bench-cluster-');
  const shared = { ...nodeEnv(simRate), DATABASE_URL: database.url, REDIS_URL: REDIS_TEST_URL, CLUSTER_PREFIX: prefix };
  const nodes: RunningServer[] = [await startServer({ dataDir, env: { ...shared, ROLE: 'core' } })];
  for (let i = 0; i < EDGES; i++) nodes.push(await startServer({ dataDir, env: { ...shared, ROLE: 'edge', EDGE_ID: `edge-${i + 1}` } }));
  return {
    urls: nodes.slice(1).map((n) => n.url),
    pids: nodes.map((n) => n.process.pid!),
    async stop() {
      // Edges first, so none waits on a core that is gone.
      for (const n of nodes.slice(1)) await n.stop();
      await nodes[0]!.stop();
      await dropRedisPrefix(prefix);
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function post(url: string, cookie: string | null, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie, 'x-auth-method': 'cookie' } : {}) },
    body: JSON.stringify(body),
  });
}

async function trader(base: string, i: number): Promise<string> {
  const email = `bench.cluster.${process.pid}.${Date.now()}.${i}@example.com`;
  const res = await post(`${base}/v1/users/register`, null, individualRegistration({ last_name: `Trader${i}`, email, password: PASSWORD }));
  if (res.status !== 200) throw new Error(`register ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  for (const [currency, amount] of [
    ['usd', '100000000'],
    ['btc', '10000'],
  ]) {
    const funded = await post(`${base}/dev/faucet`, cookie, { currency, amount });
    if (funded.status !== 200) throw new Error(`faucet ${funded.status}: ${await funded.text()}`);
  }
  return cookie;
}

function series(figures: OrderFigures): string {
  return bySecondSeries(figures.bySecond ?? []);
}

function p(sorted: number[], q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((q / 100) * sorted.length) - 1)]! : Number.NaN;
}

/** CPU seconds (user + system) the processes have used so far, from /proc (Linux). */
function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return Number.NaN;
    }
  }
  return ticks / 100;
}

interface OrderFigures {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU of the set-up's server processes (not Redis, PostgreSQL or the load) per answered order. */
  cpuUsPerOrder: number;
  /** CPU of the whole machine (every process: Redis, PostgreSQL and the load too) per answered order. */
  machineUsPerOrder: number;
  /** Open loop: CPU of the first process alone (the core; the one node) per answered order. */
  coreUsPerOrder?: number;
  /** Open loop: p50 / p99 by the second an order was due in, warm-up included. */
  bySecond?: OrderLoadReport['bySecond'];
}

/**
 * Open-loop orders at OPEN_RATE a second, whatever the answers, spread over the set-up's
 * servers: what it can carry rather than how long one order takes. Latency counts from when an
 * order was due, so a backlog shows in it.
 */
async function openOrderLoad(nodes: Nodes): Promise<OrderFigures> {
  const cookies: string[] = [];
  for (let i = 0; i < USERS; i++) cookies.push(await trader(nodes.urls[i % nodes.urls.length]!, 100 + i));
  const data: OrderLoadData = {
    port: Number(new URL(nodes.urls[0]!).port),
    ports: nodes.urls.map((u) => Number(new URL(u).port)),
    cookies,
    rate: OPEN_RATE,
    seconds: ORDER_SECONDS,
    warmup: OPEN_WARMUP,
    ramp: OPEN_RAMP,
    connections: OPEN_CONNECTIONS,
    getPath: null,
  };
  const worker = startThread(new URL('./lib/order-load-thread.ts', import.meta.url), data);
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  let cpu0 = Number.NaN;
  let machine0 = Number.NaN;
  let core0 = Number.NaN;
  let cpu = Number.NaN;
  let machine = Number.NaN;
  let core = Number.NaN;
  // CPU is read over the measured window: from the end of the warm-up to the end of sending.
  const warm = setTimeout(() => {
    cpu0 = cpuSeconds(nodes.pids);
    machine0 = machineCpuSeconds();
    core0 = cpuSeconds(nodes.pids.slice(0, 1));
  }, OPEN_WARMUP * 1000);
  const close = setTimeout(
    () => {
      cpu = cpuSeconds(nodes.pids) - cpu0;
      machine = machineCpuSeconds() - machine0;
      core = cpuSeconds(nodes.pids.slice(0, 1)) - core0;
    },
    (OPEN_WARMUP + ORDER_SECONDS) * 1000,
  );
  const r = await new Promise<OrderLoadReport>((resolve, reject) => {
    worker.once('message', (result: OrderLoadReport) => {
      void worker.terminate();
      resolve(result);
    });
    worker.once('error', reject);
    worker.postMessage('go');
  });
  clearTimeout(warm);
  clearTimeout(close);
  const latencies = r.latencies.sort((a, b) => a - b);
  // What was carried: answers inside the window, not the window's orders answered in the drain.
  const carried = Math.max(1, r.answeredInWindow);
  return {
    perSecond: r.answeredInWindow / ORDER_SECONDS,
    p50: p(latencies, 50),
    p99: p(latencies, 99),
    errors: r.failed,
    cpuUsPerOrder: (cpu * 1e6) / carried,
    machineUsPerOrder: (machine * 1e6) / carried,
    coreUsPerOrder: (core * 1e6) / carried,
    bySecond: r.bySecond,
  };
}

/** Closed-loop clients sending limit orders around a mid (about half trade), round-robin over `urls`. */
async function orderLoad(nodes: Nodes): Promise<OrderFigures> {
  const cookies: string[] = [];
  for (let i = 0; i < USERS; i++) cookies.push(await trader(nodes.urls[i % nodes.urls.length]!, i));
  const latencies: number[] = [];
  let errors = 0;
  let n = 0;
  const warmupEnd = performance.now() + 1_500;
  const end = warmupEnd + ORDER_SECONDS * 1000;
  let cpu0 = Number.NaN;
  let machine0 = Number.NaN;
  const warm = setTimeout(() => {
    cpu0 = cpuSeconds(nodes.pids);
    machine0 = machineCpuSeconds();
  }, warmupEnd - performance.now());
  const clients = Array.from({ length: CONNECTIONS }, async (_, c) => {
    const base = nodes.urls[c % nodes.urls.length]!;
    const cookie = cookies[c % USERS]!;
    const side = c % 2 === 0 ? 'buy' : 'sell';
    for (;;) {
      const t0 = performance.now();
      if (t0 >= end) return;
      n += 1;
      const price = (30_000 + ((n * 7919) % 40) - 20).toFixed(2);
      const res = await post(`${base}/v1/orders/${side}`, cookie, { currency_pair: 'btcusd', price, quantity: '0.001' });
      await res.arrayBuffer();
      if (t0 < warmupEnd) continue;
      if (res.status === 200) latencies.push(performance.now() - t0);
      else errors += 1;
    }
  });
  await Promise.all(clients);
  clearTimeout(warm);
  const cpu = cpuSeconds(nodes.pids) - cpu0;
  const machine = machineCpuSeconds() - machine0;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / ORDER_SECONDS,
    p50: p(latencies, 50),
    p99: p(latencies, 99),
    errors,
    cpuUsPerOrder: (cpu * 1e6) / Math.max(1, latencies.length),
    machineUsPerOrder: (machine * 1e6) / Math.max(1, latencies.length),
  };
}

interface HubFigures {
  connected: number;
  closed: number;
  perSecond: number;
  p99: number;
  /** Messages a second by hub method (ReceiveTrade, ReceiveOrderBook, ReceiveTicker). */
  byTarget: Record<string, number>;
}

function perTarget(hub: HubFigures): string {
  return Object.entries(hub.byTarget)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([target, n]) => `${target} ${Math.round(n).toLocaleString('en-US')}`)
    .join(', ');
}

/** The hub crowd of bench/hub-fanout.ts, one client process per node, clients spread evenly. */
async function fanout(nodes: Nodes): Promise<HubFigures> {
  const cookie = await loginDemo(nodes.urls[0]!);
  // Three client processes in both set-ups, so only the servers differ.
  const processes = EDGES;
  const per = Math.ceil(FANOUT_CLIENTS / processes);
  const clients = Array.from({ length: processes }, (_, i) =>
    fork(FANOUT_CLIENT, [], {
      cwd: ROOT,
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        HUB_FANOUT_JOB: JSON.stringify({
          origin: nodes.urls[i % nodes.urls.length]!,
          cookie,
          count: Math.min(per, FANOUT_CLIENTS - i * per),
          offset: i * per,
        } satisfies ClientJob),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  try {
    const ready = await Promise.all(clients.map((c) => nextMessage(c, 'ready', 600_000)));
    await new Promise((r) => setTimeout(r, 2_000));
    const t0 = Date.now();
    for (const c of clients) c.send({ kind: 'start' });
    await new Promise((r) => setTimeout(r, FANOUT_SECONDS * 1000));
    const reports = clients.map((c) => nextMessage(c, 'report', 60_000));
    for (const c of clients) c.send({ kind: 'stop' });
    const done = (await Promise.all(reports)).map((m) => m.report);
    const window = (Date.now() - t0) / 1000;
    const lag = new Map<number, number>();
    let total = 0;
    for (const r of done) {
      for (const h of [r.bookLag, r.tradeLag]) {
        for (let i = 0; i < h.length; i += 2) {
          lag.set(h[i]!, (lag.get(h[i]!) ?? 0) + h[i + 1]!);
          total += h[i + 1]!;
        }
      }
    }
    let seen = 0;
    let p99 = Number.NaN;
    for (const ms of [...lag.keys()].sort((a, b) => a - b)) {
      seen += lag.get(ms)!;
      if (seen >= Math.ceil(0.99 * total)) {
        p99 = ms;
        break;
      }
    }
    const byTarget: Record<string, number> = {};
    for (const r of done) for (const [target, n] of Object.entries(r.byTarget)) byTarget[target] = (byTarget[target] ?? 0) + n / window;
    return {
      connected: ready.reduce((s, r) => s + r.connected, 0),
      closed: done.reduce((s, r) => s + r.closed, 0),
      perSecond: done.reduce((s, r) => s + r.messages, 0) / window,
      p99,
      byTarget,
    };
  } finally {
    for (const c of clients) if (c.exitCode === null) c.kill('SIGKILL');
  }
}

/** Both order loads on one fresh set-up each, without the simulator. */
async function orders(start: (simRate: number) => Promise<Nodes>): Promise<{ closed: OrderFigures; open: OrderFigures }> {
  let nodes = await start(0);
  const closed = await orderLoad(nodes).finally(() => nodes.stop());
  nodes = await start(0);
  const open = await openOrderLoad(nodes).finally(() => nodes.stop());
  return { closed, open };
}

function ratio(label: string, cluster: number, one: number, higherIsBetter: boolean): Figure {
  const share = higherIsBetter ? cluster / one : one / cluster;
  return { label, value: Math.round(share * 100), unit: '% of one node', target: '>= 70', pass: share >= 0.7 };
}

export default async function run(): Promise<BenchResult> {
  if (!postgresReachable || !redisReachable) {
    return {
      name: 'cluster',
      workload: 'skipped: cluster mode needs PostgreSQL and Redis (TEST_DATABASE_URL, TEST_REDIS_URL)',
      figures: [],
    };
  }
  const measure = async (start: (simRate: number) => Promise<Nodes>) => {
    const load = await orders(start);
    let nodes = await start(SIM_RATE);
    const hub = await fanout(nodes).finally(() => nodes.stop());
    nodes = await start(CALM_SIM_RATE);
    const calm = await fanout(nodes).finally(() => nodes.stop());
    return { ...load, hub, calm };
  };
  const one = await measure(single);
  const onPostgres = await orders(singleOnPostgres);
  const many = await measure(cluster);
  const r = (x: number) => Math.round(x * 10) / 10;
  const cpu = (x: number) => Math.round(x);
  return {
    name: 'cluster',
    workload:
      `one node (main.ts, SQLite) against one core + ${EDGES} edges (PostgreSQL, Redis) on this machine. Orders, closed loop: ` +
      `${CONNECTIONS} HTTP clients of ${USERS} users for ${ORDER_SECONDS} s, each waiting for its answer (throughput = clients ÷ latency), ` +
      `limit orders around a mid, round-robin over the edges (errors: one node ${one.closed.errors}, cluster ${many.closed.errors}). ` +
      `Orders, open loop (the target's figure): ${OPEN_RATE} orders/s offered whatever the answers, over ${OPEN_CONNECTIONS} ` +
      `keep-alive connections spread over the edges, ${OPEN_WARMUP} s warm-up (the rate climbing from 0 over the first ${OPEN_RAMP} s) then ${ORDER_SECONDS} s measured; latency from when ` +
      `an order was due; orders/s counts answers that came inside the measured window, not the drain after it (errors: one node ${one.open.errors}, on PostgreSQL ${onPostgres.open.errors}, cluster ${many.open.errors}). ` +
      `CPU per order: user + system of the set-up's server processes (one node; core + edges), not Redis, PostgreSQL or the load; machine CPU: every process on the machine, those included. ` +
      `Hub: ${FANOUT_CLIENTS} WebSocket clients ` +
      `(bench/hub-fanout.ts's), spread evenly over the edges, SIM_RATE=${SIM_RATE} on the core, ${FANOUT_SECONDS} s; ` +
      `connected ${one.hub.connected} / ${many.hub.connected}, dropped ${one.hub.closed} / ${many.hub.closed}; messages/s by method, ` +
      `one node: ${perTarget(one.hub)}; 3 edges: ${perTarget(many.hub)}. The same crowd at SIM_RATE=${CALM_SIM_RATE}, a market both keep up ` +
      `with: one node ${perTarget(one.calm)}; 3 edges ${perTarget(many.calm)}; dropped ${one.calm.closed} / ${many.calm.closed}. ` +
      `Open loop, p50 / p99 in ms by the second an order was due in (warm-up first): one node ${series(one.open)}; ` +
      `one node on PostgreSQL ${series(onPostgres.open)}; 3 edges ${series(many.open)}. ` +
      `Load average at the end ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores.`,
    figures: [
      { label: 'orders open loop, one node', value: Math.round(one.open.perSecond), unit: 'orders/s' },
      { label: 'orders open loop, one node on PostgreSQL', value: Math.round(onPostgres.open.perSecond), unit: 'orders/s' },
      { label: 'orders open loop, 3 edges', value: Math.round(many.open.perSecond), unit: 'orders/s' },
      ratio('orders/s open loop, 3 edges against one node', many.open.perSecond, one.open.perSecond, true),
      { label: 'order p50 open loop, one node', value: r(one.open.p50), unit: 'ms' },
      { label: 'order p50 open loop, one node on PostgreSQL', value: r(onPostgres.open.p50), unit: 'ms' },
      { label: 'order p50 open loop, 3 edges', value: r(many.open.p50), unit: 'ms' },
      { label: 'order p99 open loop, one node', value: r(one.open.p99), unit: 'ms' },
      { label: 'order p99 open loop, one node on PostgreSQL', value: r(onPostgres.open.p99), unit: 'ms' },
      { label: 'order p99 open loop, 3 edges', value: r(many.open.p99), unit: 'ms' },
      { label: 'CPU per order open loop, one node', value: cpu(one.open.cpuUsPerOrder), unit: 'µs' },
      { label: 'CPU per order open loop, one node on PostgreSQL', value: cpu(onPostgres.open.cpuUsPerOrder), unit: 'µs' },
      { label: 'CPU per order open loop, core + 3 edges', value: cpu(many.open.cpuUsPerOrder), unit: 'µs' },
      { label: 'CPU per order open loop, the core alone', value: cpu(many.open.coreUsPerOrder ?? Number.NaN), unit: 'µs' },
      { label: 'machine CPU per order open loop, one node', value: cpu(one.open.machineUsPerOrder), unit: 'µs' },
      { label: 'machine CPU per order open loop, one node on PostgreSQL', value: cpu(onPostgres.open.machineUsPerOrder), unit: 'µs' },
      { label: 'machine CPU per order open loop, cluster', value: cpu(many.open.machineUsPerOrder), unit: 'µs' },
      { label: 'orders closed loop, one node', value: Math.round(one.closed.perSecond), unit: 'orders/s' },
      { label: 'orders closed loop, one node on PostgreSQL', value: Math.round(onPostgres.closed.perSecond), unit: 'orders/s' },
      { label: 'orders closed loop, 3 edges', value: Math.round(many.closed.perSecond), unit: 'orders/s' },
      {
        label: 'orders/s closed loop (latency-bound), 3 edges against one node',
        value: Math.round((many.closed.perSecond / one.closed.perSecond) * 100),
        unit: '% of one node',
      },
      { label: 'order p99 closed loop, one node', value: r(one.closed.p99), unit: 'ms' },
      { label: 'order p99 closed loop, one node on PostgreSQL', value: r(onPostgres.closed.p99), unit: 'ms' },
      { label: 'order p99 closed loop, 3 edges', value: r(many.closed.p99), unit: 'ms' },
      { label: 'hub messages, one node', value: Math.round(one.hub.perSecond), unit: 'msg/s' },
      { label: 'hub messages, 3 edges', value: Math.round(many.hub.perSecond), unit: 'msg/s' },
      ratio('hub msg/s, 3 edges against one node', many.hub.perSecond, one.hub.perSecond, true),
      { label: 'hub lag p99, one node', value: one.hub.p99, unit: 'ms' },
      { label: 'hub lag p99, 3 edges', value: many.hub.p99, unit: 'ms' },
      { label: `hub messages at SIM_RATE=${CALM_SIM_RATE}, one node`, value: Math.round(one.calm.perSecond), unit: 'msg/s' },
      { label: `hub messages at SIM_RATE=${CALM_SIM_RATE}, 3 edges`, value: Math.round(many.calm.perSecond), unit: 'msg/s' },
      { label: `hub lag p99 at SIM_RATE=${CALM_SIM_RATE}, one node`, value: one.calm.p99, unit: 'ms' },
      { label: `hub lag p99 at SIM_RATE=${CALM_SIM_RATE}, 3 edges`, value: many.calm.p99, unit: 'ms' },
      ratio(`hub lag p99 at SIM_RATE=${CALM_SIM_RATE} (one market), 3 edges against one node`, many.calm.p99, one.calm.p99, false),
    ],
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  run()
    .then((result) => {
      console.log(JSON.stringify(result, null, 2));
      process.exit(0);
    })
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
