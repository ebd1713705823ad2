import { rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startEnv } from '../../scripts/start-env.mjs';
import { sqliteFile } from '../../src/server/db/database';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../src/server/seed';
import { startServer, tempDataDir, type RunningServer } from '../e2e/support/server';

// The server process as an operator starts it (src/server/main.ts, what `npm start` runs):
// production starts without SMTP_URL and without any development aid, refuses DEV_ROUTES, and
// development listens on the loopback interface only.

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
  server = undefined;
});

/** What an operator's shell would hold: none of the settings below, unless a test sets them. */
const unset = { DEV_ROUTES: undefined, SMTP_URL: undefined, SIM_RATE: undefined, STATIC_DIR: '' };

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('npm start', () => {
  it('API.security.dev-routes-off-by-default: turns the development aids on unless NODE_ENV=production, and respects an explicit DEV_ROUTES', () => {
    expect(startEnv({}).DEV_ROUTES).toBe('true');
    expect(startEnv({ NODE_ENV: 'development' }).DEV_ROUTES).toBe('true');
    expect(startEnv({ NODE_ENV: 'production' }).DEV_ROUTES).toBeUndefined();
    expect(startEnv({ DEV_ROUTES: 'false' }).DEV_ROUTES).toBe('false');
    // An explicit DEV_ROUTES under production is passed on, and the server refuses it (below).
    expect(startEnv({ NODE_ENV: 'production', DEV_ROUTES: 'true' }).DEV_ROUTES).toBe('true');
  });
});

describe('the server process', () => {
  it('API.security.production-starts-without-smtp, API.security.demo-user-dev-only, API.security.simulator-off-in-production: NODE_ENV=production starts without SMTP_URL: mail cannot leave (logged), no /dev routes, no demo account, no simulator', async () => {
    server = await startServer({ env: { ...unset, NODE_ENV: 'production', LOG_LEVEL: 'info' } });
    const output = server.output();
    expect(output).toMatch(/SMTP_URL is not set: mail cannot leave/);
    expect(output).not.toContain('Demo login');
    expect(output).not.toContain(DEMO_PASSWORD);
    expect(output).toMatch(/"simRate":0/);
    for (const url of ['/dev/outbox', '/dev/outbox.json', '/dev/exchange/depth?pair=btcusd']) {
      expect((await fetch(`${server.url}${url}`)).status, url).toBe(404);
    }
    const login = await fetch(`${server.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Auth-Method': 'cookie', Origin: server.url },
      body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(401);
    await server.stop();
    const db = new SqliteDatabase(sqliteFile(server.dataDir), { readonly: true });
    try {
      const kinds = db.prepare('SELECT account_kind, count(*) AS n FROM users GROUP BY account_kind').all();
      expect(kinds).toEqual([]);
      expect((db.prepare('SELECT count(*) AS n FROM currency_pairs').get() as { n: number }).n).toBeGreaterThan(0);
    } finally {
      db.close();
    }
  });

  it('API.security.dev-routes-refused-in-production: NODE_ENV=production with DEV_ROUTES=true refuses to start, saying why', async () => {
    const dataDir = tempDataDir();
    try {
      const start = startServer({ dataDir, env: { ...unset, NODE_ENV: 'production', DEV_ROUTES: 'true' } });
      await expect(start).rejects.toThrow(/server exited early \(1\)[\s\S]*DEV_ROUTES is refused with NODE_ENV=production/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('API.security.dev-binds-localhost: development listens on 127.0.0.1 when HOST is not set', async () => {
    server = await startServer({
      env: { ...unset, HOST: undefined, NODE_ENV: 'development', DEV_ROUTES: 'true', SIM_RATE: '0', LOG_LEVEL: 'info' },
    });
    expect(server.output()).toMatch(/"host":"127\.0\.0\.1"/);
    expect(await connects('127.0.0.1', server.port)).toBe(true);
    const external = Object.values(os.networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal);
    if (external) expect(await connects(external.address, server.port)).toBe(false);
  });
});
