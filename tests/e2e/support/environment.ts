import { rmSync } from 'node:fs';
import type { Browser } from 'playwright';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startServer, type RunningServer } from './server';
import { snapshotWebApp } from './web-app';

export interface E2eEnvironment {
  /** The real server on a fresh data folder, serving this file's copy of the web app. */
  readonly server: RunningServer;
  /** Headless system Chromium. */
  readonly browser: Browser;
  /** This file's copy of dist/ (STATIC_DIR), for servers a test starts itself. */
  readonly webApp: string;
}

/**
 * One server and one browser for the test file calling it (from its top level): started
 * before its tests, stopped and their folders removed after them.
 */
export function e2eEnvironment(options: { server?: boolean } = {}): E2eEnvironment {
  const env = {} as { server: RunningServer; browser: Browser; webApp: string };
  beforeAll(async () => {
    env.webApp = await snapshotWebApp();
    const [server, browser] = await Promise.all([
      options.server === false ? Promise.resolve(undefined) : startServer({ env: { STATIC_DIR: env.webApp } }),
      launchBrowser(),
    ]);
    if (server) env.server = server;
    env.browser = browser;
  });
  afterAll(async () => {
    await env.browser?.close();
    if (env.server) {
      await env.server.stop();
      rmSync(env.server.dataDir, { recursive: true, force: true });
    }
    if (env.webApp) rmSync(env.webApp, { recursive: true, force: true });
  });
  return env;
}
