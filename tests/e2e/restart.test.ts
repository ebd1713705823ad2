import { rmSync } from 'node:fs';
import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_COOKIE } from '../../src/server/auth/cookies';
import { DEMO_EMAIL, DEMO_PASSWORD, demoBalances } from '../../src/server/seed/reference-data';
import { e2eEnvironment } from './support/environment';
import { inPage, loginThroughForm, OUTBOX_WAIT_MS, pathOf, phoneOf, registerThroughApi, uniquePerson } from './support/flows';
import { outbox, waitForMessage } from './support/outbox';
import { freePort, startServer, tempDataDir, type RunningServer } from './support/server';

// README / spec A §4 (sessions): "starting it again keeps every user, session and balance".
// One data folder, one port (so the browser's cookies still apply), two server processes.

const env = e2eEnvironment({ server: false });
let dataDir: string;
const running: RunningServer[] = [];

beforeAll(() => {
  dataDir = tempDataDir('ox-e2e-restart-');
});

afterAll(async () => {
  for (const server of running) await server.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function me(page: Page): Promise<{ status: number; body: Record<string, unknown> | null }> {
  return page.evaluate(async () => {
    const res = await fetch('/v1/users/me', { headers: { 'X-Auth-Method': 'cookie' } });
    return { status: res.status, body: res.ok ? ((await res.json()) as Record<string, unknown>) : null };
  });
}

async function balances(page: Page): Promise<unknown> {
  return page.evaluate(async () => {
    const res = await fetch('/v1/account-management/balances', { headers: { 'X-Auth-Method': 'cookie' } });
    return { status: res.status, body: (await res.json()) as unknown };
  });
}

/** The dashboard's balance table as text rows. */
async function balanceRows(page: Page): Promise<string[]> {
  await page.getByRole('table').getByRole('rowheader', { name: 'BTC' }).waitFor();
  return page.getByRole('table').getByRole('row').allInnerTexts();
}

describe('server restart on the same data folder', () => {
  it('CORE.server.restart-keeps-data: starting it again keeps every user, session and balance: after SIGTERM and a restart, a reload keeps the user logged in, the user logs in again, the outbox still holds the earlier messages and the demo balances are unchanged', async () => {
    const port = await freePort();
    const first = await startServer({ dataDir, port, env: { STATIC_DIR: env.webApp } });
    running.push(first);
    const url = first.url;
    const person = uniquePerson('restart');
    const userId = await registerThroughApi(url, person);

    // Two browser contexts stay open across the restart: the new user's and the demo user's.
    await inPage(env.browser, 'restart-user', {}, async ({ context: userContext, page: userPage, shot: userShot }) => {
      await inPage(env.browser, 'restart-demo', {}, async ({ page: demoPage, shot: demoShot }) => {
        // The new user (registered through the API) logs in and verifies the email in the browser.
        await loginThroughForm(userPage, url, person.email, person.password);
        await userPage.waitForURL('**/verify/email');
        const mail = await waitForMessage(url, person.email, 'email', (m) => m.code !== null, OUTBOX_WAIT_MS);
        await userPage.getByLabel('Verification code').fill(mail.code!);
        await userPage.getByRole('button', { name: 'Verify' }).click();
        await userPage.waitForURL('**/verify/phone');
        await waitForMessage(url, phoneOf(person), 'sms', (m) => m.code !== null, OUTBOX_WAIT_MS);
        await userShot(userPage, 'before-restart-verify-phone');

        // The demo user is on the dashboard.
        await loginThroughForm(demoPage, url, DEMO_EMAIL, DEMO_PASSWORD);
        await demoPage.waitForURL('**/dashboard');
        const rowsBefore = await balanceRows(demoPage);
        const balancesBefore = await balances(demoPage);
        await demoShot(demoPage, 'before-restart-dashboard');

        const outboxBefore = await outbox(url);
        expect(outboxBefore.filter((m) => m.to === person.email || m.to === phoneOf(person)).length).toBeGreaterThanOrEqual(2);

        // Graceful stop, then a new process on the same data folder and port.
        await first.stop();
        // The server's own log tells why, should a graceful stop ever fail.
        expect(
          first.process.exitCode,
          first
            .output()
            .split('\n')
            .filter((l) => /"level":(40|50|60)/.test(l))
            .join('\n'),
        ).toBe(0);
        running.splice(running.indexOf(first), 1);
        await expect(fetch(`${url}/healthz`)).rejects.toThrow();
        const second = await startServer({ dataDir, port, env: { STATIC_DIR: env.webApp } });
        running.push(second);
        expect(second.url).toBe(url);

        // Session kept: a reload stays where the user was, still logged in, email still confirmed.
        await userPage.reload();
        await userPage.getByRole('heading', { name: 'Verify your phone number' }).waitFor();
        expect(pathOf(userPage)).toBe('/verify/phone');
        const userMe = await me(userPage);
        expect(userMe.status).toBe(200);
        expect(userMe.body).toMatchObject({ id: userId, email: person.email, email_confirmed: true, phone_confirmed: false });
        await userShot(userPage, 'after-restart-still-logged-in');
        // The refresh side of the session survived too: without the access cookie, a reload
        // refreshes (200) and stays.
        const refreshStatuses: number[] = [];
        userPage.on('response', (r) => {
          if (r.request().method() === 'POST' && r.url().endsWith('/v1/auth/refresh-token')) refreshStatuses.push(r.status());
        });
        await userContext.clearCookies({ name: ACCESS_COOKIE });
        await userPage.reload();
        await userPage.getByRole('heading', { name: 'Verify your phone number' }).waitFor();
        await expect.poll(() => refreshStatuses, { timeout: 10_000 }).toEqual([200]);
        expect((await me(userPage)).status).toBe(200);
        expect(pathOf(userPage)).toBe('/verify/phone');

        await demoPage.reload();
        await demoPage.getByRole('heading', { name: 'Dashboard' }).waitFor();
        expect(pathOf(demoPage)).toBe('/dashboard');
        // Balances unchanged, in the API and on screen, and still the seeded amounts.
        expect(await balances(demoPage)).toEqual(balancesBefore);
        expect(await balanceRows(demoPage)).toEqual(rowsBefore);
        const body = (balancesBefore as { body: Array<{ currency: string; balance: string }> }).body;
        for (const [currency, amount] of Object.entries(demoBalances)) {
          expect(Number(body.find((b) => b.currency === currency)?.balance), currency).toBe(Number(amount));
        }
        await demoShot(demoPage, 'after-restart-dashboard');

        // The outbox still holds every earlier message.
        const outboxAfter = await outbox(url);
        expect(outboxAfter).toEqual(expect.arrayContaining(outboxBefore));
      });
    });

    // The user can log in again with the same password (a fresh browser context).
    await inPage(env.browser, 'restart-login-again', {}, async ({ page, shot }) => {
      await loginThroughForm(page, url, person.email, person.password);
      await page.waitForURL('**/verify/phone');
      await shot(page, 'after-restart-logged-in-again');
    });
  });
});
