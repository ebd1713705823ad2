import { readFileSync, rmSync } from 'node:fs';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOperatorCli } from '../../src/server/operator/cli';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../src/server/seed/reference-data';
import { launchBrowser } from './support/browser';
import { watchCspViolations, type CspWatch } from './support/csp-violations';
import { fillBasicDetails, loginThroughForm, settledUrl, shots, uniquePerson, watchPage } from './support/flows';
import { startServer, type RunningServer } from './support/server';
import { snapshotWebApp } from './support/web-app';

// The built web app under the server's Content-Security-Policy, in Chromium: every screen of
// the router, logged out and logged in, loads without a single violation reported by a page
// or by the engine's worker, and the exchange screen still shows live data (the worker
// starts, reaches the hub over its WebSocket and renders the book).

const routerSource = readFileSync(new URL('../../src/app/router.tsx', import.meta.url), 'utf8');

/** Screens before logging in (the register steps are reached through step 1, below). */
const LOGGED_OUT = [
  '/',
  '/loading',
  '/account/login',
  '/account/password/forgot-password',
  '/account/password/reset-password?userId=00000000-0000-0000-0000-000000000000&token=not-a-real-token',
  '/account/password/reset-password',
  '/account/register',
  '/unauthorized',
  '/no-such-screen',
];

const LOGGED_IN = [
  '/dashboard',
  '/business/principal-address',
  '/business/beneficial-owners',
  '/verify/email',
  '/verify/phone',
  '/enhanced-due-diligence',
  '/portfolio',
  '/my/transactions',
  '/fee-rates',
  '/payments',
  '/payments/bank-account',
  '/payments/wire-instructions',
  '/payments/ach-onboarding',
  '/security/approved-addresses',
  '/market',
  // The demo user is made an operator below, so the console itself is rendered.
  '/operator',
  // Last: the live-book checks below run on it.
  '/exchange',
];

let server: RunningServer;
let browser: Browser;
let webApp: string;

beforeAll(async () => {
  webApp = await snapshotWebApp();
  [server, browser] = await Promise.all([startServer({ env: { SIM_RATE: '50', STATIC_DIR: webApp } }), launchBrowser()]);
  const granted = await runOperatorCli(['grant', DEMO_EMAIL], { NODE_ENV: 'development', DATA_DIR: server.dataDir }, () => {});
  expect(granted).toBe(0);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
  if (webApp) rmSync(webApp, { recursive: true, force: true });
});

/** Opens `path` and waits until the app has rendered it and stopped redirecting. */
async function visit(page: Page, path: string): Promise<void> {
  const response = await page.goto(`${server.url}${path}`);
  // The policy is really in force on this document (the test would pass vacuously without it).
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await page.locator('#root > *').first().waitFor();
  await settledUrl(page);
  // Lazy screens, their effects and any toasts they raise.
  await page.waitForTimeout(300);
}

function report(watch: CspWatch): string {
  return watch.violations.map((v) => `${v.where} ${v.url}: ${v.directive} blocked ${v.blocked} ${v.sample}`).join('\n');
}

/** Waits until the order book shows priced asks and bids (rendered from the worker's live feed). */
async function waitForLiveBook(page: Page): Promise<{ asks: number; bids: number }> {
  const levels = (side: string) =>
    page.locator(`[data-testid="order-book"] [aria-label="${side}"] :is(tr, [role="row"])`).filter({ hasText: /\d\.\d/ });
  await expect
    .poll(async () => Math.min(await levels('Asks').count(), await levels('Bids').count()), { timeout: 30_000 })
    .toBeGreaterThan(0);
  return { asks: await levels('Asks').count(), bids: await levels('Bids').count() };
}

describe('the web app under its Content-Security-Policy', () => {
  it('API.security.csp-no-violation: the visited screens cover every path of the router', () => {
    const visited = [...LOGGED_OUT, ...LOGGED_IN, '/account/register/individual', '/account/register/business'];
    const segments = [...routerSource.matchAll(/(?:path: |member\()'([^']+)'/g)].map((m) => m[1]!).filter((p) => p !== '*');
    expect(segments.length).toBeGreaterThan(15);
    const uncovered = segments.filter((segment) => !visited.some((url) => url.split('?')[0]!.includes(segment)));
    expect(uncovered).toEqual([]);
  });

  it('API.security.csp-no-violation: every screen, logged out and logged in, runs without a CSP violation; the exchange screen shows live book data through the worker and the hub', async () => {
    const shot = shots('csp');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const watch = await watchCspViolations(context, server.url);
      const page = watchPage(await context.newPage());

      for (const path of LOGGED_OUT) await visit(page, path);
      await shot(page, 'logged-out');

      // The register steps: step 1, then each account type's second step.
      for (const [type, next] of [
        ['Individual', '/account/register/individual'],
        ['Business', '/account/register/business'],
      ] as const) {
        await visit(page, '/account/register');
        await fillBasicDetails(page, uniquePerson(`csp-${type.toLowerCase()}`), type, 'kingdom');
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.waitForURL(`**${next}`);
        await settledUrl(page);
        await page.waitForTimeout(300);
      }
      await shot(page, 'register-business-step');
      expect(report(watch)).toBe('');

      await loginThroughForm(page, server.url, DEMO_EMAIL, DEMO_PASSWORD);
      for (const path of LOGGED_IN) await visit(page, path);

      // The exchange screen is live: the worker opened the hub and the book has levels.
      const book = await waitForLiveBook(page);
      expect(book.asks).toBeGreaterThan(0);
      expect(book.bids).toBeGreaterThan(0);
      await expect.poll(() => page.locator('.ex-connection-label').textContent(), { timeout: 15_000 }).toBe('Connected');
      await page.getByRole('button', { name: /Market pair/ }).click();
      await page.getByRole('dialog', { name: 'Select a market pair' }).waitFor();
      await page.keyboard.press('Escape');
      await shot(page, 'exchange-live');

      // The toasts' stylesheet (inserted by script, allowed by its hash) is in force.
      const insertedSheets = await page.evaluate(() =>
        [...document.querySelectorAll('style')].map((el) => ({ css: el.textContent?.slice(0, 40) ?? '', applied: el.sheet !== null })),
      );
      expect(insertedSheets.filter((s) => s.css.includes('data-sonner-toaster'))).toEqual([expect.objectContaining({ applied: true })]);

      expect(report(watch)).toBe('');
    } finally {
      await context.close();
    }
  });
});
