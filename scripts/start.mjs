#!/usr/bin/env node
// `npm start`: make a fresh clone runnable in one command. Installs dependencies when
// node_modules is missing or older than the lock file, builds the web app when dist/ is
// missing or older than its sources, then runs the server in this terminal. PORT, DATA_DIR
// and every other variable pass through to the server unchanged; DEV_ROUTES defaults to on
// unless NODE_ENV=production (see start-env.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ensureDependencies } from './ensure-dependencies.mjs';
import { serverNodeFlags } from './server-node-flags.mjs';
import { startEnv } from './start-env.mjs';

const root = path.resolve(new URL('..', import.meta.url).pathname);
process.chdir(root);
const isWindows = process.platform === 'win32';

const say = (message) => console.log(`\x1b[36m[start]\x1b[0m ${message}`);
const shout = (message) => console.error(`\x1b[31m[start] ${message}\x1b[0m`);

function mtime(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Newest modification time under the given files and directories. */
function newest(entries) {
  let max = 0;
  const visit = (p) => {
    let st;
    try {
      st = statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules') visit(path.join(p, name));
    } else if (st.mtimeMs > max) {
      max = st.mtimeMs;
    }
  };
  entries.forEach(visit);
  return max;
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', shell: isWindows, env: process.env });
  return result.status ?? 1;
}

// 1. Dependencies.
if (!ensureDependencies(root, say)) {
  shout('npm ci failed: see the output above. The server was not started.');
  process.exit(1);
}

// 2. The web app. Its inputs are the browser code, the shared contract and the build setup.
const buildInputs = ['src/app', 'src/worker', 'src/shared', 'index.html', 'public', 'vite.config.ts', 'package-lock.json'];
const builtIndex = path.join('dist', 'index.html');
if (!existsSync(builtIndex) || newest(buildInputs) > mtime(builtIndex)) {
  say('Building the web app (vite build)…');
  if (run('npx', ['vite', 'build', '--logLevel', 'warn']) !== 0) {
    shout('The web app build FAILED (see the errors above).');
    shout(
      existsSync(builtIndex)
        ? 'Starting the server with the PREVIOUS build in dist/; fix the errors and run npm start again.'
        : 'Starting the server WITHOUT the web app: the API and /healthz work (and /dev/outbox in development), pages do not.',
    );
  }
}

// 3. The server, in its own process group: the terminal's Ctrl-C reaches only this script,
// which forwards it once. (npm also relays the signal it got from the terminal, so a repeat
// within a second is the same key press, not the "press again to force" one.)
const server = spawn(process.execPath, [...serverNodeFlags, '--import', 'tsx', 'src/server/main.ts'], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: startEnv(process.env),
  detached: !isWindows,
});

const lastForwarded = new Map();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    const now = Date.now();
    if (now - (lastForwarded.get(signal) ?? 0) < 1000) return;
    lastForwarded.set(signal, now);
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}

server.on('error', (err) => {
  shout(`Could not start the server: ${err.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
