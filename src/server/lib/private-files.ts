import fs from 'node:fs';

// DATA_DIR holds the database (users, ID numbers, balances) and the master secret: only the
// server's own account may read it, whatever the umask. Files and directories that already
// exist with wider permissions (an older version, a copy, a restore) are narrowed, never widened.

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

const GROUP_AND_OTHER = 0o077;
const STICKY = 0o1000;

/**
 * Removes group and other permissions. Only from what the server's account owns, and never
 * from a shared sticky directory: DATA_DIR=/tmp must not lock everybody else out of /tmp.
 */
function narrow(target: string, mode: number): void {
  const stat = fs.statSync(target);
  const current = stat.mode & 0o777;
  if (!(current & GROUP_AND_OTHER) || stat.mode & STICKY) return;
  if (process.getuid && stat.uid !== process.getuid()) return;
  fs.chmodSync(target, current & mode);
}

/** Creates `dir` (and missing parents) as 0700, or narrows an existing one to the owner. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  narrow(dir, PRIVATE_DIR_MODE);
}

/**
 * Makes sure `file` exists and is 0600 before anything else opens it: SQLite gives its -wal and
 * -shm files the mode of the database file, so creating that one right covers all three.
 */
export function ensurePrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  narrow(file, PRIVATE_FILE_MODE);
}

/** Narrows `file` to the owner if it exists; absent is fine. */
export function narrowIfPresent(file: string): void {
  try {
    narrow(file, PRIVATE_FILE_MODE);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}
