import { afterEach, describe, expect, it } from 'vitest';
import type { AppExtension } from '../../src/server/context';
import { problem, startApp, type TestApp } from './accounts-harness';
import { describeEachStore } from '../support/postgres';

// Which address a request is counted under: IPv6 clients by their /64 (one subscriber's
// block), IPv4 by address (also IPv4-mapped), and X-Forwarded-For believed only as far as
// TRUST_PROXY says (a hop count or the proxies' addresses), never as a client writes it.

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  const MINUTE = 60_000;
  let t: TestApp | undefined;

  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** Shows what the server takes the client's address and scheme to be. */
  const echo: AppExtension = async (app) => {
    app.get('/test/client', async (request) => ({ ip: request.ip, protocol: request.protocol }));
  };

  let n = 0;
  /** A failed login (unknown email, so no per-account bucket is shared) from `remoteAddress`. */
  async function login(app: TestApp['app'], remoteAddress: string, headers: Record<string, string> = {}): Promise<number> {
    n += 1;
    const res = await app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      remoteAddress,
      headers: { 'content-type': 'application/json', 'x-auth-method': 'cookie', ...headers },
      payload: { email: `nobody-${n}@example.com`, password: 'Wrong!Passw0rd' },
    });
    if (res.statusCode === 429) expect(problem(res).code).toBe('rate_limited');
    return res.statusCode;
  }

  async function clientOf(remoteAddress: string, forwardedFor?: string, proto?: string): Promise<{ ip: string; protocol: string }> {
    const res = await t!.app.inject({
      method: 'GET',
      url: '/test/client',
      remoteAddress,
      headers: { ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}), ...(proto ? { 'x-forwarded-proto': proto } : {}) },
    });
    return res.json();
  }

  describe('rate-limit buckets by client address', () => {
    it('API.security.ipv6-grouped-by-64: two IPv6 addresses in one /64 share a bucket; an address in another /64 has its own', async () => {
      t = await startApp({ store, rateLimits: { loginPerIp: { max: 1, windowMs: 15 * MINUTE } } });
      expect(await login(t.app, '2001:db8:1:2::1')).toBe(401);
      expect(await login(t.app, '2001:db8:1:2:ffff:abcd:1234:9')).toBe(429);
      expect(await login(t.app, '2001:db8:1:3::1')).toBe(401);
      expect(await login(t.app, '2001:db8:1:3::2')).toBe(429);
    });

    it('API.security.ipv6-grouped-by-64: IPv4 addresses are buckets of their own, the same whether written plain or IPv4-mapped', async () => {
      t = await startApp({ store, rateLimits: { loginPerIp: { max: 1, windowMs: 15 * MINUTE } } });
      expect(await login(t.app, '::ffff:192.0.2.1')).toBe(401);
      expect(await login(t.app, '192.0.2.1')).toBe(429);
      expect(await login(t.app, '192.0.2.2')).toBe(401);
    });
  });

  describe('TRUST_PROXY', () => {
    it('API.security.trust-proxy-hops-or-cidr: off (the default): X-Forwarded-For and -Proto are ignored, so a client cannot pick its bucket', async () => {
      t = await startApp({ store, extensions: [echo], rateLimits: { loginPerIp: { max: 1, windowMs: 15 * MINUTE } } });
      expect(await clientOf('203.0.113.9', '198.51.100.7', 'https')).toEqual({ ip: '203.0.113.9', protocol: 'http' });
      expect(await login(t.app, '203.0.113.9', { 'x-forwarded-for': '198.51.100.1' })).toBe(401);
      expect(await login(t.app, '203.0.113.9', { 'x-forwarded-for': '198.51.100.2' })).toBe(429);
    });

    it('API.security.trust-proxy-hops-or-cidr: a hop count of 1: the address the proxy appended is the client, whatever the client wrote before it', async () => {
      t = await startApp({
        store,
        extensions: [echo],
        config: { trustProxy: 1 },
        rateLimits: { loginPerIp: { max: 1, windowMs: 15 * MINUTE } },
      });
      expect(await clientOf('10.0.0.5', '198.51.100.7', 'https')).toEqual({ ip: '198.51.100.7', protocol: 'https' });
      expect(await clientOf('10.0.0.5', '6.6.6.6, 198.51.100.7')).toMatchObject({ ip: '198.51.100.7' });
      // The client's own X-Forwarded-For does not move it to a fresh bucket.
      expect(await login(t.app, '10.0.0.5', { 'x-forwarded-for': '198.51.100.7' })).toBe(401);
      expect(await login(t.app, '10.0.0.5', { 'x-forwarded-for': '1.2.3.4, 198.51.100.7' })).toBe(429);
      expect(await login(t.app, '10.0.0.5', { 'x-forwarded-for': '198.51.100.8' })).toBe(401);
    });

    it('API.security.trust-proxy-hops-or-cidr: a hop count of 2 looks one proxy further back', async () => {
      t = await startApp({ store, extensions: [echo], config: { trustProxy: 2 } });
      expect(await clientOf('10.0.0.5', '6.6.6.6, 198.51.100.7, 10.0.0.9')).toMatchObject({ ip: '198.51.100.7' });
      expect(await clientOf('10.0.0.5', '198.51.100.7')).toMatchObject({ ip: '198.51.100.7' });
    });

    it('API.security.trust-proxy-hops-or-cidr: an address list: only a listed proxy is believed; a client calling directly is taken at its socket address', async () => {
      t = await startApp({ store, extensions: [echo], config: { trustProxy: ['10.0.0.0/8', '2001:db8:ffff::/48'] } });
      expect(await clientOf('10.1.2.3', '198.51.100.7', 'https')).toEqual({ ip: '198.51.100.7', protocol: 'https' });
      expect(await clientOf('2001:db8:ffff::1', '198.51.100.7')).toMatchObject({ ip: '198.51.100.7' });
      // Through two listed proxies, the first unlisted address from the right is the client.
      expect(await clientOf('10.1.2.3', '6.6.6.6, 198.51.100.7, 10.9.9.9')).toMatchObject({ ip: '198.51.100.7' });
      expect(await clientOf('203.0.113.9', '198.51.100.7', 'https')).toEqual({ ip: '203.0.113.9', protocol: 'http' });
    });
  });
});
