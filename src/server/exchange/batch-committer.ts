import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { AppDatabase } from '../db/database';
import { runStatements, type Statement } from '../repositories/bulk-write';

// Where a batch's statements become durable, in ONE transaction. Two ways:
//  - inline: through the app's Kysely connection (PostgreSQL, whose I/O is asynchronous anyway);
//  - a SQLite writer thread: its own connection to the same WAL database. better-sqlite3 is
//    synchronous, so a commit that stalls in write()/fsync or a WAL checkpoint would otherwise
//    freeze the whole event loop (every HTTP request with it); in a worker it only delays the
//    batch being committed. Readers on the main connection see each batch once it is committed.

export interface BatchCommitter {
  commit(statements: readonly Statement[]): Promise<void>;
  close(): Promise<void>;
}

/** Runs inside the transaction, just before COMMIT; throwing makes the commit fail (tests). */
export type BeforeCommit = () => void;

export function inlineCommitter(database: AppDatabase, beforeCommit?: BeforeCommit): BatchCommitter {
  return {
    async commit(statements) {
      await database.db.transaction().execute(async (trx) => {
        await runStatements(trx, statements);
        beforeCommit?.();
      });
    },
    async close() {},
  };
}

// Plain JavaScript, so the thread needs no TypeScript loader (tsx, vitest and node all run it).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 5000');
db.pragma('foreign_keys = ON');
const cache = new Map();
function prepare(sql) {
  let s = cache.get(sql);
  if (!s) {
    s = db.prepare(sql);
    cache.set(sql, s);
    if (cache.size > 256) cache.delete(cache.keys().next().value);
  }
  return s;
}
const write = db.transaction((statements, fail) => {
  for (const s of statements) prepare(s.sql).run(s.params);
  if (fail) throw new Error(fail);
});
parentPort.on('message', (msg) => {
  if (msg.type === 'close') {
    db.close();
    parentPort.postMessage({ id: msg.id, ok: true });
    return;
  }
  try {
    write(msg.statements, msg.fail);
    parentPort.postMessage({ id: msg.id, ok: true });
  } catch (e) {
    parentPort.postMessage({ id: msg.id, ok: false, error: String((e && e.message) || e) });
  }
});
`;

interface Reply {
  id: number;
  ok: boolean;
  error?: string;
}

export function sqliteWorkerCommitter(file: string, beforeCommit?: BeforeCommit): BatchCommitter {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver } });
  // Keeps the process alive only while a commit is outstanding.
  worker.unref();
  const pending = new Map<number, { resolve(): void; reject(e: Error): void }>();
  let next = 0;
  let dead: Error | null = null;
  worker.on('message', (reply: Reply) => {
    const p = pending.get(reply.id);
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if (!p) return;
    if (reply.ok) p.resolve();
    else p.reject(new Error(`Batch commit failed: ${reply.error ?? 'unknown error'}`));
  });
  const fail = (err: Error) => {
    dead = err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`SQLite writer thread exited (${code})`)));

  function send(message: Record<string, unknown>): Promise<void> {
    if (dead) return Promise.reject(dead);
    const id = ++next;
    return new Promise<void>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ ...message, id });
    });
  }

  return {
    commit(statements) {
      let failure: string | null = null;
      try {
        beforeCommit?.();
      } catch (err) {
        failure = err instanceof Error ? err.message : String(err);
      }
      return send({ type: 'write', statements, fail: failure });
    },
    async close() {
      if (dead) return;
      await send({ type: 'close' }).catch(() => undefined);
      await worker.terminate();
    },
  };
}

/** The worker for SQLite, inline otherwise. */
export function createCommitter(database: AppDatabase, options: { inline?: boolean; beforeCommit?: BeforeCommit } = {}): BatchCommitter {
  if (database.dialect === 'sqlite' && !options.inline) return sqliteWorkerCommitter(database.location, options.beforeCommit);
  return inlineCommitter(database, options.beforeCommit);
}
