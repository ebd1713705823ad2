import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { startWalCheckpointer } from './wal-checkpointer';

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

const driver = () => createRequire(import.meta.url).resolve('better-sqlite3');

describe('WAL checkpointer', () => {
  it('copies what a writer that never checkpoints appended into the database file, on its own thread', async () => {
    const { file, writer, insert } = openWriter();
    writer.transaction(() => {
      for (let i = 0; i < 2000; i++) insert.run('x'.repeat(200));
    })();
    const before = fs.statSync(file).size;
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(100_000);

    const checkpointer = startWalCheckpointer(file, driver(), { passMs: 20 });
    try {
      const deadline = Date.now() + 5000;
      while (fs.statSync(file).size <= before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(fs.statSync(file).size).toBeGreaterThan(before + 100_000);
      // Everything in the WAL has been copied: the next commit starts the WAL over.
      const [result] = writer.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[];
      expect(result!.checkpointed).toBe(result!.log);
    } finally {
      await checkpointer.close();
      writer.close();
    }
  });

  /** Writes without pause for `ms`, doing what the checkpoint thread asks between transactions when `obey`. */
  async function writeWithoutPause(ms: number, obey: boolean, cadence = { passMs: 20, catchUpMs: 20 }) {
    // journal_size_limit 0 cuts the WAL back to nothing whenever it starts over, so its size
    // shows each restart.
    const { file, writer, insert } = openWriter(['synchronous = NORMAL', 'journal_size_limit = 0']);
    const batch = writer.transaction(() => {
      for (let i = 0; i < 50; i++) insert.run('x'.repeat(200));
    });
    const channel = new MessageChannel();
    const checkpointer = startWalCheckpointer(file, driver(), { ...cadence, writerPort: channel.port2 });
    const seen = { catchUps: 0, restarts: 0, largestAfterFirstRestart: 0, final: 0, dbGrewBeforeFirstCatchUp: false };
    const dbAtStart = fs.statSync(file).size;
    try {
      // Like the exchange's writer under load: one transaction after another, and between two
      // of them whatever the checkpoint thread asked for.
      const until = Date.now() + ms;
      let previous = 0;
      while (Date.now() < until) {
        batch();
        const size = fs.statSync(`${file}-wal`).size;
        if (size < previous) seen.restarts++;
        previous = size;
        if (seen.restarts > 0) seen.largestAfterFirstRestart = Math.max(seen.largestAfterFirstRestart, size);
        if (receiveMessageOnPort(channel.port1)?.message === 'catch-up') {
          if (seen.catchUps === 0) seen.dbGrewBeforeFirstCatchUp = fs.statSync(file).size > dbAtStart;
          seen.catchUps++;
          if (obey) writer.pragma('wal_checkpoint(PASSIVE)');
        }
      }
      seen.final = previous;
      return seen;
    } finally {
      channel.port1.close();
      await checkpointer.close();
      writer.close();
    }
  }

  it('under writes that never pause, the WAL starts over only because the writer copies the last frames when asked', async () => {
    // Without the writer's part, PASSIVE checkpoints on the other thread never let it start over.
    const alone = await writeWithoutPause(1000, false);
    expect(alone.catchUps).toBeGreaterThan(3);
    expect(alone.restarts).toBe(0);

    const together = await writeWithoutPause(1000, true);
    expect(together.catchUps).toBeGreaterThan(3);
    expect(together.restarts).toBeGreaterThan(3);
    // Between two restarts it holds about one checkpoint cycle of writes, not all of them.
    expect(together.largestAfterFirstRestart).toBeLessThan(alone.final / 4);
  });

  it('checkpoints in small passes and asks the writer for its part only every catchUpMs', async () => {
    const seen = await writeWithoutPause(1200, true, { passMs: 20, catchUpMs: 400 });
    // Passes copied frames into the database file before the writer was first asked.
    expect(seen.dbGrewBeforeFirstCatchUp).toBe(true);
    expect(seen.catchUps).toBeGreaterThanOrEqual(1);
    expect(seen.catchUps).toBeLessThanOrEqual(3);
    expect(seen.restarts).toBeGreaterThanOrEqual(1);
  });
});
