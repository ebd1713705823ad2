import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const c = loadConfig({}, '/srv/ox');
    expect(c).toMatchObject({
      nodeEnv: 'development',
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('/srv/ox', 'data'),
      publicUrl: 'http://localhost:8080',
      databaseUrl: undefined,
      trustProxy: false,
      bodyLimit: 1024 * 1024,
      staticDir: path.resolve('/srv/ox', 'dist'),
    });
    expect(c.trustedOrigins).toEqual(['http://localhost:8080']);
  });

  it('reads every variable', () => {
    const c = loadConfig(
      {
        NODE_ENV: 'production',
        PORT: '9000',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/lib/ox',
        PUBLIC_URL: 'https://ox.example/',
        SMTP_URL: 'smtp://mail:25',
        DATABASE_URL: 'postgres://u:p@db/ox',
        SIM_RATE: '5',
        TRUSTED_ORIGINS: 'https://a.example, https://b.example/',
        TRUST_PROXY: 'true',
      },
      '/',
    );
    expect(c).toMatchObject({
      nodeEnv: 'production',
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/var/lib/ox',
      publicUrl: 'https://ox.example',
      smtpUrl: 'smtp://mail:25',
      databaseUrl: 'postgres://u:p@db/ox',
      simRate: 5,
      trustProxy: true,
      logLevel: 'info',
    });
    expect(c.trustedOrigins).toEqual(['https://a.example', 'https://b.example', 'https://ox.example']);
  });

  it('reads the per-user hub limits: 10 open and 10 negotiated connections and 60 negotiations a minute by default', () => {
    expect(loadConfig({})).toMatchObject({
      hubLimits: { maxConnectionsPerUser: 10, maxPendingNegotiationsPerUser: 10 },
      rateLimits: { hubNegotiatePerUser: { max: 60, windowMs: 60_000 } },
    });
    const c = loadConfig({ HUB_MAX_CONNECTIONS_PER_USER: '3', HUB_MAX_NEGOTIATIONS_PER_USER: '4', HUB_NEGOTIATIONS_PER_MINUTE: '5' });
    expect(c.hubLimits).toEqual({ maxConnectionsPerUser: 3, maxPendingNegotiationsPerUser: 4 });
    expect(c.rateLimits.hubNegotiatePerUser).toEqual({ max: 5, windowMs: 60_000 });
    expect(() => loadConfig({ HUB_MAX_CONNECTIONS_PER_USER: '0' })).toThrow(/HUB_MAX_CONNECTIONS_PER_USER/);
  });

  it('rejects invalid values with a readable message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
  });

  it('is silent in tests', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
  });
});
