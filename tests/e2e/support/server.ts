import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverNodeFlags } from '../../../scripts/server-node-flags.mjs';

// Starts the real server (src/server/main.ts) in a child process on a free port and a data
// folder of the test's own, exactly as the start command would run it: with the same Node
// flags, so the benchmarks that start servers here (cluster, browser-storm) measure the heap
// the exchange runs with.

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** Graceful stop (SIGTERM), resolved when the process has exited. */
  stop(): Promise<void>;
  /** Hard kill (SIGKILL), as a crash would. */
  kill(): Promise<void>;
  output(): string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export function tempDataDir(prefix = 'ox-e2e-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

const root = new URL('../../../', import.meta.url).pathname;

/** `env` is laid over the defaults below; a value of undefined removes that variable. */
export async function startServer(
  opts: { dataDir?: string; port?: number; env?: Record<string, string | undefined> } = {},
): Promise<RunningServer> {
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? tempDataDir();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    SIM_RATE: '0',
    LOG_LEVEL: 'warn',
    // The tests read mail at /dev/outbox.json and log in as the demo user, as `npm start` allows.
    DEV_ROUTES: 'true',
    // Tests fund their traders through the faucet with sums far above the due-diligence
    // threshold; the due-diligence tests set the thresholds they prove.
    EDD_DEPOSIT_THRESHOLD_USD: '1000000000000',
    EDD_VOLUME_THRESHOLD_USD: '1000000000000',
    ...opts.env,
  };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  const child = spawn(process.execPath, [...serverNodeFlags, '--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));

  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${log}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy in 60 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    port,
    dataDir,
    process: child,
    output: () => log,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
    async kill() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
