import fs from 'node:fs';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { lowerThreadPriority } from './thread-priority';
import { nextWarmRange, type WarmedRange } from './wal-warm-range';
import { CATCH_UP, isCatchUpDone } from './wal-catch-up';

// The checkpoint thread (see wal-checkpointer.ts for why it exists and its two cadences).

export interface WalCheckpointerThreadData {
  file: string;
  passMs: number;
  catchUpMs: number;
  warmAheadBytes: number;
  writerPort: MessagePort | undefined;
}

const { file, passMs, catchUpMs, warmAheadBytes, writerPort } = workerData as WalCheckpointerThreadData;
const port = parentPort!;
lowerThreadPriority(10);

const db = new Database(file);
const MAX_PASSES = 4;
// A pass this short leaves so little behind that the writer can copy the rest at once.
const SHORT_PASS_MS = 5;
const WAL_HEADER = 32;
const frameBytes = 24 + (db.pragma('page_size', { simple: true }) as number);
const chunk = Buffer.allocUnsafe(1 << 20);
let walFd = -1;
let warmed: WarmedRange = { from: 0, to: 0 };

function warm(position: number): void {
  if (warmAheadBytes <= 0) return;
  try {
    if (walFd < 0) walFd = fs.openSync(`${file}-wal`, 'r');
    const next = nextWarmRange(position, warmed, warmAheadBytes, fs.fstatSync(walFd).size);
    if (next === null) return;
    for (let at = next.readFrom; at < next.warmed.to;) {
      const n = fs.readSync(walFd, chunk, 0, Math.min(chunk.length, next.warmed.to - at), at);
      if (n <= 0) break;
      at += n;
    }
    warmed = next.warmed;
  } catch (e) {
    // Warming only saves the writer reads: an I/O error (the WAL may not exist yet) skips it. A
    // bug is not an I/O error; it stops the thread, where tests see it.
    if (!isSystemError(e)) throw e;
  }
}

function isSystemError(e: unknown): boolean {
  return typeof e === 'object' && e !== null && typeof (e as { code?: unknown }).code === 'string';
}

/** One PASSIVE checkpoint; the WAL's frame count afterwards (null on failure or when busy). */
function pass(): number | null {
  let frames: number;
  try {
    const row = (db.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number }[])[0]!;
    // Busy: it copied nothing this time; the writer is not asked on top of such a pass.
    if (row.busy !== 0) return null;
    frames = row.log;
  } catch {
    return null;
  }
  warm(WAL_HEADER + frames * frameBytes);
  return frames;
}

let lastCatchUp = Date.now();
/** When the writer was asked and has not answered yet (see wal-catch-up.ts). */
let askedAt: number | null = null;
/** Asked again at once after an incomplete answer, but only once in a row. */
let retried = false;

writerPort?.on('message', (message: unknown) => {
  if (!isCatchUpDone(message)) return;
  askedAt = null;
  if (message.complete || retried) {
    retried = false;
  } else {
    retried = true;
    lastCatchUp = 0;
  }
});

function tick(): void {
  if (askedAt !== null) {
    // The writer's turn: a pass now would take the checkpoint lock its checkpoint needs. Without
    // an answer within catchUpMs (a writer stalled, or gone) passes go on.
    if (Date.now() - askedAt < catchUpMs) return;
    askedAt = null;
  }
  if (!writerPort || Date.now() - lastCatchUp < catchUpMs) {
    pass();
    return;
  }
  lastCatchUp = Date.now();
  let frames: number | null = null;
  for (let p = 0; p < MAX_PASSES; p++) {
    const t0 = Date.now();
    frames = pass();
    if (frames === null) return;
    if (Date.now() - t0 <= SHORT_PASS_MS) break;
  }
  // 0 frames: the WAL has started over and nothing was written since.
  if (frames !== null && frames > 0) {
    // The writer's next commit starts the WAL over: from its beginning.
    warm(0);
    askedAt = Date.now();
    writerPort.postMessage(CATCH_UP);
  }
}

const timer = setInterval(tick, passMs);
port.postMessage('ready');
port.on('message', (msg: unknown) => {
  if (msg === 'close') {
    clearInterval(timer);
    db.close();
    if (walFd >= 0) fs.closeSync(walFd);
    writerPort?.close();
    port.close();
  }
});
