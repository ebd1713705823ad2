import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { startWalCheckpointer } from './wal-checkpointer';
import { CATCH_UP, writerCatchUp } from './wal-catch-up';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A database in a temp folder with a table `t`, opened as a writer that never checkpoints itself. */
function openWriter(pragmas: readonly string[] = []) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ox-wal-'));
  dirs.push(dir);
  const file = path.join(dir, 'db.sqlite');
  const writer = new Database(file);
  writer.pragma('journal_mode = WAL');
  writer.pragma('wal_autocheckpoint = 0');
  for (const p of pragmas) writer.pragma(p);
  writer.exec('create table t (id integer primary key, v text)');
  const insert = writer.prepare('insert into t (v) values (?)');
  return { file, writer, insert };
}

// Every wait below is on a condition with a generous deadline: the thread starts through tsx
// and runs at a lower priority, so on a loaded machine it may take a while to get going.
const DEADLINE_MS = 60_000;
/** A writer left without checkpoints for that long would fill the disk: stop (the test then fails) first. */
const MAX_WAL_BYTES = 512 * 1024 * 1024;
const TIMEOUT = 120_000;

describe('WAL checkpointer', () => {
  it(
    'CORE.db.wal-checkpointer, API.commit.checkpoint-thread: copies what a writer that never checkpoints appended into the database file, on its own thread',
    { timeout: TIMEOUT },
    async () => {
      const { file, writer, insert } = openWriter();
      writer.transaction(() => {
        for (let i = 0; i < 2000; i++) insert.run('x'.repeat(200));
      })();
      const before = fs.statSync(file).size;
      expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(100_000);

      const checkpointer = startWalCheckpointer(file, { passMs: 20 });
      try {
        await checkpointer.ready;
        const deadline = Date.now() + DEADLINE_MS;
        while (fs.statSync(file).size <= before + 100_000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        expect(fs.statSync(file).size).toBeGreaterThan(before + 100_000);
        // Everything in the WAL has been copied: the next commit starts the WAL over.
        const [result] = writer.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[];
        expect(result!.checkpointed).toBe(result!.log);
      } finally {
        await checkpointer.close();
        writer.close();
      }
    },
  );

  interface Seen {
    catchUps: number;
    restarts: number;
    /**
     * Restarts right after the writer itself stalled (descheduled on a busy machine for longer
     * than a checkpoint pass): the checkpointer then copies every frame and the next write may
     * start over, which says nothing about writes that never pause.
     */
    restartsAfterStall: number;
    /** The writer's answers that every frame was copied. */
    complete: number;
    /** The writer's answers that some frames were left (it is then asked again once, at once). */
    incomplete: number;
    final: number;
    dbGrewBeforeFirstCatchUp: boolean;
    /** From the checkpointer's start to the last write. */
    elapsedMs: number;
  }

  /**
   * Writes without pause, doing what the checkpoint thread asks between transactions when
   * `obey`, for at least `ms` once the thread runs and until `enough` says so (or the deadline).
   */
  async function writeWithoutPause(
    ms: number,
    obey: boolean,
    enough: (seen: Seen) => boolean,
    cadence = { passMs: 20, catchUpMs: 20 },
  ): Promise<Seen> {
    // journal_size_limit 0 cuts the WAL back to nothing whenever it starts over, so its size
    // shows each restart.
    const { file, writer, insert } = openWriter(['synchronous = NORMAL', 'journal_size_limit = 0']);
    const batch = writer.transaction(() => {
      for (let i = 0; i < 50; i++) insert.run('x'.repeat(200));
    });
    const channel = new MessageChannel();
    const dbAtStart = fs.statSync(file).size;
    const started = Date.now();
    const checkpointer = startWalCheckpointer(file, { ...cadence, writerPort: channel.port2 });
    const seen: Seen = {
      catchUps: 0,
      restarts: 0,
      restartsAfterStall: 0,
      complete: 0,
      incomplete: 0,
      final: 0,
      dbGrewBeforeFirstCatchUp: false,
      elapsedMs: 0,
    };
    try {
      await checkpointer.ready;
      // Like the exchange's writer under load: one transaction after another, and between two
      // of them whatever the checkpoint thread asked for.
      const until = Date.now() + ms;
      const deadline = Date.now() + DEADLINE_MS;
      let previous = 0;
      // Since the previous batch began: a stall inside it lets the checkpointer catch up as well.
      let previousStart = performance.now();
      while ((Date.now() < until || !enough(seen)) && Date.now() < deadline && previous < MAX_WAL_BYTES) {
        const start = performance.now();
        const stalled = start - previousStart > cadence.passMs;
        previousStart = start;
        batch();
        const size = fs.statSync(`${file}-wal`).size;
        if (size < previous && stalled && !obey) seen.restartsAfterStall++;
        else if (size < previous) seen.restarts++;
        previous = size;
        if (receiveMessageOnPort(channel.port1)?.message === CATCH_UP) {
          if (seen.catchUps === 0) seen.dbGrewBeforeFirstCatchUp = fs.statSync(file).size > dbAtStart;
          seen.catchUps++;
          if (obey) {
            const done = writerCatchUp(writer);
            if (done.complete) seen.complete++;
            else seen.incomplete++;
            channel.port1.postMessage(done);
          }
        }
      }
      seen.final = previous;
      seen.elapsedMs = Date.now() - started;
      return seen;
    } finally {
      channel.port1.close();
      await checkpointer.close();
      writer.close();
    }
  }

  it(
    'CORE.db.wal-checkpointer, API.commit.writer-catch-up: under writes that never pause, the WAL starts over only because the writer copies the last frames when asked',
    { timeout: 2 * TIMEOUT },
    async () => {
      // Without the writer's part, PASSIVE checkpoints on the other thread never let it start over.
      // (The WAL then grows without bound: on a busy machine it reaches MAX_WAL_BYTES before the
      // low-priority thread has asked many times, so one unanswered ask is enough here.)
      const alone = await writeWithoutPause(1000, false, (seen) => seen.catchUps > 3);
      expect(alone.catchUps).toBeGreaterThanOrEqual(1);
      expect(alone.restarts).toBe(0);

      const together = await writeWithoutPause(1000, true, (seen) => seen.complete > 3 && seen.restarts > 3);
      expect(together.catchUps).toBeGreaterThan(3);
      expect(together.complete).toBeGreaterThan(3);
      // A step of the writer that copied the last frames starts the WAL over at its next write,
      // unless the thread's next pass got in first (on a busy machine): most of them do.
      expect(together.restarts).toBeGreaterThanOrEqual(Math.ceil(together.complete / 2));
    },
  );

  it(
    'CORE.db.wal-checkpointer, API.commit.checkpoint-passes-100ms: checkpoints in small passes and asks the writer for its part only every catchUpMs',
    { timeout: TIMEOUT },
    async () => {
      const catchUpMs = 400;
      const seen = await writeWithoutPause(1200, true, (s) => s.complete >= 1 && s.restarts >= 1, { passMs: 20, catchUpMs });
      // Passes copied frames into the database file before the writer was first asked.
      expect(seen.dbGrewBeforeFirstCatchUp).toBe(true);
      expect(seen.catchUps).toBeGreaterThanOrEqual(1);
      // Never more often than every catchUpMs since the thread started (1200 ms allow at most 3),
      // but for the one immediate retry after an answer that left frames behind.
      expect(seen.catchUps).toBeLessThanOrEqual(Math.floor(seen.elapsedMs / catchUpMs) + seen.incomplete);
      expect(seen.restarts).toBeGreaterThanOrEqual(1);
    },
  );
});
