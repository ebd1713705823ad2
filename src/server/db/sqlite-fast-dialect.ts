import type BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, SelectQueryNode, SqliteDialect, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';

// Kysely's SQLite dialect with two changes that matter under load (measured with
// bench/api-orders.ts; they belong in src/server/db/ and live here only because of who owns
// which directory):
//  1. Prepared statements are cached by SQL text. Kysely prepares every query anew, and
//     preparing costs several times more than running a point lookup.
//  2. The single connection is handed to waiters in FIFO order. Kysely's mutex wakes every
//     waiter on each release (all but one go back to sleep), which is quadratic in the number
//     of requests waiting and turns a burst into a collapse.
// Semantics are unchanged: one connection, statements run synchronously, one transaction at a time.

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

  unlock(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.locked = false;
  }
}

class CachedSqliteConnection implements DatabaseConnection {
  constructor(private readonly statements: StatementCache) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const stmt = this.statements.get(compiledQuery.sql);
    const parameters = compiledQuery.parameters as unknown[];
    if (stmt.reader) return Promise.resolve({ rows: stmt.all(parameters) as R[] });
    const { changes, lastInsertRowid } = stmt.run(parameters);
    return Promise.resolve({
      numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
      insertId: lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
      rows: [],
    });
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

  constructor(private readonly db: BetterSqlite3.Database) {
    this.connection = new CachedSqliteConnection(new StatementCache(db));
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.mutex.lock();
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
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

/** Drop-in for `new SqliteDialect({ database })` with a statement cache and a FIFO connection lock. */
export class FastSqliteDialect extends SqliteDialect {
  constructor(private readonly sqlite: BetterSqlite3.Database) {
    super({ database: sqlite });
  }

  override createDriver(): Driver {
    return new FastSqliteDriver(this.sqlite);
  }
}
