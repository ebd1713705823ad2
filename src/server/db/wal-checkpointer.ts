import { type MessagePort, Worker } from 'node:worker_threads';
import { lowerThreadPriorityJs } from './thread-priority';

// SQLite checkpoints the WAL inside whichever commit pushes it past wal_autocheckpoint pages, and
// a checkpoint syncs the database file: measured under bench/api-orders.ts that made one commit
// in ten take 20–80 ms instead of 2–5, and every order waiting on it with it. The exchange's
// writer therefore never checkpoints on its own; this thread does, on its own connection, with
// PASSIVE checkpoints that never block the writer or readers.
//
// A PASSIVE checkpoint alone never lets the WAL start over under steady writes: SQLite restarts
// the WAL only when a write transaction begins while every frame in it has been copied, and the
// writer appends more frames while each checkpoint runs. Measured at 3,000 orders/s the WAL grew
// by 140 MB a second, without bound. So after its passes (each shorter than the one before, as
// each copies only what arrived during the previous one) this thread asks the writer, through
// `writerPort`, to copy the last few frames itself between two transactions; its next commit then
// starts the WAL over from the beginning.

const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
${lowerThreadPriorityJs(10)}
const Database = require(workerData.driver);
const db = new Database(workerData.file);
const writerPort = workerData.writerPort;
const MAX_PASSES = 4;
// A pass this short leaves so little behind that the writer can copy the rest at once.
const SHORT_PASS_MS = 5;
function cycle() {
  let result = null;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const t0 = Date.now();
    try {
      [result] = db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      return;
    }
    if (Date.now() - t0 <= SHORT_PASS_MS) break;
  }
  // log: frames in the WAL; 0 once it has started over and nothing was written since.
  if (writerPort && result && result.log > 0) writerPort.postMessage('catch-up');
}
let timer = setInterval(cycle, workerData.intervalMs);
parentPort.on('message', (msg) => {
  if (msg === 'close') {
    clearInterval(timer);
    db.close();
    writerPort?.close();
    parentPort.close();
  }
});
`;

export interface WalCheckpointer {
  close(): Promise<void>;
}

export interface WalCheckpointerOptions {
  intervalMs?: number;
  /** The single writer's end of a channel; it receives 'catch-up' after each cycle (see above). */
  writerPort?: MessagePort;
}

export function startWalCheckpointer(file: string, driver: string, options: WalCheckpointerOptions = {}): WalCheckpointer {
  const { intervalMs = 1000, writerPort } = options;
  const worker = new Worker(SOURCE, {
    eval: true,
    workerData: { file, driver, intervalMs, writerPort },
    transferList: writerPort ? [writerPort] : [],
  });
  worker.unref();
  // A failed checkpoint thread leaves the WAL to grow until the next start; commits go on.
  worker.on('error', () => undefined);
  return {
    async close() {
      // Kept alive until it has closed its connection (the process may have nothing else left).
      worker.ref();
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage('close');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise<void>((resolve) => (timer = setTimeout(resolve, 2000)))]);
      clearTimeout(timer);
      await worker.terminate();
    },
  };
}
