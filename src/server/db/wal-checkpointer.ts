import { type MessagePort, Worker } from 'node:worker_threads';
import { lowerThreadPriorityJs } from './thread-priority';
import { nextWarmRange } from './wal-warm-range';

// SQLite checkpoints the WAL inside whichever commit pushes it past wal_autocheckpoint pages, and
// a checkpoint syncs the database file: measured under bench/api-orders.ts that made one commit
// in ten take 20–80 ms instead of 2–5, and every order waiting on it with it. The exchange's
// writer therefore never checkpoints on its own; this thread does, on its own connection, with
// PASSIVE checkpoints that never block the writer or readers.
//
// A PASSIVE checkpoint alone never lets the WAL start over under steady writes: SQLite restarts
// the WAL only when a write transaction begins while every frame in it has been copied, and the
// writer appends more frames while each checkpoint runs. Measured at 3,000 orders/s the WAL grew
// by 140 MB a second, without bound. So this thread asks the writer, through `writerPort`, to
// copy the last few frames itself between two transactions; its next commit then starts the WAL
// over from the beginning.
//
// Two cadences. A pass runs every `passMs`: each checkpoint syncs the WAL and the database file,
// and with one pass a second each sync wrote a second of orders (about 60 MB at 3,000/s) in one
// burst, behind which every read the writer needed waited 20–40 ms. The writer's step costs it two
// syncs of its own (about 8 ms), so it is asked for only every `catchUpMs`, after passes that get
// shorter each time (each copies only what arrived during the one before).
//
// Warming. Once the WAL has started over, the writer overwrites the frames of the round before.
// A frame (24 bytes + a page) never covers whole pages of the file, so where the kernel dropped
// a page from its cache since it was written, the write first reads it back from disk, inside the
// writer's commit and behind any writeback. Where memory is reclaimed eagerly (this machine pages
// out idle page cache within seconds) that happened several times a second. This thread reads
// the next `warmAheadBytes` of the WAL ahead of the writer, so the pages are cached when the writer
// gets there: the writer's own disk reads fell from 7–28 a second to none.

const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
${lowerThreadPriorityJs(10)}
${nextWarmRange.toString()}
const Database = require(workerData.driver);
const db = new Database(workerData.file);
const { writerPort, passMs, catchUpMs, warmAheadBytes } = workerData;
const MAX_PASSES = 4;
// A pass this short leaves so little behind that the writer can copy the rest at once.
const SHORT_PASS_MS = 5;
const WAL_HEADER = 32;
const frameBytes = 24 + db.pragma('page_size', { simple: true });
const chunk = Buffer.allocUnsafe(1 << 20);
let walFd = -1;
let warmed = { from: 0, to: 0 };

function warm(position) {
  if (warmAheadBytes <= 0) return;
  try {
    if (walFd < 0) walFd = fs.openSync(workerData.file + '-wal', 'r');
    const next = nextWarmRange(position, warmed, warmAheadBytes, fs.fstatSync(walFd).size);
    if (next === null) return;
    for (let at = next.readFrom; at < next.warmed.to; ) {
      const n = fs.readSync(walFd, chunk, 0, Math.min(chunk.length, next.warmed.to - at), at);
      if (n <= 0) break;
      at += n;
    }
    warmed = next.warmed;
  } catch (e) {
    // Warming only saves the writer reads: an I/O error (the WAL may not exist yet) skips it. A
    // bug is not an I/O error; it stops the thread, where tests see it.
    if (!e || typeof e.code !== 'string') throw e;
  }
}

/** One PASSIVE checkpoint; the WAL's frame count afterwards (null on failure). */
function pass() {
  let frames;
  try {
    frames = db.pragma('wal_checkpoint(PASSIVE)')[0].log;
  } catch {
    return null;
  }
  warm(WAL_HEADER + frames * frameBytes);
  return frames;
}

let lastCatchUp = Date.now();
function tick() {
  if (!writerPort || Date.now() - lastCatchUp < catchUpMs) {
    pass();
    return;
  }
  lastCatchUp = Date.now();
  let frames = null;
  for (let p = 0; p < MAX_PASSES; p++) {
    const t0 = Date.now();
    frames = pass();
    if (frames === null) return;
    if (Date.now() - t0 <= SHORT_PASS_MS) break;
  }
  // 0 frames: the WAL has started over and nothing was written since.
  if (frames > 0) {
    // The writer's next commit starts the WAL over: from its beginning.
    warm(0);
    writerPort.postMessage('catch-up');
  }
}
let timer = setInterval(tick, passMs);
parentPort.on('message', (msg) => {
  if (msg === 'close') {
    clearInterval(timer);
    db.close();
    if (walFd >= 0) fs.closeSync(walFd);
    writerPort?.close();
    parentPort.close();
  }
});
`;

export interface WalCheckpointer {
  close(): Promise<void>;
}

export interface WalCheckpointerOptions {
  /** How often a PASSIVE checkpoint runs. */
  passMs?: number;
  /** How often, at most, the writer is asked to copy the last frames (see above). */
  catchUpMs?: number;
  /** How far ahead of the writer the WAL is read into the page cache; 0 turns warming off. */
  warmAheadBytes?: number;
  /** The single writer's end of a channel; it receives 'catch-up' (see above). */
  writerPort?: MessagePort;
}

export function startWalCheckpointer(file: string, driver: string, options: WalCheckpointerOptions = {}): WalCheckpointer {
  const { passMs = 100, catchUpMs = 1000, warmAheadBytes = 8 * 1024 * 1024, writerPort } = options;
  const worker = new Worker(SOURCE, {
    eval: true,
    workerData: { file, driver, passMs, catchUpMs, warmAheadBytes, writerPort },
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
