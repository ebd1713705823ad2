import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { postgresReachable, usePostgresDatabase } from '../../../tests/support/postgres';
import { createDatabase, type AppDatabase } from './database';
import { isSerializationFailure } from './errors';
import { MAX_TRANSACTION_ATTEMPTS, runTransaction } from './transaction';

// A transaction PostgreSQL aborted for a conflict with another one runs again, a bounded number
// of times; anything else fails at once, and SQLite never retries (its writes cannot conflict).

const conflict = (code: string) => Object.assign(new Error(`conflict ${code}`), { code });
const instant = async () => {};

/** Runs work that always fails with `code`; how many times it ran, once the failure came out. */
async function runsOfFailing(database: AppDatabase, code: string): Promise<number> {
  let runs = 0;
  await expect(
    runTransaction(
      database,
      async () => {
        runs += 1;
        throw conflict(code);
      },
      { pause: instant },
    ),
  ).rejects.toThrow(`conflict ${code}`);
  return runs;
}

const opened: AppDatabase[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const d of opened.splice(0)) await d.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function sqlite(): AppDatabase {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ox-tx-'));
  dirs.push(dir);
  const database = createDatabase({ dataDir: dir });
  opened.push(database);
  return database;
}

describe('API.security.account-writes-under-load: which failures are conflicts', () => {
  it('serialization failures and deadlocks are; a unique violation or a busy SQLite is not', () => {
    expect(isSerializationFailure(conflict('40001'))).toBe(true);
    expect(isSerializationFailure(conflict('40P01'))).toBe(true);
    expect(isSerializationFailure(conflict('23505'))).toBe(false);
    expect(isSerializationFailure(conflict('SQLITE_BUSY'))).toBe(false);
    expect(isSerializationFailure(null)).toBe(false);
  });
});

describe('runTransaction on SQLite', () => {
  it('runs the work once and passes its failure on, whatever the code', async () => {
    expect(await runsOfFailing(sqlite(), '40001')).toBe(1);
  });
});

// On the test PostgreSQL server (skipped, saying so, when none answers), in a database of its own.
describe.skipIf(!postgresReachable)('[postgresql] API.security.account-writes-under-load: runTransaction on PostgreSQL', () => {
  const throwaway = usePostgresDatabase();
  const schema = 'ox_tx_test';

  async function postgres(options = ''): Promise<AppDatabase> {
    const u = new URL(throwaway.url);
    if (options) u.searchParams.set('options', options);
    const database = createDatabase({ dataDir: '', databaseUrl: u.toString() });
    opened.push(database);
    const db = database.db as unknown as Kysely<unknown>;
    await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
    await sql`create table if not exists ${sql.id(schema, 'counter')} (id int primary key, n int not null)`.execute(db);
    await sql`insert into ${sql.id(schema, 'counter')} values (1, 0) on conflict (id) do update set n = 0`.execute(db);
    return database;
  }

  afterEach(async () => {
    const database = createDatabase({ dataDir: '', databaseUrl: throwaway.url });
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db);
    await database.close();
  });

  it('two read-then-increment transactions under SERIALIZABLE: the loser (40001) runs again and both increments count', async () => {
    const database = await postgres('-c default_transaction_isolation=serializable');
    const counter = sql.id(schema, 'counter');
    // Both read before either writes, the first time round: a certain conflict.
    let arrived = 0;
    let release!: () => void;
    const bothRead = new Promise<void>((resolve) => (release = resolve));
    const runs = { a: 0, b: 0 };
    const increment = (who: 'a' | 'b') =>
      runTransaction(database, async (trx) => {
        runs[who] += 1;
        const { rows } = await sql<{ n: number }>`select n from ${counter} where id = 1`.execute(trx);
        if (runs[who] === 1) {
          arrived += 1;
          if (arrived === 2) release();
          await bothRead;
        }
        await sql`update ${counter} set n = ${rows[0]!.n + 1} where id = 1`.execute(trx);
      });
    await Promise.all([increment('a'), increment('b')]);
    const { rows } = await sql<{ n: number }>`select n from ${counter} where id = 1`.execute(database.db);
    expect(rows[0]!.n).toBe(2);
    expect(runs.a + runs.b).toBe(3);
  });

  it('two transactions that lock the same rows in opposite orders: the deadlock’s victim (40P01) runs again', async () => {
    const database = await postgres('-c deadlock_timeout=50ms');
    const counter = sql.id(schema, 'counter');
    await sql`insert into ${counter} values (2, 0)`.execute(database.db);
    let arrived = 0;
    let release!: () => void;
    const bothLocked = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    const bump = (first: number, second: number) =>
      runTransaction(database, async (trx) => {
        runs += 1;
        await sql`update ${counter} set n = n + 1 where id = ${first}`.execute(trx);
        if (arrived < 2) {
          arrived += 1;
          if (arrived === 2) release();
          await bothLocked;
        }
        await sql`update ${counter} set n = n + 1 where id = ${second}`.execute(trx);
      });
    await Promise.all([bump(1, 2), bump(2, 1)]);
    const { rows } = await sql<{ id: number; n: number }>`select id, n from ${counter} order by id`.execute(database.db);
    expect(rows).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
    expect(runs).toBe(3);
  });

  it(`gives up after ${MAX_TRANSACTION_ATTEMPTS} attempts, and never retries other failures`, async () => {
    const database = await postgres();
    expect(await runsOfFailing(database, '40001')).toBe(MAX_TRANSACTION_ATTEMPTS);
    expect(await runsOfFailing(database, '40P01')).toBe(MAX_TRANSACTION_ATTEMPTS);
    expect(await runsOfFailing(database, '23505')).toBe(1);
  });
});
