// Hub fan-out: the real server (src/server/main.ts) in a child process with SIM_RATE=5000 on a
// temp DATA_DIR, and 1,000 WebSocket clients speaking the JSON hub protocol by hand (negotiate,
// handshake, JoinFeedGroups) from two more child processes, so the load generator never shares
// the server's event loop. Each client joins every pair's ticker plus one pair's order book and
// trades (the pair it "has selected", spread over the pairs). Over the measured window we count
// the hub messages delivered and the lag from publish to receipt: books carry `lastpublished`
// and trades their trade time, both from the server's clock, read here with the same machine
// clock.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import WebSocket from 'ws';
import type { BenchResult } from './report';
import { loginDemo, nextMessage, type ClientJob, type FromClients, type ToClients } from './lib/hub-crowd';
import { serverNodeFlags } from '../scripts/server-node-flags.mjs';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const CLIENT_PROCESSES = Number(process.env.BENCH_CLIENT_PROCESSES ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const SIM_RATE = Number(process.env.BENCH_SIM_RATE ?? 5000);
const PAIRS = ['btcusd', 'ethusd', 'ethbtc', 'solusd', 'btcusdt', 'ethusdt'];
const RS = '\u001e';
/** Lag histogram: 1 ms buckets up to a minute (the last bucket collects everything beyond). */
const LAG_BUCKETS = 60_001;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SELF = fileURLToPath(import.meta.url);

/* ---------------- messages between the parent and the client processes ---------------- */

/* ---------------- the client processes ---------------- */

function feedsFor(index: number): string[] {
  const pair = PAIRS[index % PAIRS.length]!;
  return [...PAIRS.map((p) => `ticker.ox.${p}`), `orderbook.ox.${pair}`, `trades.ox.${pair}`];
}

/** Runs `count` clients in this process until the parent says stop. */
async function clientMain(job: ClientJob): Promise<void> {
  const send = (message: FromClients) => process.send!(message);
  let measuring = false;
  let messages = 0;
  const byTarget: Record<string, number> = {};
  const bookLag = new Array<number>(LAG_BUCKETS).fill(0);
  const tradeLag = new Array<number>(LAG_BUCKETS).fill(0);
  const sockets: WebSocket[] = [];
  let failed = 0;
  let closed = 0;
  let firstError: string | null = null;

  const record = (lag: number[], ms: number) => {
    lag[Math.min(LAG_BUCKETS - 1, Math.max(0, Math.round(ms)))]! += 1;
  };

  /** One hub record; only cheap string searches, so the generator keeps up with the server. */
  const onRecord = (s: string, start: number, end: number, now: number) => {
    const t = s.indexOf('"target":"', start);
    if (t < 0 || t > end) return;
    const nameEnd = s.indexOf('"', t + 10);
    const target = s.slice(t + 10, nameEnd);
    messages += 1;
    byTarget[target] = (byTarget[target] ?? 0) + 1;
    if (target === 'ReceiveOrderBook') {
      const at = s.lastIndexOf('"lastpublished":', end);
      if (at > start) record(bookLag, now - Number.parseInt(s.slice(at + 16, at + 32), 10));
    } else if (target === 'ReceiveTrade') {
      const at = s.indexOf('"timestamp":', start);
      if (at > 0 && at < end) record(tradeLag, now - Number.parseFloat(s.slice(at + 12, at + 32)) * 1000);
    }
  };

  const connect = async (index: number): Promise<void> => {
    const negotiated = await fetch(`${job.origin}/hubs/exchange/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { Cookie: job.cookie, 'X-Auth-Method': 'cookie' },
    });
    if (negotiated.status !== 200) throw new Error(`negotiate ${negotiated.status}`);
    const { connectionToken } = (await negotiated.json()) as { connectionToken: string };
    const ws = new WebSocket(`${job.origin.replace(/^http/, 'ws')}/hubs/exchange?id=${encodeURIComponent(connectionToken)}`, {
      headers: { Cookie: job.cookie, Origin: job.origin },
      perMessageDeflate: false,
    });
    sockets.push(ws);
    await new Promise<void>((resolve, reject) => {
      let stage: 'handshake' | 'join' | 'live' = 'handshake';
      let rest = '';
      const timer = setTimeout(() => reject(new Error('handshake and join took over 30 s')), 30_000);
      ws.on('error', (err) => reject(err));
      ws.on('close', (code, reason) => {
        if (!measuring) return;
        closed += 1;
        firstError ??= `closed during the run: ${code} ${reason.toString()}`;
      });
      ws.on('open', () => ws.send(JSON.stringify({ protocol: 'json', version: 1 }) + RS));
      ws.on('message', (data: WebSocket.RawData) => {
        const now = Date.now();
        const s = rest + data.toString();
        let start = 0;
        let end: number;
        while ((end = s.indexOf(RS, start)) !== -1) {
          if (stage === 'live') {
            if (measuring) onRecord(s, start, end, now);
          } else if (stage === 'handshake') {
            if (s.slice(start, end) !== '{}') return reject(new Error(`handshake refused: ${s.slice(start, end)}`));
            stage = 'join';
            ws.send(JSON.stringify({ type: 1, invocationId: '1', target: 'JoinFeedGroups', arguments: [feedsFor(index), null] }) + RS);
          } else if (s.startsWith('{"type":3', start) || s.slice(start, end).includes('"invocationId":"1"')) {
            if (s.slice(start, end).includes('"error"')) return reject(new Error(`join refused: ${s.slice(start, end)}`));
            stage = 'live';
            clearTimeout(timer);
            resolve();
          }
          start = end + 1;
        }
        rest = s.slice(start);
      });
    });
  };

  // The server drops clients that send nothing for 30 s, and connecting them all takes a while.
  const ping = setInterval(() => {
    for (const ws of sockets) if (ws.readyState === WebSocket.OPEN) ws.send(`{"type":6}${RS}`);
  }, 5_000);
  for (let i = 0; i < job.count; i += 25) {
    const batch = [];
    for (let k = i; k < Math.min(job.count, i + 25); k++) {
      batch.push(
        connect(job.offset + k).catch((err: unknown) => {
          failed += 1;
          firstError ??= String(err);
        }),
      );
    }
    await Promise.all(batch);
  }
  send({ kind: 'ready', connected: job.count - failed, failed, firstError });

  process.on('message', (message: ToClients) => {
    if (message.kind === 'start') {
      measuring = true;
      return;
    }
    measuring = false;
    clearInterval(ping);
    const compact = (h: number[]) => h.flatMap((n, ms) => (n > 0 ? [ms, n] : []));
    send({
      kind: 'report',
      report: {
        connected: job.count - failed,
        closed,
        failed,
        firstError,
        messages,
        byTarget,
        bookLag: compact(bookLag),
        tradeLag: compact(tradeLag),
      },
    });
    for (const ws of sockets) ws.terminate();
    setTimeout(() => process.exit(0), 200);
  });
}

/* ---------------- the parent ---------------- */

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function startServer(dataDir: string, port: number): Promise<{ child: ChildProcess; origin: string; output: () => string }> {
  const origin = `http://127.0.0.1:${port}`;
  let log = '';
  // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp") profiles the server.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...serverNodeFlags, ...nodeArgs, '--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      SIM_RATE: String(SIM_RATE),
      LOG_LEVEL: 'warn',
      STATIC_DIR: '',
      // The clients log in as the demo user.
      DEV_ROUTES: 'true',
      // Every simulated client is the demo user: lift the per-user hub caps above the crowd.
      HUB_MAX_CONNECTIONS_PER_USER: String(CLIENTS + 10),
      HUB_MAX_NEGOTIATIONS_PER_USER: String(CLIENTS + 10),
      HUB_NEGOTIATIONS_PER_MINUTE: String(CLIENTS + 10),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-20_000)));
  child.stderr?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-20_000)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${log}`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy in 90 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, origin, output: () => log };
}

function stopProcess(child: ChildProcess, signal: NodeJS.Signals, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

/** CPU seconds a process has used so far (Linux /proc; null elsewhere). */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

function percentile(histogram: Map<number, number>, total: number, p: number): number {
  if (total === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  for (const ms of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(ms)!;
    if (seen >= rank) return ms;
  }
  return Number.NaN;
}

function merge(into: Map<number, number>, compact: number[]): number {
  let total = 0;
  for (let i = 0; i < compact.length; i += 2) {
    into.set(compact[i]!, (into.get(compact[i]!) ?? 0) + compact[i + 1]!);
    total += compact[i + 1]!;
  }
  return total;
}

export default async function run(): Promise<BenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ox-hub-fanout-'));
  const server = await startServer(dataDir, await freePort());
  const clients: ChildProcess[] = [];
  try {
    const cookie = await loginDemo(server.origin);
    const perProcess = Math.ceil(CLIENTS / CLIENT_PROCESSES);
    for (let p = 0; p < CLIENT_PROCESSES; p++) {
      const count = Math.min(perProcess, CLIENTS - p * perProcess);
      const job: ClientJob = { origin: server.origin, cookie, count, offset: p * perProcess };
      clients.push(
        fork(SELF, [], {
          cwd: ROOT,
          execArgv: ['--import', 'tsx'],
          env: { ...process.env, HUB_FANOUT_JOB: JSON.stringify(job) },
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        }),
      );
    }
    const ready = await Promise.all(clients.map((c) => nextMessage(c, 'ready', 180_000)));
    const connected = ready.reduce((n, r) => n + r.connected, 0);
    let closedDuringRun = 0;
    const setupErrors = ready.map((r) => r.firstError).filter(Boolean);
    // Let the joins' snapshots pass before measuring the steady state.
    await new Promise((r) => setTimeout(r, 2_000));

    const t0 = Date.now();
    const cpu0 = cpuSeconds(server.child.pid);
    for (const c of clients) c.send({ kind: 'start' } satisfies ToClients);
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const cpu1 = cpuSeconds(server.child.pid);
    const reportsPromise = Promise.all(clients.map((c) => nextMessage(c, 'report', 60_000)));
    for (const c of clients) c.send({ kind: 'stop' } satisfies ToClients);
    const reports = (await reportsPromise).map((m) => m.report);
    const t1 = Date.now();
    const window = (t1 - t0) / 1000;

    const bookLag = new Map<number, number>();
    const tradeLag = new Map<number, number>();
    let books = 0;
    let trades = 0;
    let messages = 0;
    const byTarget: Record<string, number> = {};
    for (const r of reports) {
      closedDuringRun += r.closed;
      if (r.firstError) setupErrors.push(r.firstError);
      messages += r.messages;
      books += merge(bookLag, r.bookLag);
      trades += merge(tradeLag, r.tradeLag);
      for (const [k, v] of Object.entries(r.byTarget)) byTarget[k] = (byTarget[k] ?? 0) + v;
    }
    const all = new Map(bookLag);
    for (const [ms, n] of tradeLag) all.set(ms, (all.get(ms) ?? 0) + n);
    const p50 = percentile(all, books + trades, 50);
    const p99 = percentile(all, books + trades, 99);
    const perSecond = messages / window;

    await Promise.all(clients.map((c) => stopProcess(c, 'SIGTERM', 5_000)));
    await stopProcess(server.child, 'SIGTERM', 15_000);

    // What the simulator really sent through the exchange during the window, from storage.
    const db = new SqliteDatabase(path.join(dataDir, 'exchange.sqlite'), { readonly: true });
    const orders = db.prepare('SELECT COUNT(*) AS n FROM orders WHERE created_at BETWEEN ? AND ?').get(t0, t1) as { n: number };
    const stored = db.prepare('SELECT COUNT(*) AS n FROM trades WHERE created_at BETWEEN ? AND ?').get(t0, t1) as { n: number };
    db.close();

    const perTarget = Object.entries(byTarget)
      .map(([k, v]) => `${k} ${Math.round(v / window).toLocaleString('en-US')}/s`)
      .join(', ');
    return {
      name: 'hub-fanout',
      workload:
        `server child process (main.ts, SQLite temp DATA_DIR, SIM_RATE=${SIM_RATE}); ${connected}/${CLIENTS} raw JSON-protocol WebSocket ` +
        `clients in ${CLIENT_PROCESSES} child processes, each joined to ${PAIRS.length} tickers + one pair's order book and trades; ` +
        `${window.toFixed(1)} s measured. Delivered: ${perTarget}. Simulator through the exchange: ` +
        `${Math.round(orders.n / window).toLocaleString('en-US')} orders/s, ${Math.round(stored.n / window).toLocaleString('en-US')} trades/s. ` +
        `Lag = receipt time − lastpublished (books) or trade time (trades), same machine clock; book p99 ${percentile(bookLag, books, 99)} ms, ` +
        `trade p99 ${percentile(tradeLag, trades, 99)} ms. Load average at the end ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores.` +
        (setupErrors.length ? ` Connection errors: ${setupErrors.join('; ')}` : ''),
      figures: [
        { label: 'clients connected', value: connected, unit: 'clients', target: `= ${CLIENTS}`, pass: connected === CLIENTS },
        {
          label: 'connections dropped during the run',
          value: closedDuringRun,
          unit: 'clients',
          target: '= 0',
          pass: closedDuringRun === 0,
        },
        { label: 'messages delivered', value: Math.round(perSecond), unit: 'msg/s', target: '>= 100,000', pass: perSecond >= 100_000 },
        { label: 'publish→receipt lag p50', value: p50, unit: 'ms' },
        { label: 'publish→receipt lag p99', value: p99, unit: 'ms', target: '< 100', pass: p99 < 100 },
        { label: 'simulator orders through the exchange', value: Math.round(orders.n / window), unit: 'orders/s' },
        ...(cpu0 !== null && cpu1 !== null
          ? [{ label: 'server CPU', value: Math.round(((cpu1 - cpu0) / SECONDS) * 100), unit: '% of a core' }]
          : []),
      ],
    };
  } finally {
    await Promise.all(clients.map((c) => stopProcess(c, 'SIGKILL', 1_000)));
    await stopProcess(server.child, 'SIGTERM', 15_000);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const job = process.env.HUB_FANOUT_JOB;
if (job && process.send) {
  clientMain(JSON.parse(job) as ClientJob).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
} else if (process.argv[1] && path.resolve(process.argv[1]) === SELF) {
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
