import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../lib/private-files';

// EDD documents on disk: DATA_DIR/edd-files, a directory no static route serves, each file
// 0600 under a random name without extension (the sender's name is kept only in the database),
// so nothing uploaded can be reached by URL, guessed, or run.

export interface DocumentStore {
  dir: string;
  /** Writes every buffer or none: on a failure the ones already written are removed. */
  writeAll(buffers: readonly Uint8Array[]): string[];
  remove(names: readonly string[]): void;
  read(name: string): Buffer;
}

export function createDocumentStore(dataDir: string): DocumentStore {
  const dir = path.join(dataDir, 'edd-files');
  ensurePrivateDir(dir);
  const at = (name: string) => {
    if (!/^[0-9a-f]{32}$/.test(name)) throw new Error('not a stored document name');
    return path.join(dir, name);
  };
  const store: DocumentStore = {
    dir,
    writeAll(buffers) {
      const written: string[] = [];
      try {
        for (const buffer of buffers) {
          const name = randomBytes(16).toString('hex');
          fs.writeFileSync(at(name), buffer, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
          written.push(name);
        }
        return written;
      } catch (err) {
        store.remove(written);
        throw err;
      }
    },
    remove(names) {
      for (const name of names) fs.rmSync(at(name), { force: true });
    },
    read(name) {
      return fs.readFileSync(at(name));
    },
  };
  return store;
}
