#!/usr/bin/env node
// `npm run cluster -- --edges 3`: one core and N edges on this machine, to try cluster mode.
// Each node is the server (src/server/main.ts) in its own process: the core first (it
// migrates and seeds the database), then the edges once it is healthy. Every node shares one
// PostgreSQL database (DATABASE_URL; default a local database ox_cluster, created if missing),
// one Redis (REDIS_URL; default the local one) and DATA_DIR (the signing key every edge needs).
// Real deployments run one command per node instead: ROLE=core npm run server, ROLE=edge npm run server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureDependencies } from './ensure-dependencies.mjs';
import { serverNodeFlags } from './server-node-flags.mjs';
import { startEnv } from './start-env.mjs';

const root = path.resolve(new URL('..', import.meta.url).pathname);
process.chdir(root);

const say = (message) => console.log(`\x1b[36m[cluster]\x1b[0m ${message}`);
const shout = (message) => console.error(`\x1b[31m[cluster] ${message}\x1b[0m`);

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isInteger(value) || value < 0) {
    shout(`--${name} needs a whole number`);
    process.exit(2);
  }
  return value;
}

const edges = option('edges', 3);
const corePort = option('core-port', 8090);
const firstEdgePort = option('port', 8081);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ox_cluster';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Creates the database of the default URL when it does not exist yet. */
async function ensureDatabase(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  // Imported here: `pg` is there only once ensureDependencies has run.
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      say(`creating database ${name}`);
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    }
  } finally {
    await client.end();
  }
}

const children = [];

function startNode(label, env) {
  const child = spawn(process.execPath, [...serverNodeFlags, '--import', 'tsx', 'src/server/main.ts'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: startEnv({ ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, ...env }),
  });
  const tag = `\x1b[35m[${label}]\x1b[0m `;
  const relay = (stream, out) => {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) out.write(`${tag}${line}\n`);
    });
  };
  relay(child.stdout, process.stdout);
  relay(child.stderr, process.stderr);
  child.on('exit', (code, signal) => say(`${label} exited (${signal ?? code})`));
  children.push(child);
  return child;
}

async function healthy(port, child) {
  for (let waited = 0; waited < 120_000; waited += 250) {
    if (child.exitCode !== null) return false;
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

function stopAll(signal) {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    say('stopping every node');
    stopAll('SIGTERM');
  });
}

if (!ensureDependencies(root, say)) {
  shout('npm ci failed: see the output above. No node was started.');
  process.exit(1);
}

try {
  if (!process.env.DATABASE_URL) await ensureDatabase(databaseUrl);
} catch (err) {
  shout(`PostgreSQL is not reachable at ${databaseUrl}: ${err.message}. Set DATABASE_URL.`);
  process.exit(1);
}

const core = startNode('core', { ROLE: 'core', PORT: String(corePort) });
if (!(await healthy(corePort, core))) {
  shout('the core did not start (see its output above)');
  stopAll('SIGKILL');
  process.exit(1);
}
const urls = [];
for (let i = 0; i < edges; i++) {
  const port = firstEdgePort + i;
  const edge = startNode(`edge-${i + 1}`, { ROLE: 'edge', PORT: String(port), EDGE_ID: `edge-${i + 1}` });
  if (!(await healthy(port, edge))) {
    shout(`edge-${i + 1} did not start (see its output above)`);
    stopAll('SIGTERM');
    process.exit(1);
  }
  urls.push(`http://localhost:${port}`);
}
say(`core:  http://localhost:${corePort} (matching, ledger writer, simulator)`);
for (const [i, url] of urls.entries()) say(`edge-${i + 1}: ${url}`);
say('Ctrl-C stops every node.');

await Promise.all(children.map((c) => new Promise((resolve) => (c.exitCode !== null ? resolve() : c.on('exit', resolve)))));
process.exit(stopping ? 0 : 1);
