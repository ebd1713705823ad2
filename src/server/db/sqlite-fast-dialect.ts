import { setTimeout as sleep } from 'node:timers/promises';
import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  DeleteQueryNode,
  InsertQueryNode,
  MergeQueryNode,
  SelectQueryNode,
  SqliteDialect,
  UpdateQueryNode,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type RootOperationNode,
} from 'kysely';

// Kysely's SQLite dialect with three changes that matter under load (the first two measured
// with bench/api-orders.ts):
//  1. Prepared statements are cached by SQL text. Kysely prepares every query anew, and
//     preparing costs several times more than running a point lookup.
//  2. The single connection is handed to waiters in FIFO order. Kysely's mutex wakes every
//     waiter on each release (all but one go back to sleep), which is quadratic in the number
//     of requests waiting and turns a burst into a collapse.
//  3. Every write takes SQLite's write lock before it reads anything, and waits for it without
//     blocking the event loop (see "Why every write begins IMMEDIATE" below).
// Otherwise unchanged: one connection, statements run synchronously, one transaction at a time.

const CACHE_SIZE = 256;
/** Longer texts are one-off statements (multi-row inserts of arbitrary size): not worth caching. */
const CACHE_MAX_SQL = 200_000;

class StatementCache {
  private readonly map = new Map<string, BetterSqlite3.Statement>();
  constructor(private readonly db: BetterSqlite3.Database) {}

  get(sql: string): BetterSqlite3.Statement {
    if (sql.length > CACHE_MAX_SQL) return this.db.prepare(sql);
    const hit = this.map.get(sql);
    if (hit) {
      // Refresh recency: Map iteration order is insertion order.
      this.map.delete(sql);
      this.map.set(sql, hit);
      return hit;
    }
    const stmt = this.db.prepare(sql);
    this.map.set(sql, stmt);
    if (this.map.size > CACHE_SIZE) this.map.delete(this.map.keys().next().value as string);
    return stmt;
  }
}

class FifoMutex {
  private locked = false;
  private readonly waiters: (() => void)[] = [];

  lock(): Promise<void> {
    if (!this.locked) {
      this.locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** For a holder that stepped aside for a moment: first in line, ahead of those who came since. */
  relock(): Promise<void> {
    if (!this.locked) {
      this.locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.unshift(resolve));
  }

  unlock(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.locked = false;
  }
}

// Why every write begins IMMEDIATE. The exchange commits through its own connection on a writer
// thread (batch-committer.ts) while this connection serves the account routes. A DEFERRED
// transaction reads first and asks for the write lock only at its first write, and SQLite refuses
// that upgrade at once, without calling the busy handler: SQLITE_BUSY while the writer thread
// holds the lock, SQLITE_BUSY_SNAPSHOT when it committed since the transaction's first read
// (either way "database is locked"). On a busy market that is most of the time. BEGIN IMMEDIATE
// takes the lock before the first read, so nothing that follows can meet that refusal.
//
// How it waits. SQLite's busy handler sleeps in the calling thread, and here that is the event
// loop: every request would stall with it. So the lock is first tried without waiting; between
// tries the write steps aside for a millisecond or a few (reads carry on meanwhile) and then takes
// the connection again ahead of the queue. The writer thread leaves gaps between its commits, so
// this normally succeeds at the first or second try. Should the writer commit back to back for
// `politeMs`, the last try waits in the busy handler after all (up to the busy timeout): that
// blocks the event loop, which then stops feeding the writer, so its queue drains and the lock
// comes free within a commit or two.

export interface WriteLockWait {
  /** How long to retry without blocking the event loop before waiting in SQLite's busy handler. */
  politeMs: number;
  /** The connection's busy_timeout: how long that last wait may last (and any other busy wait). */
  busyTimeoutMs: number;
}

export const defaultWriteLockWait: WriteLockWait = { politeMs: 100, busyTimeoutMs: 5000 };

/** Longest pause between two polite tries. */
const MAX_POLL_MS = 4;
const BEGIN_IMMEDIATE = 'begin immediate';

function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

function isWrite(query: RootOperationNode): boolean {
  return InsertQueryNode.is(query) || UpdateQueryNode.is(query) || DeleteQueryNode.is(query) || MergeQueryNode.is(query);
}

// Real time, whatever a test does to the global timers: SQLite's own waits are real time too.
const monotonicNow = performance.now.bind(performance);

class CachedSqliteConnection implements DatabaseConnection {
  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly statements: StatementCache,
    private readonly mutex: FifoMutex,
    private readonly wait: WriteLockWait,
  ) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    // A write outside a transaction (an outbox mark, a system account) is its own transaction,
    // and takes the lock like any other.
    if (isWrite(compiledQuery.query) && !this.db.inTransaction) return this.writeAlone(compiledQuery);
    return Promise.resolve(this.run(compiledQuery));
  }

  private run<R>(compiledQuery: CompiledQuery): QueryResult<R> {
    const stmt = this.statements.get(compiledQuery.sql);
    const parameters = compiledQuery.parameters as unknown[];
    if (stmt.reader) return { rows: stmt.all(parameters) as R[] };
    const { changes, lastInsertRowid } = stmt.run(parameters);
    return {
      numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
      insertId: lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
      rows: [],
    };
  }

  private async writeAlone<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    await this.beginImmediate();
    try {
      const result = this.run<R>(compiledQuery);
      this.statements.get('commit').run();
      return result;
    } catch (err) {
      if (this.db.inTransaction) this.statements.get('rollback').run();
      throw err;
    }
  }

  /** BEGIN IMMEDIATE; the caller holds the connection's mutex, as it does again on return. */
  async beginImmediate(): Promise<void> {
    const begin = this.statements.get(BEGIN_IMMEDIATE);
    const deadline = monotonicNow() + this.wait.politeMs;
    for (let pause = 1; monotonicNow() < deadline; pause = Math.min(pause * 2, MAX_POLL_MS)) {
      if (this.tryOnce(begin)) return;
      this.mutex.unlock();
      try {
        await sleep(pause);
      } finally {
        await this.mutex.relock();
      }
    }
    begin.run();
  }

  private tryOnce(begin: BetterSqlite3.Statement): boolean {
    this.db.pragma('busy_timeout = 0');
    try {
      begin.run();
      return true;
    } catch (err) {
      if (isBusy(err)) return false;
      throw err;
    } finally {
      this.db.pragma(`busy_timeout = ${this.wait.busyTimeoutMs}`);
    }
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiledQuery.query)) throw new Error('Sqlite driver only supports streaming of select queries');
    const stmt = this.statements.get(compiledQuery.sql);
    for (const row of stmt.iterate(compiledQuery.parameters as unknown[])) yield { rows: [row as R] };
  }
}

function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

class FastSqliteDriver implements Driver {
  private readonly mutex = new FifoMutex();
  private readonly connection: CachedSqliteConnection;

  constructor(
    private readonly db: BetterSqlite3.Database,
    wait: WriteLockWait,
  ) {
    db.pragma(`busy_timeout = ${wait.busyTimeoutMs}`);
    this.connection = new CachedSqliteConnection(db, new StatementCache(db), this.mutex, wait);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.mutex.lock();
    return this.connection;
  }

  /** Every transaction on this connection is a write transaction: see above. */
  async beginTransaction(): Promise<void> {
    await this.connection.beginImmediate();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteName(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoteName(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoteName(name)}`));
  }

  async releaseConnection(): Promise<void> {
    this.mutex.unlock();
  }

  async destroy(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

/**
 * Drop-in for `new SqliteDialect({ database })` with a statement cache, a FIFO connection lock
 * and writes that take the write lock first. Sets the connection's busy_timeout.
 */
export class FastSqliteDialect extends SqliteDialect {
  constructor(
    private readonly sqlite: BetterSqlite3.Database,
    private readonly wait: WriteLockWait = defaultWriteLockWait,
  ) {
    super({ database: sqlite });
  }

  override createDriver(): Driver {
    return new FastSqliteDriver(this.sqlite, this.wait);
  }
}
