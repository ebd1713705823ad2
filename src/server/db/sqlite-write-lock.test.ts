import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql, type Generated } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { startThread } from '../lib/start-thread';
import { createDatabase, sqliteFile, type AppDatabase } from './database';
import { FastSqliteDialect, type WriteLockWait } from './sqlite-fast-dialect';
import type { OtherWriterCommand, OtherWriterData } from './testing/other-writer-thread';

// The app's connection beside another connection that writes to the same WAL database, as the
// exchange's writer thread does: a transaction that reads and then writes, or a lone write, must
// wait for the write lock (never fail for it), without blocking the event loop while it can.

interface T {
  t: { id: Generated<number>; v: string };
}

/** Another connection on its own thread, like the exchange's writer; resolves once it is open. */
async function otherWriter(file: string) {
  const data: OtherWriterData = { file };
  const worker = startThread(new URL('./testing/other-writer-thread.ts', import.meta.url), data);
  const next = () => new Promise<string>((resolve) => worker.once('message', resolve));
  expect(await next()).toBe('ready');
  return {
    /** Takes the write lock, inserts `v`, and commits `ms` later; resolves once it holds the lock. */
    async hold(v: string, ms: number): Promise<{ committed: Promise<string> }> {
      const locked = next();
      worker.postMessage({ kind: 'hold', v, ms } satisfies OtherWriterCommand);
      expect(await locked).toBe('locked');
      // Wrapped: a promise returned as is would be waited for.
      return { committed: next() };
    },
    /** Inserts `v` on its own (waiting for the lock up to its busy timeout). */
    write(v: string): Promise<string> {
      const done = next();
      worker.postMessage({ kind: 'write', v } satisfies OtherWriterCommand);
      return done;
    },
    close: () => worker.terminate(),
  };
}

const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ox-write-lock-'));
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The app's database (createDatabase, as the server opens it) with a table `t`, and the other writer. */
async function appAndWriter() {
  const dir = tempDir();
  const database: AppDatabase = createDatabase({ dataDir: dir });
  cleanup.push(() => database.close());
  await sql`create table t (id integer primary key, v text not null)`.execute(database.db);
  const other = await otherWriter(sqliteFile(dir));
  cleanup.push(() => other.close());
  return { db: database.db as unknown as Kysely<T>, other };
}

const count = async (db: Kysely<T>) =>
  Number(
    (
      await db
        .selectFrom('t')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('API.security.account-writes-under-load: SQLite writes beside the exchange writer thread', () => {
  it('a transaction that reads and then writes, begun while another connection holds the write lock, waits for it instead of failing with SQLITE_BUSY', async () => {
    const { db, other } = await appAndWriter();
    const { committed } = await other.hold('theirs', 150);
    let timerFired = false;
    setTimeout(() => (timerFired = true), 10);
    let waitedPolitely = false;
    const seen = await db.transaction().execute(async (trx) => {
      waitedPolitely = timerFired;
      const n = await count(trx);
      await trx.insertInto('t').values({ v: 'ours' }).execute();
      return n;
    });
    // The event loop kept running while the transaction waited for the lock.
    expect(waitedPolitely).toBe(true);
    expect(await committed).toBe('committed');
    // It began after the other commit: it saw that row.
    expect(seen).toBe(1);
    expect(await count(db)).toBe(2);
  });

  it('no commit of another connection can land between a transaction’s first read and its first write', async () => {
    const { db, other } = await appAndWriter();
    let theirs: Promise<string> | undefined;
    await db.transaction().execute(async (trx) => {
      expect(await count(trx)).toBe(0);
      theirs = other.write('theirs');
      // Time enough for the other connection to commit, could it: it cannot, it waits for us.
      await sleep(60);
      await trx.insertInto('t').values({ v: 'ours' }).execute();
    });
    expect(await theirs).toBe('committed');
    expect((await db.selectFrom('t').select('v').orderBy('id').execute()).map((r) => r.v)).toEqual(['ours', 'theirs']);
  });

  it('a write outside a transaction waits for the lock the same way, with the event loop running', async () => {
    const { db, other } = await appAndWriter();
    const { committed } = await other.hold('theirs', 150);
    let timerFired = false;
    setTimeout(() => (timerFired = true), 10);
    const reads = count(db);
    await db.insertInto('t').values({ v: 'ours' }).execute();
    expect(timerFired).toBe(true);
    // A read asked for meanwhile was answered while the write waited (it saw neither row).
    expect(await reads).toBe(0);
    expect(await committed).toBe('committed');
    expect(await count(db)).toBe(2);
  });

  describe('after its polite wait, a write waits in the busy handler, for a bounded time', () => {
    async function withWait(wait: WriteLockWait) {
      const dir = tempDir();
      const file = path.join(dir, 'db.sqlite');
      const raw = new SqliteDatabase(file);
      raw.pragma('journal_mode = WAL');
      raw.exec('create table t (id integer primary key, v text not null)');
      const db = new Kysely<T>({ dialect: new FastSqliteDialect(raw, wait) });
      cleanup.push(() => db.destroy());
      const other = await otherWriter(file);
      cleanup.push(() => other.close());
      return { db, other };
    }

    it('succeeds once the other connection lets go within the busy timeout', async () => {
      const { db, other } = await withWait({ politeMs: 20, busyTimeoutMs: 2000 });
      const { committed } = await other.hold('theirs', 200);
      const started = performance.now();
      await db.transaction().execute((trx) => trx.insertInto('t').values({ v: 'ours' }).execute());
      expect(performance.now() - started).toBeGreaterThan(100);
      expect(await committed).toBe('committed');
      expect(await count(db)).toBe(2);
    });

    it('fails with SQLITE_BUSY once the busy timeout is spent, and leaves no transaction open', async () => {
      const { db, other } = await withWait({ politeMs: 20, busyTimeoutMs: 100 });
      const { committed } = await other.hold('theirs', 1000);
      const started = performance.now();
      await expect(db.transaction().execute((trx) => trx.insertInto('t').values({ v: 'ours' }).execute())).rejects.toMatchObject({
        code: 'SQLITE_BUSY',
      });
      expect(performance.now() - started).toBeLessThan(900);
      expect(await committed).toBe('committed');
      await db.insertInto('t').values({ v: 'ours' }).execute();
      expect(await count(db)).toBe(2);
    });
  });
});
