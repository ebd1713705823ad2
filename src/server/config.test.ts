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
        TRUST_PROXY: '2',
        ORDER_RATE_LIMIT: '10/1s',
        CANCEL_RATE_LIMIT: '600 / 1m',
        QUOTE_RATE_LIMIT: '5/500ms',
        MAX_OPEN_ORDERS: '200',
        VITE_API_BASE: 'https://api.ox.example/',
        VITE_HUB_URL: 'https://hub.ox.example:8443/hubs/exchange',
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
      trustProxy: 2,
      logLevel: 'info',
      maxOpenOrdersPerUser: 200,
      webAppConnectOrigins: ['https://api.ox.example', 'https://hub.ox.example:8443', 'wss://hub.ox.example:8443'],
    });
    expect(c.rateLimits).toMatchObject({
      ordersPerUser: { max: 10, windowMs: 1000 },
      cancelsPerUser: { max: 600, windowMs: 60_000 },
      quotesPerUser: { max: 5, windowMs: 500 },
    });
    expect(c.trustedOrigins).toEqual(['https://a.example', 'https://b.example', 'https://ox.example']);
  });

  it('rejects invalid values with a readable message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
  });

  it('TRUST_PROXY is a hop count or a list of proxy addresses and CIDR ranges, never a blanket true', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1, fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    // `true` is refused, and the message says what to write instead.
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: .*TRUST_PROXY=1 .*CIDR/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY: not an address or CIDR range: "10.0.0.0\/33"/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY/);
  });

  it('per-user order limits default to 50 orders, 50 cancels and 20 quotes a second and 500 open orders; bad values are refused', () => {
    const c = loadConfig({});
    expect(c.rateLimits).toMatchObject({
      ordersPerUser: { max: 50, windowMs: 1000 },
      cancelsPerUser: { max: 50, windowMs: 1000 },
      quotesPerUser: { max: 20, windowMs: 1000 },
    });
    expect(c.maxOpenOrdersPerUser).toBe(500);
    expect(c.webAppConnectOrigins).toEqual([]);
    expect(() => loadConfig({ ORDER_RATE_LIMIT: '50' })).toThrow(/ORDER_RATE_LIMIT: must be max\/window/);
    expect(() => loadConfig({ QUOTE_RATE_LIMIT: '0/1s' })).toThrow(/QUOTE_RATE_LIMIT/);
    expect(() => loadConfig({ MAX_OPEN_ORDERS: '0' })).toThrow(/MAX_OPEN_ORDERS/);
  });

  it('is silent in tests', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
  });
});
