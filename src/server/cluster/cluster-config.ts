import { z } from 'zod';

// Cluster mode settings: one core (matching, the ledger's writer, the simulator) and any number
// of edges (HTTP API, hub, web app) sharing one PostgreSQL database and one Redis. Without ROLE
// the server is the single process it has always been, and none of this is read.

export type ClusterRole = 'single' | 'core' | 'edge';

export interface ClusterConfig {
  role: ClusterRole;
  /** redis://… of the command stream, the feed backplane and the shared rate-limit counters. */
  redisUrl: string | undefined;
  /** Prefix of every Redis key and channel, so several clusters (or test runs) share one Redis. */
  prefix: string;
  /** How long an edge waits for the core's answer before it answers 503 core_unavailable. */
  callTimeoutMs: number;
  /** This edge's name: its reply channel, and what its logs say. */
  edgeId: string;
}

export const DEFAULT_CLUSTER_PREFIX = 'ox';
export const DEFAULT_CLUSTER_CALL_TIMEOUT_MS = 5_000;

export const clusterEnvShape = {
  ROLE: z.enum(['single', 'core', 'edge']).default('single'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  CLUSTER_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1 to 64 letters, digits, _ . or -')
    .default(DEFAULT_CLUSTER_PREFIX),
  CLUSTER_CALL_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(DEFAULT_CLUSTER_CALL_TIMEOUT_MS),
  EDGE_ID: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1 to 64 letters, digits, _ . or -')
    .optional(),
};

type ClusterEnv = z.output<z.ZodObject<typeof clusterEnvShape>>;

/** The cluster block of the configuration; a core or an edge without Redis or PostgreSQL is refused. */
export function clusterConfig(e: ClusterEnv, databaseUrl: string | undefined, fallbackEdgeId: string): ClusterConfig {
  if (e.ROLE !== 'single') {
    if (!e.REDIS_URL) throw new Error(`ROLE=${e.ROLE} needs REDIS_URL: the core and the edges talk through Redis.`);
    if (!databaseUrl || !/^postgres(ql)?:\/\//i.test(databaseUrl)) {
      throw new Error(`ROLE=${e.ROLE} needs DATABASE_URL of a PostgreSQL server: every node of a cluster shares one database.`);
    }
  }
  return {
    role: e.ROLE,
    redisUrl: e.REDIS_URL,
    prefix: e.CLUSTER_PREFIX,
    callTimeoutMs: e.CLUSTER_CALL_TIMEOUT_MS,
    edgeId: e.EDGE_ID ?? fallbackEdgeId,
  };
}
