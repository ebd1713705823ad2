import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startWalCheckpointer } from './wal-checkpointer';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('WAL checkpointer', () => {
  it('copies what a writer that never checkpoints appended into the database file, on its own thread', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ox-wal-'));
    dirs.push(dir);
    const file = path.join(dir, 'db.sqlite');
    const writer = new Database(file);
    writer.pragma('journal_mode = WAL');
    writer.pragma('wal_autocheckpoint = 0');
    writer.exec('create table t (id integer primary key, v text)');
    const insert = writer.prepare('insert into t (v) values (?)');
    writer.transaction(() => {
      for (let i = 0; i < 2000; i++) insert.run('x'.repeat(200));
    })();
    const before = fs.statSync(file).size;
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(100_000);

    const checkpointer = startWalCheckpointer(file, createRequire(import.meta.url).resolve('better-sqlite3'), 20);
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
});
