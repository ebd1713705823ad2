// Where an order's latency goes, measured from inside the api-orders benchmark's process
// without changing the code under test (so it can be loaded into any checkout, older ones too):
//
//   node --max-semi-space-size=64 --heap-growing-percent=300 --import tsx \
//     --import /path/to/bench/lib/order-stages.mjs bench/run.ts api-orders
//
// run.ts starts each benchmark with its own Node flags, so the benchmark's process loads this
// too, and so do its worker threads (where it does nothing): hence plain JavaScript, which a
// thread can load before it has registered tsx. On exit it prints, leaving out the first 3 s of orders (warm-up):
//  - server: each POST /v1/orders/* from the HTTP server's 'request' event to its response's
//    'finish' (what the load generator's latency is, less the socket and the client);
//  - commit round trip: each batch posted to the SQLite writer thread ({type: 'write', id}) to
//    the writer's answer ({id, ok}), and the size of the batch as posted;
//  - the event loop's delay (monitorEventLoopDelay, 1 ms resolution).
// The patches add their own small cost to both sides of a comparison alike; the figures of
// the benchmark itself are not the ones to record with it loaded.
import http from 'node:http';
import { writeSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { isMainThread, Worker } from 'node:worker_threads';

const WARMUP_MS = 3000;

/** @param {readonly number[]} values @param {number} p */
function quantile(values, p) {
  if (values.length === 0) return 'n/a';
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(3);
}

function install() {
  /** @type {number[]} */
  const server = [];
  /** @type {number[]} */
  const commits = [];
  /** @type {number[]} */
  const batchChars = [];
  let firstOrder = 0;
  const measured = (/** @type {number} */ at) => firstOrder > 0 && at - firstOrder > WARMUP_MS;

  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, ...args) {
    if (event === 'request') {
      const [req, res] = args;
      if (req.method === 'POST' && req.url.startsWith('/v1/orders/')) {
        const at = performance.now();
        if (firstOrder === 0) firstOrder = at;
        res.once('finish', () => {
          if (measured(at)) server.push(performance.now() - at);
        });
      }
    }
    return emit.call(this, event, ...args);
  };

  const posted = new Map();
  const watched = new WeakSet();
  const postMessage = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    const m = message;
    if (m && m.type === 'write' && typeof m.id === 'number') {
      const at = performance.now();
      posted.set(m.id, at);
      if (measured(at) && typeof m.batch === 'string') batchChars.push(m.batch.length);
      if (!watched.has(this)) {
        watched.add(this);
        this.on('message', (reply) => {
          if (!reply || typeof reply.id !== 'number' || reply.ok === undefined) return;
          const sent = posted.get(reply.id);
          posted.delete(reply.id);
          if (sent !== undefined && measured(sent)) commits.push(performance.now() - sent);
        });
      }
    }
    return postMessage.call(this, message, ...rest);
  };

  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  process.on('exit', () => {
    const ms = (/** @type {number} */ ns) => (ns / 1e6).toFixed(2);
    writeSync(
      2,
      [
        '',
        '[order stages]',
        `server (request -> finish): n=${server.length} p50=${quantile(server, 0.5)} p90=${quantile(server, 0.9)} p99=${quantile(server, 0.99)} ms`,
        `commit round trip: n=${commits.length} p50=${quantile(commits, 0.5)} p90=${quantile(commits, 0.9)} p99=${quantile(commits, 0.99)} ms; batch p50 ${quantile(batchChars, 0.5)} chars`,
        `event-loop delay: p50=${ms(delay.percentile(50))} p99=${ms(delay.percentile(99))} max=${ms(delay.max)} ms`,
        '',
      ].join('\n'),
    );
  });
}

// Only the process that runs api-orders (run.ts's parent process starts it and measures nothing).
if (isMainThread && process.env.BENCH_ONE === 'api-orders') install();
