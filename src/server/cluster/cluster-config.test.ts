import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';

const pg = 'postgres://postgres@127.0.0.1:5432/ox';

describe('cluster settings', () => {
  it('CORE.cluster.single-by-default: without ROLE the server is one process and needs no Redis', () => {
    const config = loadConfig({ NODE_ENV: 'test' }, '/tmp');
    expect(config.cluster).toMatchObject({ role: 'single', redisUrl: undefined, prefix: 'ox' });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('CORE.cluster.role-needs-redis-postgres: a core or an edge without Redis or PostgreSQL is refused', () => {
    expect(() => loadConfig({ ROLE: 'core', DATABASE_URL: pg }, '/tmp')).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ ROLE: 'edge', REDIS_URL: 'redis://127.0.0.1:6379' }, '/tmp')).toThrow(/PostgreSQL/);
    expect(() => loadConfig({ ROLE: 'edge', REDIS_URL: 'http://x', DATABASE_URL: pg }, '/tmp')).toThrow(/REDIS_URL/);
    const edge = loadConfig(
      { ROLE: 'edge', REDIS_URL: 'redis://127.0.0.1:6379', DATABASE_URL: pg, PORT: '9001', CLUSTER_CALL_TIMEOUT_MS: '2500' },
      '/tmp',
    );
    expect(edge.cluster).toEqual({
      role: 'edge',
      redisUrl: 'redis://127.0.0.1:6379',
      prefix: 'ox',
      callTimeoutMs: 2500,
      edgeId: 'edge-9001',
    });
  });
});
