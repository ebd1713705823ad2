import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { sqliteWorkerCommitter, type BatchCommitter } from './batch-committer';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function setup(beforeCommit?: () => void): { committer: BatchCommitter; rows(): number[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ox-committer-'));
  const file = path.join(dir, 'db.sqlite');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec('create table t (id integer primary key)');
  const committer = sqliteWorkerCommitter(file, beforeCommit);
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => {
    db.close();
  });
  cleanups.push(() => committer.close());
  return { committer, rows: () => (db.prepare('select id from t order by id').all() as { id: number }[]).map((r) => r.id) };
}

const insert = (id: number) => [{ sql: 'insert into t (id) values (?)', params: [id] }];

describe('SQLite writer thread', () => {
  it('CORE.commit.writer-in-order: batches sent back to back (written together when they queue up) all commit, in order', async () => {
    const { committer, rows } = setup();
    await Promise.all(Array.from({ length: 50 }, (_, i) => committer.commit(insert(i + 1))));
    expect(rows()).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('CORE.commit.writer-refuses-after-failure: after a failed batch every batch sent behind it is refused until resume, and none of them is written', async () => {
    const { committer, rows } = setup();
    await committer.commit(insert(1));
    const results = await Promise.allSettled([committer.commit(insert(2)), committer.commit(insert(1)), committer.commit(insert(3))]);
    expect(results[1]!.status).toBe('rejected');
    expect(results[2]!.status).toBe('rejected');
    expect(String((results[2] as PromiseRejectedResult).reason)).toMatch(/refused|UNIQUE/);
    // Batch 2 either committed alone before the failing one arrived, or was refused with it.
    expect(rows().filter((id) => id === 3)).toEqual([]);
    await expect(committer.commit(insert(4))).rejects.toThrow(/refused/);
    await committer.resume();
    await committer.commit(insert(5));
    expect(rows()).toContain(5);
    expect(rows()).not.toContain(4);
  });
});
