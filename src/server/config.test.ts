import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertSafeConfig, loadConfig } from './config';

describe('loadConfig', () => {
  it('CORE.config.defaults, API.errors.payload-too-large-413: uses the documented defaults', () => {
    const c = loadConfig({}, '/srv/ox');
    expect(c).toMatchObject({
      nodeEnv: 'development',
      port: 8080,
      host: '127.0.0.1',
      devRoutes: false,
      simRate: 50,
      dataDir: path.resolve('/srv/ox', 'data'),
      publicUrl: 'http://localhost:8080',
      databaseUrl: undefined,
      trustProxy: false,
      bodyLimit: 1024 * 1024,
      staticDir: path.resolve('/srv/ox', 'dist'),
    });
    expect(c.trustedOrigins).toEqual(['http://localhost:8080']);
  });

  it('CORE.config.defaults: reads every variable', () => {
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

  it('CORE.config.defaults: rejects invalid values with a readable message', () => {
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

  it('API.rate-limit.login-per-ip, API.rate-limit.login-per-email, API.rate-limit.code-request-per-ip, API.rate-limit.code-request-per-user, API.rate-limit.forgot-per-ip, API.rate-limit.forgot-per-email, API.rate-limit.register-per-ip: the account limits default to the documented counts and windows', () => {
    const minutes = (n: number) => n * 60_000;
    expect(loadConfig({}).rateLimits).toMatchObject({
      loginPerIp: { max: 30, windowMs: minutes(15) },
      loginPerAccount: { max: 10, windowMs: minutes(15) },
      codeRequestPerIp: { max: 30, windowMs: minutes(15) },
      codeRequestPerUser: { max: 5, windowMs: minutes(15) },
      forgotPasswordPerIp: { max: 10, windowMs: minutes(15) },
      forgotPasswordPerAccount: { max: 3, windowMs: minutes(15) },
      registerPerIp: { max: 20, windowMs: minutes(60) },
    });
  });

  it('API.errors.payload-too-large-413: BODY_LIMIT replaces the 1 MiB body limit', () => {
    expect(loadConfig({ BODY_LIMIT: '2048' }).bodyLimit).toBe(2048);
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

  it('API.wallets.btc-bech32-p2wpkh: BITCOIN_NETWORK is mainnet unless it names testnet or regtest', () => {
    expect(loadConfig({}).bitcoinNetwork).toBe('mainnet');
    expect(loadConfig({ BITCOIN_NETWORK: 'testnet' }).bitcoinNetwork).toBe('testnet');
    expect(loadConfig({ BITCOIN_NETWORK: 'regtest' }).bitcoinNetwork).toBe('regtest');
    expect(() => loadConfig({ BITCOIN_NETWORK: 'signet' })).toThrow(/BITCOIN_NETWORK/);
  });

  it('CORE.config.silent-in-tests: is silent in tests', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
  });

  it('development listens on 127.0.0.1 unless HOST says otherwise; production on every interface', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('dev routes are on only when DEV_ROUTES says so', () => {
    expect(loadConfig({}).devRoutes).toBe(false);
    expect(loadConfig({ DEV_ROUTES: 'false' }).devRoutes).toBe(false);
    expect(loadConfig({ DEV_ROUTES: 'true' }).devRoutes).toBe(true);
    expect(loadConfig({ DEV_ROUTES: '1', NODE_ENV: 'test' }).devRoutes).toBe(true);
    expect(() => loadConfig({ DEV_ROUTES: 'yes' })).toThrow(/DEV_ROUTES/);
  });

  it('refuses DEV_ROUTES under NODE_ENV=production, with a message naming both', () => {
    for (const value of ['true', '1']) {
      expect(() => loadConfig({ NODE_ENV: 'production', DEV_ROUTES: value })).toThrow(/DEV_ROUTES is refused with NODE_ENV=production/);
    }
    expect(loadConfig({ NODE_ENV: 'production', DEV_ROUTES: 'false' }).devRoutes).toBe(false);
    expect(() => assertSafeConfig({ nodeEnv: 'production', devRoutes: true })).toThrow(/DEV_ROUTES/);
  });

  it('API.security.storm-pair-refused-in-production: the benchmark storm is off by default and refused in production', () => {
    expect(loadConfig({}).stormPair).toBeUndefined();
    expect(loadConfig({ STORM_PAIR: 'btcusd', NODE_ENV: 'test' }).stormPair).toBe('btcusd');
    expect(() => loadConfig({ STORM_PAIR: 'BTC/USD' })).toThrow(/STORM_PAIR/);
    expect(() => loadConfig({ NODE_ENV: 'production', STORM_PAIR: 'btcusd' })).toThrow(/STORM_PAIR is refused with NODE_ENV=production/);
  });

  it('the simulator is off by default in production and still settable', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).simRate).toBe(0);
    expect(loadConfig({ NODE_ENV: 'production', SIM_RATE: '20' }).simRate).toBe(20);
    expect(loadConfig({ NODE_ENV: 'development' }).simRate).toBe(50);
  });

  it('API.commit.inline-mode: EXCHANGE_COMMIT picks the writer thread unless it says inline; other values are refused', () => {
    expect(loadConfig({}).exchangeCommit).toBe('thread');
    expect(loadConfig({ EXCHANGE_COMMIT: 'inline' }).exchangeCommit).toBe('inline');
    expect(() => loadConfig({ EXCHANGE_COMMIT: 'fast' })).toThrow(/EXCHANGE_COMMIT/);
  });
});
