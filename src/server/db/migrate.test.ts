import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { createDatabase, isPostgresUrl, SQLITE_PAGE_SIZE, type AppDatabase } from './database';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations';

let database: AppDatabase | undefined;
let dir: string | undefined;
afterEach(async () => {
  await database?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  database = undefined;
  dir = undefined;
});

function open(): AppDatabase {
  dir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'ox-migrate-'));
  database = createDatabase({ dataDir: path.join(dir, 'nested') });
  return database;
}

describe('migrations', () => {
  it('CORE.db.migrations: have unique, sorted names', () => {
    const names = migrations.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(names);
  });

  it('CORE.db.migrations: bring a fresh SQLite file (directory created) to the latest schema, then do nothing on a second run', async () => {
    const db = open();
    const first = await migrateToLatest(db);
    expect(first.map((r) => r.migrationName)).toEqual(migrations.map((m) => m.name));
    expect(await migrateToLatest(db)).toEqual([]);
    const tables = (await db.db.introspection.getTables()).map((t) => t.name);
    expect(tables).toEqual(
      expect.arrayContaining(['users', 'sessions', 'refresh_tokens', 'outbox', 'currencies', 'currency_pairs', 'balances']),
    );
  });

  it('CORE.db.sqlite-settings: open SQLite in WAL mode with foreign keys on, a new file with 2 KB pages', async () => {
    const db = open();
    await migrateToLatest(db);
    const file = path.join(dir!, 'nested', 'exchange.sqlite');
    const reader = new SqliteDatabase(file, { readonly: true });
    expect(reader.pragma('page_size', { simple: true })).toBe(SQLITE_PAGE_SIZE);
    reader.close();
    // In WAL mode writes go to the -wal file next to the database while it is open.
    expect(fs.existsSync(path.join(dir!, 'nested', 'exchange.sqlite-wal'))).toBe(true);
    await expect(
      db.db.insertInto('balances').values({ user_id: 'nobody', currency: 'usd', balance: '1', available: '1', updated_at: 0 }).execute(),
    ).rejects.toThrow(/FOREIGN KEY/);
  });

  it('0110 carries the wrong attempts spent on pending codes over to the per-channel budget', async () => {
    const db = open();
    const before = migrations.filter((m) => m.name < '0110');
    await migrateToLatest(db, before);
    const raw = db.db as unknown as Kysely<any>;
    const user = {
      id: 'u1',
      email: 'a@example.com',
      email_normalized: 'a@example.com',
      password_hash: 'x',
      first_name: 'A',
      last_name: 'B',
    };
    await raw
      .insertInto('users')
      .values({
        ...user,
        phone_country_code: '+1',
        phone_number: '1',
        account_type: 'individual',
        account_role: 'client',
        roles: '[]',
        created_at: 0,
        updated_at: 0,
      })
      .execute();
    const code = { user_id: 'u1', destination: 'a@example.com', code_hash: 'h', expires_at: 600_000 };
    await raw
      .insertInto('verification_codes')
      .values([
        { ...code, id: 'c1', channel: 'email', created_at: 1000, attempts: 3, consumed_at: null },
        { ...code, id: 'c2', channel: 'phone', created_at: 1000, attempts: 2, consumed_at: 2000 },
      ])
      .execute();
    await migrateToLatest(db);
    expect(await raw.selectFrom('verification_attempts').selectAll().execute()).toEqual([
      { user_id: 'u1', channel: 'email', window_started_at: 1000, attempts: 3 },
    ]);
    expect(Object.keys(await raw.selectFrom('verification_codes').selectAll().executeTakeFirstOrThrow())).not.toContain('attempts');
  });

  it('recognise postgres URLs', () => {
    expect(isPostgresUrl('postgres://u@h/db')).toBe(true);
    expect(isPostgresUrl('postgresql://u@h/db')).toBe(true);
    expect(isPostgresUrl('file:./x.sqlite')).toBe(false);
    expect(isPostgresUrl(undefined)).toBe(false);
  });
});
