import { Worker } from 'node:worker_threads';
import { lowerThreadPriorityJs } from './thread-priority';

// SQLite checkpoints the WAL inside whichever commit pushes it past wal_autocheckpoint pages, and
// a checkpoint syncs the database file: measured under bench/api-orders.ts that made one commit
// in ten take 20–80 ms instead of 2–5, and every order waiting on it with it. The exchange's
// writer therefore never checkpoints; this thread does, on its own connection, with PASSIVE
// checkpoints that never block the writer or readers. SQLite restarts the WAL from its start
// at the next commit once everything in it has been copied.

const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
${lowerThreadPriorityJs(10)}
const Database = require(workerData.driver);
const db = new Database(workerData.file);
let timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {}
}, workerData.intervalMs);
parentPort.on('message', (msg) => {
  if (msg === 'close') {
    clearInterval(timer);
    db.close();
    parentPort.close();
  }
});
`;

export interface WalCheckpointer {
  close(): Promise<void>;
}

export function startWalCheckpointer(file: string, driver: string, intervalMs = 1000): WalCheckpointer {
  const worker = new Worker(SOURCE, { eval: true, workerData: { file, driver, intervalMs } });
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
