import { MessageChannel } from 'node:worker_threads';
import { CompiledQuery } from 'kysely';
import type { AppDatabase } from '../db/database';
import { retryingConflicts, runTransaction } from '../db/transaction';
import { startWalCheckpointer } from '../db/wal-checkpointer';
import { startThread } from '../lib/start-thread';
import { runStatements, type Statement } from '../repositories/bulk-write';
import { COLUMN_TYPES_SQL, postgresBatchBuilder, type ColumnTypes } from '../repositories/postgres-batch-arrays';
import type { BatchWriterThreadData, WriterMessage, WriterReply } from './batch-writer-thread';

// Where a batch's statements become durable, in ONE transaction. Three ways:
//  - PostgreSQL: through the app's pool (its I/O is asynchronous anyway), the whole batch as
//    one prepared statement, which PostgreSQL runs as one transaction: one round trip a batch
//    instead of one a statement, parsed and planned once a connection (postgres-batch-arrays.ts);
//  - inline: through the app's Kysely connection, a statement at a time (SQLite in tests);
//  - a SQLite writer thread: its own connection to the same WAL database. better-sqlite3 is
//    synchronous, so a commit that stalls in write()/fsync or a WAL checkpoint would otherwise
//    freeze the whole event loop (every HTTP request with it); in a worker it only delays the
//    batch being committed. Readers on the main connection see each batch once it is committed.
//    The thread is batch-writer-thread.ts.

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
  return chainedCommitter((statements) =>
    runTransaction(database, async (trx) => {
      await runStatements(trx, statements);
      beforeCommit?.();
    }),
  );
}

export function postgresCommitter(database: AppDatabase, beforeCommit?: BeforeCommit): BatchCommitter {
  if (!database.runPrepared) throw new Error('The PostgreSQL committer needs a PostgreSQL database');
  const types = new Map<string, ColumnTypes>();
  const build = postgresBatchBuilder((table) => types.get(table) ?? new Map());
  return chainedCommitter(async (statements) => {
    // Before anything is sent, as the SQLite writer does: the batch is refused whole.
    beforeCommit?.();
    for (const s of statements) {
      const table = s.spec?.table;
      if (table === undefined || types.has(table)) continue;
      const found = await database.db.executeQuery<{ name: string; type: string }>(CompiledQuery.raw(COLUMN_TYPES_SQL, [table]));
      types.set(table, new Map(found.rows.map((r) => [r.name, r.type])));
    }
    const batch = build(statements);
    if (!batch) return;
    await retryingConflicts(database, () => database.runPrepared!(batch.name, batch.text, batch.values));
  });
}

/**
 * Runs `write` one transaction at a time in call order, refusing all after a failure. While one
 * is being written, the commits asked for meanwhile wait and then go together as ONE
 * transaction, as the SQLite writer thread groups the batches queued for it: under load each
 * transaction (its round trip, its WAL flush, the server process waking) carries every batch
 * that piled up behind the last one instead of one batch each.
 */
function chainedCommitter(write: (statements: readonly Statement[]) => Promise<unknown>): BatchCommitter {
  interface Waiting {
    statements: readonly Statement[];
    resolve(): void;
    reject(err: Error): void;
  }
  let waiting: Waiting[] = [];
  let running = false;
  let drained: Promise<void> = Promise.resolve();
  let failure: Error | null = null;

  async function drain(): Promise<void> {
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      if (failure) {
        for (const w of group) w.reject(refusedAfter(failure));
        continue;
      }
      try {
        await write(group.length === 1 ? group[0]!.statements : group.flatMap((w) => w.statements));
        for (const w of group) w.resolve();
      } catch (err) {
        failure = err instanceof Error ? err : new Error(String(err));
        for (const w of group) w.reject(failure);
      }
    }
    // Also reached without any await (every waiting commit refused): hence a flag set before
    // the call, not the promise the call returns.
    running = false;
  }

  const settled = async () => {
    while (running) await drained;
  };
  return {
    commit(statements) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ statements, resolve, reject });
        // The first commit of an idle writer goes at once; later ones join the next group.
        if (running) return;
        running = true;
        drained = drain();
      });
    },
    async resume() {
      await settled();
      failure = null;
    },
    async close() {
      await settled();
    },
  };
}

function refusedAfter(failure: Error): Error {
  return new Error(`Batch refused: an earlier batch failed (${failure.message})`);
}

export function sqliteWorkerCommitter(file: string, beforeCommit?: BeforeCommit): BatchCommitter {
  const channel = new MessageChannel();
  const data: BatchWriterThreadData = { file, checkpointPort: channel.port1 };
  const worker = startThread(new URL('./batch-writer-thread.ts', import.meta.url), data, { transferList: [channel.port1] });
  const checkpointer = startWalCheckpointer(file, { writerPort: channel.port2 });
  // Keeps the process alive only while a commit is outstanding.
  worker.unref();
  const pending = new Map<number, { resolve(): void; reject(e: Error): void }>();
  let next = 0;
  let dead: Error | null = null;
  worker.on('message', (reply: WriterReply) => {
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

  function send(message: DistributiveOmit<WriterMessage, 'id'>): Promise<void> {
    if (dead) return Promise.reject(dead);
    const id = ++next;
    return new Promise<void>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.ref();
      const withId: WriterMessage = { ...message, id };
      worker.postMessage(withId);
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

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The writer thread for SQLite (inline when asked), one query a batch for PostgreSQL. */
export function createCommitter(database: AppDatabase, options: { inline?: boolean; beforeCommit?: BeforeCommit } = {}): BatchCommitter {
  if (database.dialect === 'postgres') return postgresCommitter(database, options.beforeCommit);
  if (!options.inline) return sqliteWorkerCommitter(database.location, options.beforeCommit);
  return inlineCommitter(database, options.beforeCommit);
}
