import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

// A second connection writing to the same WAL database from its own thread, as the exchange's
// writer does (see sqlite-write-lock.test.ts): it can hold the write lock for a while or write once.

export interface OtherWriterData {
  file: string;
}

export type OtherWriterCommand = { kind: 'hold'; v: string; ms: number } | { kind: 'write'; v: string };

const port = parentPort!;
const db = new Database((workerData as OtherWriterData).file);
db.pragma('busy_timeout = 5000');
const insert = db.prepare('insert into t (v) values (?)');
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
port.postMessage('ready');
port.on('message', (msg: OtherWriterCommand) => {
  try {
    if (msg.kind === 'hold') {
      db.prepare('begin immediate').run();
      insert.run(msg.v);
      port.postMessage('locked');
      pause(msg.ms);
      db.prepare('commit').run();
    } else insert.run(msg.v);
    port.postMessage('committed');
  } catch (e) {
    port.postMessage(`failed: ${(e as { code?: string }).code}`);
  }
});
