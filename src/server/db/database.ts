import { createRequire } from 'node:module';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import type pg from 'pg';
import type { Database } from './schema';
import { ensurePrivateDir, ensurePrivateFile, narrowIfPresent } from '../lib/private-files';
import { FastSqliteDialect } from './sqlite-fast-dialect';

export type Dialect = 'sqlite' | 'postgres';

/** The open database: the Kysely handle, which dialect it speaks, and how to close it. */
export interface AppDatabase {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where the data lives (file path or redacted URL), for logs. */
  location: string;
  /**
   * PostgreSQL only: runs one statement as a named prepared statement on a pooled connection,
   * which parses and plans it once per connection (Kysely sends every query unnamed).
   */
  runPrepared?(name: string, text: string, values: readonly unknown[]): Promise<void>;
  close(): Promise<void>;
}

/** Anything queries can run on: the database itself or an open transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;

export interface DatabaseOptions {
  dataDir: string;
  /** postgres://… or postgresql://… selects PostgreSQL; anything else (or absent) SQLite. */
  databaseUrl?: string | undefined;
}

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}

/** Page size of a newly created SQLite database. */
export const SQLITE_PAGE_SIZE = 2048;

export function sqliteFile(dataDir: string): string {
  return path.join(dataDir, 'exchange.sqlite');
}

/** Opens SQLite in DATA_DIR (created if missing) or PostgreSQL when DATABASE_URL says so. */
export function createDatabase(options: DatabaseOptions): AppDatabase {
  if (isPostgresUrl(options.databaseUrl)) return createPostgres(options.databaseUrl);
  return createSqlite(options.dataDir);
}

function createSqlite(dataDir: string): AppDatabase {
  ensurePrivateDir(dataDir);
  const file = sqliteFile(dataDir);
  // Created 0600 before SQLite opens it; SQLite gives the -wal and -shm files the same mode.
  ensurePrivateFile(file);
  for (const companion of [`${file}-wal`, `${file}-shm`]) narrowIfPresent(companion);
  const raw = new SqliteDatabase(file);
  // Under load every commit rewrites whole pages of the indexes it touches (a user's latest
  // orders, fills and journal lines) to the WAL: 2 KB pages write about half of what 4 KB ones do for
  // the same rows. Measured under bench/api-orders.ts, p99 fell from 39–65 ms to 23–40 ms. Only a
  // new file takes it; an existing database keeps the page size it was created with.
  raw.pragma(`page_size = ${SQLITE_PAGE_SIZE}`);
  // WAL lets readers proceed while a write transaction is open. How writes wait for the write
  // lock (the exchange's writer thread holds it between batches) is the dialect's business.
  raw.pragma('journal_mode = WAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new FastSqliteDialect(raw) });
  let closed = false;
  return {
    db,
    dialect: 'sqlite',
    location: file,
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      if (raw.open) raw.close();
    },
  };
}

const INT8_OID = 20;

/** pg, loaded on first use: a SQLite-only server never loads the PostgreSQL driver. */
let pgModule: typeof pg | undefined;
function loadPg(): typeof pg {
  pgModule ??= createRequire(import.meta.url)('pg') as typeof pg;
  return pgModule;
}

function createPostgres(url: string): AppDatabase {
  const pg = loadPg();
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Epoch-millisecond columns are bigint; they fit a JS number, so read them as numbers
    // (per pool, not by changing pg's global parsers).
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        oid === INT8_OID ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let closed = false;
  return {
    db,
    dialect: 'postgres',
    location: redactUrl(url),
    async runPrepared(name, text, values) {
      await pool.query({ name, text, values: [...values] });
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres';
  }
}
