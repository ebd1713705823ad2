// Installs the dependencies when node_modules is missing or older than the lock file. npm
// writes node_modules/.package-lock.json on every install, so it is older than
// package-lock.json exactly when the lock changed since the last install.
// Only Node built-ins here: this runs on a fresh clone, before anything is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

/** True when nothing had to be installed or `npm ci` succeeded; logs through `say`. */
export function ensureDependencies(root, say) {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  if (existsSync(marker) && mtime(marker) >= mtime(path.join(root, 'package-lock.json'))) return true;
  say('Installing dependencies (npm ci)…');
  const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
    env: process.env,
  });
  return r.status === 0;
}
