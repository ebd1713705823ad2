import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensurePrivateDir, ensurePrivateFile, narrowIfPresent } from './private-files';

const mode = (p: string) => fs.statSync(p).mode & 0o7777;

let dir: string | undefined;
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});
function scratch(): string {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ox-private-'));
  return dir;
}

describe('private files in DATA_DIR', () => {
  it('API.security.data-dir-private: creates the directory 0700 and files 0600 whatever the umask', () => {
    const previous = process.umask(0o000);
    try {
      const data = path.join(scratch(), 'a', 'data');
      ensurePrivateDir(data);
      expect(mode(data)).toBe(0o700);
      const file = path.join(data, 'f');
      ensurePrivateFile(file);
      expect(mode(file)).toBe(0o600);
    } finally {
      process.umask(previous);
    }
  });

  it('API.security.data-dir-private: narrows an existing directory and files that are open to others, keeping their content', () => {
    const data = path.join(scratch(), 'data');
    fs.mkdirSync(data, { mode: 0o755 });
    fs.chmodSync(data, 0o777);
    const file = path.join(data, 'f');
    fs.writeFileSync(file, 'kept');
    fs.chmodSync(file, 0o666);
    const other = path.join(data, 'g');
    fs.writeFileSync(other, 'x');
    fs.chmodSync(other, 0o644);
    ensurePrivateDir(data);
    ensurePrivateFile(file);
    narrowIfPresent(other);
    narrowIfPresent(path.join(data, 'absent'));
    expect(mode(data)).toBe(0o700);
    expect(mode(file)).toBe(0o600);
    expect(mode(other)).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8')).toBe('kept');
  });

  it('API.security.data-dir-private: never widens, and leaves a shared sticky directory (like /tmp) alone', () => {
    const root = scratch();
    const narrow = path.join(root, 'narrow');
    fs.mkdirSync(narrow);
    fs.chmodSync(narrow, 0o500);
    ensurePrivateDir(narrow);
    expect(mode(narrow)).toBe(0o500);
    const shared = path.join(root, 'shared');
    fs.mkdirSync(shared);
    fs.chmodSync(shared, 0o1777);
    ensurePrivateDir(shared);
    expect(mode(shared)).toBe(0o1777);
    fs.chmodSync(narrow, 0o700);
  });
});
