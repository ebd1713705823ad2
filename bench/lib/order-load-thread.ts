import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

// The load generator of bench/api-orders.ts, on its own thread. Raw keep-alive HTTP/1.1 over
// `net` rather than node:http's client, which costs several times more CPU per request and shares
// the two cores with the server. A request waits for a free connection if all are busy; its
// latency counts from the moment it was due, so waiting is never hidden. It reports 'ready' once
// loaded and starts on 'go', so its own start-up stays out of the measured phase.

export interface OrderLoadData {
  port: number;
  /** Spread the connections round-robin over these ports instead (a cluster's edges). */
  ports?: number[];
  cookies: string[];
  rate: number;
  seconds: number;
  warmup: number;
  /**
   * Seconds over which the offered rate climbs from 0 to `rate` at the start of the warm-up
   * (absent: full rate at once), as a balancer's slow start brings new servers into rotation.
   */
  ramp?: number;
  connections: number;
  /** Send this GET instead of orders. */
  getPath: string | null;
}

export interface OrderLoadReport {
  sent: number;
  done: number;
  acked: number;
  failed: number;
  firstError: string | number | null;
  latencies: number[];
  elapsed: number;
  /**
   * Orders acknowledged while the measured window was open, whenever they were sent: the rate a
   * set-up carried. `done` also counts answers that came in the drain after the window, so
   * under a backlog it follows what was offered rather than what was carried.
   */
  answeredInWindow: number;
  /** Latency by the second of the run an order was due in (warm-up included), to show a backlog's shape. */
  bySecond: { second: number; answered: number; p50: number; p99: number }[];
}

interface Job {
  text: string;
  t0: bigint;
  measured: boolean;
  /** The second of the run the order was due in. */
  second: number;
}

interface Conn {
  socket: net.Socket;
  job: Job | null;
  buf: Buffer;
}

const { port, ports, cookies, rate, seconds, warmup, connections, getPath, ramp = 0 } = workerData as OrderLoadData;

/** Orders due `t` seconds after the start: the rate climbs linearly over `ramp`, then holds. */
function dueBy(t: number): number {
  if (ramp <= 0 || t >= ramp) return Math.floor(rate * (t - ramp / 2));
  return Math.floor((rate * t * t) / (2 * ramp));
}
const parent = parentPort!;
const latencies: number[] = [];
let answeredInWindow = 0;
/** Latencies of every answered order, by the second it was due in. */
const secondLatencies: number[][] = [];
let sent = 0;
let done = 0;
let acked = 0;
let failed = 0;
let inflight = 0;
let firstError: string | number | null = null;
let seed = 42;
const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const backlog: Job[] = [];
const idle: Conn[] = [];
let start = 0;
let measureFrom = 0;
let end = 0;

function request(): string {
  const cookie = cookies[sent % cookies.length]!;
  if (getPath) return `GET ${getPath} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Auth-Method: cookie\r\nCookie: ${cookie}\r\n\r\n`;
  const buy = rnd() < 0.5;
  const ticks = Math.floor(rnd() * 21) - 10; // mid 30000 ± 0.10
  const price = (3000000 + (buy ? ticks : -ticks) + (buy ? -3 : 3)) / 100;
  const quantity = (1 + Math.floor(rnd() * 20)) / 1000;
  const body = JSON.stringify({
    currency_pair: 'btcusd',
    algorithm_id: 201,
    price: price.toFixed(2),
    quantity: quantity.toFixed(3),
    client_order_id: `${String(100000 + sent)}-${Math.floor(rnd() * 1e9)}`,
  });
  return (
    `POST ${buy ? '/v1/orders/buy' : '/v1/orders/sell'} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nX-Auth-Method: cookie\r\nCookie: ${cookie}\r\n\r\n${body}`
  );
}

function finished(conn: Conn, status: number): void {
  const job = conn.job!;
  conn.job = null;
  inflight--;
  const ms = Number(process.hrtime.bigint() - job.t0) / 1e6;
  if (status === 200) {
    acked++;
    (secondLatencies[job.second] ??= []).push(ms);
    const now = Date.now();
    if (now >= measureFrom && now < end) answeredInWindow++;
    if (job.measured) {
      done++;
      latencies.push(ms);
    }
  } else {
    failed++;
    firstError ??= status;
  }
  const next = backlog.shift();
  if (next) dispatch(conn, next);
  else idle.push(conn);
}

function dispatch(conn: Conn, job: Job): void {
  conn.job = job;
  conn.socket.write(job.text);
}

// Only what is needed to find where a response ends: status line, Content-Length, body.
function onData(conn: Conn, chunk: Buffer): void {
  conn.buf = conn.buf.length ? Buffer.concat([conn.buf, chunk]) : chunk;
  for (;;) {
    if (!conn.job) {
      conn.buf = Buffer.alloc(0);
      return;
    }
    const head = conn.buf.indexOf('\r\n\r\n');
    if (head < 0) return;
    const text = conn.buf.toString('latin1', 0, head);
    const status = Number(text.slice(9, 12));
    const m = /content-length: *(\d+)/i.exec(text);
    const length = m ? Number(m[1]) : 0;
    if (conn.buf.length < head + 4 + length) return;
    conn.buf = conn.buf.subarray(head + 4 + length);
    finished(conn, status);
  }
}

function open(_: unknown, i: number): Promise<Conn> {
  const to = ports?.length ? ports[i % ports.length]! : port;
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port: to, noDelay: true }, () => resolve(conn));
    const conn: Conn = { socket, job: null, buf: Buffer.alloc(0) };
    socket.on('data', (chunk: Buffer) => onData(conn, chunk));
    socket.on('error', (e) => {
      firstError ??= String(e);
      reject(e);
    });
    socket.on('close', () => {
      if (conn.job) {
        inflight--;
        failed++;
        conn.job = null;
        firstError ??= 'connection closed';
      }
    });
  });
}

function send(): void {
  const now = Date.now();
  const job: Job = { text: request(), t0: process.hrtime.bigint(), measured: now >= measureFrom, second: Math.floor((now - start) / 1000) };
  sent++;
  inflight++;
  const conn = idle.pop();
  if (conn) dispatch(conn, job);
  else backlog.push(job);
}

function tick(): void {
  const now = Date.now();
  if (now >= end) return finish();
  const due = dueBy((now - start) / 1000);
  while (sent < due) send();
  setTimeout(tick, 1);
}

const all: Conn[] = [];
function finish(): void {
  const report = () => {
    for (const conn of all) conn.socket.destroy();
    const result: OrderLoadReport = {
      sent,
      done,
      acked,
      failed,
      firstError,
      latencies,
      elapsed: (Date.now() - start) / 1000,
      answeredInWindow,
      bySecond: [...secondLatencies.entries()].map(([second, list = []]) => {
        const sorted = list.sort((a, b) => a - b);
        const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
        return { second, answered: sorted.length, p50: at(0.5), p99: at(0.99) };
      }),
    };
    parent.postMessage(result);
  };
  const wait = (): void => {
    if (inflight > 0 && Date.now() < end + 10000) setTimeout(wait, 10);
    else report();
  };
  wait();
}

parent.once('message', () => {
  void Promise.all(Array.from({ length: connections }, open)).then((list) => {
    all.push(...list);
    idle.push(...list);
    start = Date.now();
    measureFrom = start + warmup * 1000;
    end = measureFrom + seconds * 1000;
    tick();
  });
});
parent.postMessage('ready');
