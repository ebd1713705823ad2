import { parentPort, receiveMessageOnPort, workerData, type MessagePort } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { CATCH_UP, writerCatchUp } from '../db/wal-catch-up';

// The SQLite writer thread (see batch-committer.ts): its own connection to the app's WAL
// database, where every batch of the exchange is committed.
//
// The thread keeps the event loop's priority: every order waits on its commits. At a lower one
// (nice 5), measured under bench/api-orders.ts, it lost the CPU in the middle of commits for up to
// 10 ms at a time to the event loop, the load generator and V8's garbage-collector threads.

export interface BatchWriterThreadData {
  file: string;
  /** The checkpoint thread's end of their channel (see wal-checkpointer.ts). */
  checkpointPort: MessagePort;
}

/** A batch as sent: JSON of `[textId, params, sql?][]`; `fail` makes its commit fail (tests). */
export type WriterMessage =
  { type: 'write'; id: number; batch: string; fail: string | null } | { type: 'resume'; id: number } | { type: 'close'; id: number };

export interface WriterReply {
  id: number;
  ok: boolean;
  error?: string;
}

type EncodedStatement = [id: number, params: unknown[], sql?: string];

interface DecodedBatch {
  id: number;
  statements: EncodedStatement[];
  fail: string | null;
}

const { file, checkpointPort } = workerData as BatchWriterThreadData;
const port = parentPort!;

const db = new Database(file);
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

const cache = new Map<string, Database.Statement>();
function prepare(sql: string): Database.Statement {
  let s = cache.get(sql);
  if (!s) {
    s = db.prepare(sql);
    cache.set(sql, s);
    if (cache.size > 256) cache.delete(cache.keys().next().value!);
  }
  return s;
}

// Statement texts arrive once, then by number (see encodeBatch in batch-committer.ts).
const texts = new Map<number, string>();

function textOf(id: number): string {
  const sql = texts.get(id);
  if (sql === undefined) throw new Error(`Unknown statement text ${id}`);
  return sql;
}

// Batches that queued up while the previous commit ran are written in one transaction: one set
// of WAL pages instead of one per batch, so after a slow commit the backlog clears at once. A
// failure in such a transaction refuses every batch in it (refusing is always safe: memory is
// rebuilt from storage).
const writeAll = db.transaction((batches: readonly DecodedBatch[]) => {
  for (const b of batches) {
    for (const [id, params] of b.statements) prepare(textOf(id)).run(params);
    if (b.fail) throw new Error(b.fail);
  }
});

// After a failed batch, the batches queued behind it were built on memory that included it.
let failure: string | null = null;

// The checkpoint thread's last step (see wal-checkpointer.ts): copy what it could not, here,
// between two transactions, so that the next commit starts the WAL over.
checkpointPort.on('message', (message: unknown) => {
  if (message !== CATCH_UP) return;
  checkpointPort.postMessage(failure === null ? writerCatchUp(db) : { type: 'caught-up', complete: false });
});
checkpointPort.unref();

function reply(id: number, error?: string): void {
  const answer: WriterReply = error === undefined ? { id, ok: true } : { id, ok: false, error };
  port.postMessage(answer);
}

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

function control(msg: Exclude<WriterMessage, { type: 'write' }>): void {
  if (msg.type === 'close') {
    db.close();
    reply(msg.id);
  } else {
    failure = null;
    reply(msg.id);
  }
}

function decode(msg: Extract<WriterMessage, { type: 'write' }>): DecodedBatch | { id: number; error: string } {
  try {
    const statements = JSON.parse(msg.batch) as EncodedStatement[];
    // Even a refused batch introduces texts that later batches refer to.
    for (const [id, , sql] of statements) if (sql !== undefined) texts.set(id, sql);
    return { id: msg.id, statements, fail: msg.fail };
  } catch (e) {
    return { id: msg.id, error: messageOf(e) };
  }
}

function commit(group: readonly DecodedBatch[]): void {
  if (group.length === 0) return;
  if (failure !== null) {
    for (const b of group) reply(b.id, `Batch refused: an earlier batch failed (${failure})`);
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
    failure = messageOf(e);
    for (const b of group) reply(b.id, failure);
  }
}

port.on('message', (first: WriterMessage) => {
  // Everything already waiting, in order: runs of writes are committed together.
  const messages: WriterMessage[] = [first];
  for (let m = receiveMessageOnPort(port); m !== undefined; m = receiveMessageOnPort(port)) messages.push(m.message as WriterMessage);
  let group: DecodedBatch[] = [];
  for (const msg of messages) {
    if (msg.type !== 'write') {
      commit(group);
      group = [];
      control(msg);
      continue;
    }
    const batch = decode(msg);
    if ('error' in batch) {
      commit(group);
      group = [];
      failure ??= batch.error;
      reply(batch.id, batch.error);
    } else group.push(batch);
  }
  commit(group);
});
