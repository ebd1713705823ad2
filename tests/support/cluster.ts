import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { startServer, tempDataDir, type RunningServer } from '../e2e/support/server';
import { REDIS_TEST_URL } from './redis';

// A cluster on loopback for tests: one core and N edges, each the real server (src/server/main.ts)
// in a process of its own, on one PostgreSQL database and one Redis key prefix of the test's
// own. They share DATA_DIR only for the signing key, as a deployment shares it as a secret.

export interface TestCluster {
  core: RunningServer;
  edges: (RunningServer | null)[];
  prefix: string;
  dataDir: string;
  /** Starts the core again (after a kill) on the same database, prefix and port. */
  restartCore(): Promise<RunningServer>;
  stop(): Promise<void>;
}

export async function startTestCluster(options: {
  databaseUrl: string;
  edges: number;
  env?: Record<string, string>;
}): Promise<TestCluster> {
  const prefix = `oxtest-${randomBytes(5).toString('hex')}`;
  const dataDir = tempDataDir('ox-cluster-');
  const shared = {
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: REDIS_TEST_URL,
    CLUSTER_PREFIX: prefix,
    ...options.env,
  };
  const startCore = (port?: number) => startServer({ dataDir, ...(port ? { port } : {}), env: { ...shared, ROLE: 'core' } });
  const cluster: TestCluster = {
    core: await startCore(),
    edges: [],
    prefix,
    dataDir,
    async restartCore() {
      cluster.core = await startCore(cluster.core.port);
      return cluster.core;
    },
    async stop() {
      await Promise.all([cluster.core.kill(), ...cluster.edges.map((e) => e?.kill())]);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  for (let i = 0; i < options.edges; i++) {
    cluster.edges.push(await startServer({ dataDir, env: { ...shared, ROLE: 'edge', EDGE_ID: `edge-${i + 1}` } }));
  }
  return cluster;
}
