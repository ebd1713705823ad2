import { createRequire } from 'node:module';
import { MessageChannel, Worker } from 'node:worker_threads';
import type { AppDatabase } from '../db/database';
import { runTransaction } from '../db/transaction';
import { startWalCheckpointer } from '../db/wal-checkpointer';
import { runStatements, type Statement } from '../repositories/bulk-write';

// Where a batch's statements become durable, in ONE transaction. Two ways:
//  - inline: through the app's Kysely connection (PostgreSQL, whose I/O is asynchronous anyway);
//  - a SQLite writer thread: its own connection to the same WAL database. better-sqlite3 is
//    synchronous, so a commit that stalls in write()/fsync or a WAL checkpoint would otherwise
//    freeze the whole event loop (every HTTP request with it); in a worker it only delays the
//    batch being committed. Readers on the main connection see each batch once it is committed.

export interface BatchCommitter {
  /**
   * Commits in call order; several may be outstanding. Once one fails, every commit asked for
   * after it fails too (it was built on memory that included the failed batch) until resume().
   */
  commit(statements: readonly Statement[]): Promise<void>;
  /** Takes commits again after a failure, once memory has been rebuilt from storage. */
  resume(): Promise<void>;
  close(): Promise<void>;
}

/** Runs inside the transaction, just before COMMIT; throwing makes the commit fail (tests). */
export type BeforeCommit = () => void;

export function inlineCommitter(database: AppDatabase, beforeCommit?: BeforeCommit): BatchCommitter {
  // A pool could run two transactions at once: chain them so they commit in call order.
  let tail: Promise<void> = Promise.resolve();
  let failure: Error | null = null;
  return {
    commit(statements) {
      const run = tail.then(async () => {
        if (failure) throw refusedAfter(failure);
        try {
          await runTransaction(database, async (trx) => {
            await runStatements(trx, statements);
            beforeCommit?.();
          });
        } catch (err) {
          failure = err instanceof Error ? err : new Error(String(err));
          throw err;
        }
      });
      tail = run.catch(() => undefined);
      return run;
    },
    async resume() {
      await tail;
      failure = null;
    },
    async close() {
      await tail;
    },
  };
}

function refusedAfter(failure: Error): Error {
  return new Error(`Batch refused: an earlier batch failed (${failure.message})`);
}

// Plain JavaScript, so the thread needs no TypeScript loader (tsx, vitest and node all run it).
// The thread keeps the event loop's priority: every order waits on its commits. At a lower one
// (nice 5), measured under bench/api-orders.ts, it lost the CPU in the middle of commits for up to
// 10 ms at a time to the event loop, the load generator and V8's garbage-collector threads.
const WORKER_SOURCE = `
const { parentPort, workerData, receiveMessageOnPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 5000');
db.pragma('foreign_keys = ON');
// The tables the exchange appends to stay in memory instead of being re-read page by page.
db.pragma('cache_size = -65536');
db.pragma('temp_store = MEMORY');
// Checkpoints run on their own thread (see wal-checkpointer.ts), never inside a batch's commit.
db.pragma('wal_autocheckpoint = 0');
// A WAL that once grew large (a burst, a reader that held on) is cut back when it starts over,
// but not below what one checkpoint cycle writes at full load (about 60 MB): cutting it each time
// made the writer free the blocks (this filesystem discards them on the spot) and allocate them
// again on the next round, 2–3 ms of each restart.
db.pragma('journal_size_limit = 268435456');
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
// Statement texts arrive once, then by number (see encodeBatch).
const texts = new Map();
// Batches that queued up while the previous commit ran are written in one transaction: one set
// of WAL pages instead of one per batch, so after a slow commit the backlog clears at once. A
// failure in such a transaction refuses every batch in it (refusing is always safe: memory is
// rebuilt from storage).
const writeAll = db.transaction((batches) => {
  for (const b of batches) {
    for (const [id, params] of b.statements) prepare(texts.get(id)).run(params);
    if (b.fail) throw new Error(b.fail);
  }
});
// After a failed batch, the batches queued behind it were built on memory that included it.
let failure = null;
// The checkpoint thread's last step (see wal-checkpointer.ts): copy what it could not, here,
// between two transactions, so that the next commit starts the WAL over.
workerData.checkpointPort.on('message', () => {
  if (failure !== null) return;
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {}
});
workerData.checkpointPort.unref();
const reply = (id, error) => parentPort.postMessage(error === undefined ? { id, ok: true } : { id, ok: false, error });

function control(msg) {
  if (msg.type === 'close') {
    db.close();
    reply(msg.id);
  } else if (msg.type === 'resume') {
    failure = null;
    reply(msg.id);
  }
}

function decode(msg) {
  try {
    const statements = JSON.parse(msg.batch);
    // Even a refused batch introduces texts that later batches refer to.
    for (const [id, , sql] of statements) if (sql !== undefined) texts.set(id, sql);
    return { id: msg.id, statements, fail: msg.fail };
  } catch (e) {
    return { id: msg.id, error: String((e && e.message) || e) };
  }
}

function commit(group) {
  if (group.length === 0) return;
  if (failure !== null) {
    for (const b of group) reply(b.id, 'Batch refused: an earlier batch failed (' + failure + ')');
    return;
  }
  try {
    // IMMEDIATE, like every write transaction on the app's connection (sqlite-fast-dialect.ts): the
    // write lock before the first statement, so no statement can be refused an upgrade from reading
    // to writing. Waiting for the lock (while an account write holds it) is this thread's busy
    // timeout, never the event loop's.
    writeAll.immediate(group);
    for (const b of group) reply(b.id);
  } catch (e) {
    failure = String((e && e.message) || e);
    for (const b of group) reply(b.id, failure);
  }
}

parentPort.on('message', (first) => {
  // Everything already waiting, in order: runs of writes are committed together.
  const messages = [first];
  for (let m = receiveMessageOnPort(parentPort); m !== undefined; m = receiveMessageOnPort(parentPort)) messages.push(m.message);
  let group = [];
  for (const msg of messages) {
    if (msg.type !== 'write') {
      commit(group);
      group = [];
      control(msg);
      continue;
    }
    const batch = decode(msg);
    if (batch.error !== undefined) {
      commit(group);
      group = [];
      failure ??= batch.error;
      reply(batch.id, batch.error);
    } else group.push(batch);
  }
  commit(group);
});
`;

interface Reply {
  id: number;
  ok: boolean;
  error?: string;
}

export function sqliteWorkerCommitter(file: string, beforeCommit?: BeforeCommit): BatchCommitter {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const channel = new MessageChannel();
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, checkpointPort: channel.port1 }, transferList: [channel.port1] });
  const checkpointer = startWalCheckpointer(file, driver, { writerPort: channel.port2 });
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

  // One JSON string instead of an array of objects: structured-cloning thousands of small
  // values per batch cost the event loop more than everything else in a commit (measured with
  // bench/api-orders.ts); a string is copied in one piece. Each SQL text is sent once, then
  // referred to by number.
  const textIds = new Map<string, number>();
  function encodeBatch(statements: readonly Statement[]): string {
    const entries: unknown[] = [];
    const introduced = new Map<string, number>();
    for (const s of statements) {
      let id = textIds.get(s.sql) ?? introduced.get(s.sql);
      if (id === undefined) {
        id = textIds.size + introduced.size + 1;
        introduced.set(s.sql, id);
        entries.push([id, s.params, s.sql]);
      } else entries.push([id, s.params]);
    }
    const encoded = JSON.stringify(entries);
    // Only texts that will reach the writer may be referred to by number later.
    for (const [sql, id] of introduced) textIds.set(sql, id);
    return encoded;
  }

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
      let batch: string;
      try {
        batch = encodeBatch(statements);
      } catch (err) {
        return Promise.reject(err instanceof Error ? err : new Error(String(err)));
      }
      return send({ type: 'write', batch, fail: failure });
    },
    resume() {
      return send({ type: 'resume' });
    },
    async close() {
      await checkpointer.close();
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
