import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './accounts-harness';

// Every answer carries the security headers: the web app's pages (index.html and the SPA
// fallback of its routes), its assets (the engine worker takes its policy from its script's
// answer) and the API; HSTS only in production.

let t: TestApp | undefined;
let staticDir: string | undefined;

afterEach(async () => {
  await t?.close();
  t = undefined;
  if (staticDir) fs.rmSync(staticDir, { recursive: true, force: true });
  staticDir = undefined;
});

/** A built web app in miniature: index.html and one hashed asset. */
function webApp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ox-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><div id="root"></div><script type="module" src="/assets/index-abc.js"></script>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'entry-abc.js'), 'self.onmessage = () => {};');
  return dir;
}

function directives(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectAppPolicy(res: LightMyRequestResponse, host: string): void {
  const csp = directives(res);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('script-src-attr')).toEqual(["'none'"]);
  expect(csp.get('connect-src')).toEqual(["'self'", `ws://${host}`, `wss://${host}`]);
  expect(csp.get('worker-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  // Styles: our own stylesheets and inline ones only by hash (never 'unsafe-inline').
  const styles = csp.get('style-src')!;
  expect(styles[0]).toBe("'self'");
  expect(styles.slice(1).every((s) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(s))).toBe(true);
  expect(styles.length).toBeGreaterThan(1);
  expect(res.headers['content-security-policy']).not.toMatch(/unsafe-(inline|eval)/);
}

function expectCommonHeaders(res: LightMyRequestResponse): void {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('same-origin');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-powered-by']).toBeUndefined();
}

describe('security headers', () => {
  it('API.security.security-headers: / and /exchange (index.html and the SPA fallback) carry the CSP, nosniff, a referrer policy and no framing; no HSTS outside production', async () => {
    staticDir = webApp();
    t = await startApp({ config: { staticDir } });
    for (const url of ['/', '/exchange', '/account/password/reset-password?userId=u&token=x']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: 'localhost:8080' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expectAppPolicy(res, 'localhost:8080');
      expectCommonHeaders(res);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('API.security.security-headers: assets (the worker script) and API answers, successes and problems alike, carry them too', async () => {
    staticDir = webApp();
    t = await startApp({ config: { staticDir } });
    const asset = await t.app.inject({ method: 'GET', url: '/assets/entry-abc.js', headers: { host: '127.0.0.1:9000' } });
    expect(asset.statusCode).toBe(200);
    expectAppPolicy(asset, '127.0.0.1:9000');
    expectCommonHeaders(asset);
    for (const [method, url, status] of [
      ['GET', '/healthz', 200],
      ['POST', '/v1/auth/login', 400],
      ['GET', '/v1/no-such-call', 404],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { host: 'ox.example' }, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode).toBe(status);
      expectAppPolicy(res, 'ox.example');
      expectCommonHeaders(res);
    }
  });

  it('API.security.security-headers: a Host header that is not a plain host:port is left out of the policy', async () => {
    t = await startApp();
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { host: 'evil.example/ x' } });
    expect(directives(res).get('connect-src')).toEqual(["'self'", "'self'"]);
  });

  it('API.security.security-headers: behind a trusted proxy, the WebSocket host is the one the browser asked the proxy for', async () => {
    t = await startApp({ config: { trustProxy: ['10.0.0.0/8'] } });
    const viaProxy = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      remoteAddress: '10.0.0.2',
      headers: { host: 'backend:8080', 'x-forwarded-host': 'ox.example' },
    });
    expect(directives(viaProxy).get('connect-src')).toEqual(["'self'", 'ws://ox.example', 'wss://ox.example']);
    // From anyone else the header is not believed.
    const direct = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      remoteAddress: '203.0.113.9',
      headers: { host: 'backend:8080', 'x-forwarded-host': 'evil.example' },
    });
    expect(directives(direct).get('connect-src')).toEqual(["'self'", 'ws://backend:8080', 'wss://backend:8080']);
  });

  it("API.security.security-headers: HSTS in production (a year, subdomains included), and the web app's other API and hub origins in connect-src", async () => {
    staticDir = webApp();
    t = await startApp({
      config: {
        staticDir,
        nodeEnv: 'production',
        webAppConnectOrigins: ['https://api.ox.example', 'https://hub.ox.example', 'wss://hub.ox.example'],
      },
      outboxDelivery: { kind: 'log' },
    });
    for (const url of ['/', '/exchange', '/healthz']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: 'ox.example' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(directives(res).get('connect-src')).toEqual([
        "'self'",
        'ws://ox.example',
        'wss://ox.example',
        'https://api.ox.example',
        'https://hub.ox.example',
        'wss://hub.ox.example',
      ]);
      expectCommonHeaders(res);
    }
  });

  it('API.security.security-headers: the development outbox page allows nothing but its own inline stylesheet', async () => {
    t = await startApp();
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(res.statusCode).toBe(200);
    const csp = directives(res);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('style-src')).toHaveLength(1);
    const style = /<style>([\s\S]*?)<\/style>/.exec(res.body)![1]!;
    const { createHash } = await import('node:crypto');
    expect(csp.get('style-src')![0]).toBe(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expectCommonHeaders(res);
  });
});
