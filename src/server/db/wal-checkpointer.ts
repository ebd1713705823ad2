import type { MessagePort } from 'node:worker_threads';
import { startThread } from '../lib/start-thread';
import type { WalCheckpointerThreadData } from './wal-checkpointer-thread';
import { systemTimers, type TimerHandle } from '../time/timers';

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
// over from the beginning. The writer answers whether it copied them all (wal-catch-up.ts); until
// then this thread runs no pass, which would take the checkpoint lock the writer's step needs.
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
//
// The thread itself is wal-checkpointer-thread.ts.

export interface WalCheckpointer {
  /** Settles once the thread runs its passes (rejects if it could not start). */
  ready: Promise<void>;
  close(): Promise<void>;
}

export interface WalCheckpointerOptions {
  /** How often a PASSIVE checkpoint runs. */
  passMs?: number;
  /** How often, at most, the writer is asked to copy the last frames (see above). */
  catchUpMs?: number;
  /** How far ahead of the writer the WAL is read into the page cache; 0 turns warming off. */
  warmAheadBytes?: number;
  /** The single writer's end of a channel: it receives CATCH_UP and answers with writerCatchUp (wal-catch-up.ts). */
  writerPort?: MessagePort;
}

export function startWalCheckpointer(file: string, options: WalCheckpointerOptions = {}): WalCheckpointer {
  const { passMs = 100, catchUpMs = 1000, warmAheadBytes = 8 * 1024 * 1024, writerPort } = options;
  const data: WalCheckpointerThreadData = { file, passMs, catchUpMs, warmAheadBytes, writerPort };
  const worker = startThread(new URL('./wal-checkpointer-thread.ts', import.meta.url), data, {
    transferList: writerPort ? [writerPort] : [],
  });
  worker.unref();
  // A failed checkpoint thread leaves the WAL to grow until the next start; commits go on.
  worker.on('error', () => undefined);
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('The WAL checkpoint thread exited before it started')));
  });
  ready.catch(() => undefined);
  return {
    ready,
    async close() {
      // Kept alive until it has closed its connection (the process may have nothing else left).
      worker.ref();
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage('close');
      let timer: TimerHandle | undefined;
      await Promise.race([exited, new Promise<void>((resolve) => (timer = systemTimers.setTimeout(resolve, 2000)))]);
      systemTimers.clearTimeout(timer);
      await worker.terminate();
    },
  };
}
