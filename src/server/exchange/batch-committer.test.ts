import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { postgresReachable, usePostgresDatabase } from '../../../tests/support/postgres';
import { createDatabase, type AppDatabase } from '../db/database';
import { bulkStatements, type UpsertSpec } from '../repositories/bulk-write';
import { postgresCommitter, sqliteWorkerCommitter, type BatchCommitter } from './batch-committer';

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

  it('API.commit.writer-thread: a batch is written while the main thread is blocked, so by a thread on its own connection', async () => {
    const { committer, rows } = setup();
    await committer.commit(insert(1)); // the thread is up
    const written = committer.commit(insert(2));
    // Blocks this thread (no event loop, no main connection at work) until another connection sees the row.
    const pause = new Int32Array(new SharedArrayBuffer(4));
    const deadline = Date.now() + 30_000;
    while (!rows().includes(2) && Date.now() < deadline) Atomics.wait(pause, 0, 0, 5);
    expect(rows()).toEqual([1, 2]);
    await written;
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

// On the test PostgreSQL server (skipped, saying so, when none answers), in a database of its own.
describe.skipIf(!postgresReachable)('[postgresql] PostgreSQL committer', () => {
  const throwaway = usePostgresDatabase();
  const spec = { table: 'lines', columns: ['id', 'amount', 'note', 'at', 'flag'] } as const;
  type Line = { id: number; amount: string; note: string | null; at: number; flag: boolean };

  async function open(beforeCommit?: () => void): Promise<{ database: AppDatabase; committer: BatchCommitter; rows(): Promise<Line[]> }> {
    const database = createDatabase({ dataDir: '', databaseUrl: throwaway.url });
    const committer = postgresCommitter(database, beforeCommit);
    cleanups.push(() => database.close());
    cleanups.push(() => committer.close());
    const db = database.db as unknown as Kysely<unknown>;
    await sql`drop table if exists lines`.execute(db);
    await sql`create table lines (id int primary key, amount numeric(38,18) not null, note text, at bigint not null, flag boolean not null)`.execute(
      db,
    );
    const rows = async () =>
      (await sql<Line>`select id, amount::text as amount, note, at, flag from lines order by id`.execute(db)).rows.map((r) => ({
        ...r,
        at: Number(r.at),
      }));
    return { database, committer, rows };
  }

  const line = (id: number, note: string | null = null): Line => ({
    id,
    amount: '12345678901234567890.123456789012345678',
    note,
    at: 1_700_000_000_123 + id,
    flag: id % 2 === 0,
  });
  const batch = (...lines: Line[]) => bulkStatements('postgres', spec, lines);

  it('CORE.commit.postgres-one-round-trip: a batch of several statements is one query, and every value arrives exactly', async () => {
    const { database, committer, rows } = await open();
    const tricky = ["O'Brien", 'back\\slash \\x00', '$1 ; drop table lines; --', 'ünïcödé €', 'NULL', 'say "hi", {a,b}'];
    // 7 rows: statements of 4, 2 and 1 (bulk-write cuts power-of-two chunks).
    const lines = [...tricky.map((note, i) => line(i + 1, note)), line(7)];
    const statements = batch(...lines);
    expect(statements.length).toBeGreaterThan(1);
    const queries = vi.spyOn(database, 'runPrepared');
    await committer.commit(statements);
    expect(queries).toHaveBeenCalledTimes(1);
    expect(await rows()).toEqual(lines);
  });

  it('CORE.commit.postgres-merged-upserts: one row upserted by several batches of one transaction ends as their upserts in order leave it', async () => {
    const { database, committer } = await open();
    const db = database.db as unknown as Kysely<unknown>;
    await sql`drop table if exists heads`.execute(db);
    await sql`create table heads (id bigint primary key, opened text not null, status text not null, at bigint not null)`.execute(db);
    const heads: UpsertSpec = {
      table: 'heads',
      columns: ['id', 'opened', 'status', 'at'],
      onConflict: { target: ['id'], update: ['status', 'at'] },
    };
    const head = (id: number, opened: string, status: string, at: number) =>
      bulkStatements('postgres', heads, [{ id, opened, status, at }]);
    await committer.commit(head(1, 'first', 'open', 1));
    const queries = vi.spyOn(database, 'runPrepared');
    // The first goes at once; the rest wait for it and go as one transaction, row 1 and row 2 twice each.
    await Promise.all([
      committer.commit(head(3, 'alone', 'open', 1)),
      committer.commit([...head(1, 'later', 'partially filled', 2), ...head(2, 'first', 'open', 2)]),
      committer.commit([...head(2, 'later', 'cancelled', 3), ...head(1, 'latest', 'filled', 3)]),
    ]);
    expect(queries).toHaveBeenCalledTimes(2);
    const rows = (await sql<{ id: string; opened: string; status: string; at: string }>`select * from heads order by id`.execute(db)).rows;
    expect(rows.map((r) => [Number(r.id), r.opened, r.status, Number(r.at)])).toEqual([
      [1, 'first', 'filled', 3],
      [2, 'first', 'cancelled', 3],
      [3, 'alone', 'open', 1],
    ]);
  });

  it('CORE.commit.writer-refuses-after-failure: a batch with a failing statement writes none of its statements, and later batches are refused until resume', async () => {
    const { committer, rows } = await open();
    await committer.commit(batch(line(1)));
    // Row 2 is new, row 1 is a duplicate: the whole batch fails.
    const results = await Promise.allSettled([committer.commit([...batch(line(2)), ...batch(line(1))]), committer.commit(batch(line(3)))]);
    expect(results[0].status).toBe('rejected');
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/refused/);
    expect((await rows()).map((r) => r.id)).toEqual([1]);
    await committer.resume();
    await committer.commit(batch(line(4)));
    expect((await rows()).map((r) => r.id)).toEqual([1, 4]);
  });

  it('CORE.commit.postgres-group-commit: batches that queue up while one is written go together as the next transaction, in call order', async () => {
    const { database, committer, rows } = await open();
    const queries = vi.spyOn(database, 'runPrepared');
    // The first goes at once; the ten asked for while it is written wait and go as one.
    await Promise.all(Array.from({ length: 11 }, (_, i) => committer.commit(batch(line(i + 1)))));
    expect(queries).toHaveBeenCalledTimes(2);
    expect((await rows()).map((r) => r.id)).toEqual(Array.from({ length: 11 }, (_, i) => i + 1));
  });

  it('CORE.commit.postgres-group-commit: a failing group fails every batch in it and writes none of them; a commit asked for before resume is refused at once', async () => {
    const { committer, rows } = await open();
    const results = await Promise.allSettled([
      committer.commit(batch(line(1))),
      committer.commit(batch(line(2))),
      // A duplicate of the first row: the group it joins fails whole.
      committer.commit(batch(line(1))),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect((await rows()).map((r) => r.id)).toEqual([1]);
    await expect(committer.commit(batch(line(3)))).rejects.toThrow(/refused/);
    await committer.resume();
    await committer.commit(batch(line(4)));
    expect((await rows()).map((r) => r.id)).toEqual([1, 4]);
  });

  it('CORE.commit.database-refusal: a batch refused before commit (beforeCommit throws) sends nothing', async () => {
    let refuse = true;
    const { committer, rows } = await open(() => {
      if (refuse) throw new Error('disk full');
    });
    await expect(committer.commit(batch(line(1)))).rejects.toThrow(/disk full/);
    refuse = false;
    await committer.resume();
    await committer.commit(batch(line(2)));
    expect((await rows()).map((r) => r.id)).toEqual([2]);
  });
});
