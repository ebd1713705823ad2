import { rmSync } from 'node:fs';
import type { APIRequestContext, BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOperatorCli } from '../../src/server/operator/cli';
import { TINY_PNG } from '../support/multipart';
import { expectAccessible } from './support/axe';
import { e2eEnvironment } from './support/environment';
import { individualRegistration, loginThroughForm, newPage, shots, uniquePerson, type Person } from './support/flows';
import { waitForMessage } from './support/outbox';
import { startServer, type RunningServer } from './support/server';

// End to end in Chromium against the real server: deposits cross the EDD threshold, login
// sends the user to the questionnaire, a PNG and the answers go in, the request is listed,
// orders wait for it; an operator approves it in the console and the user trades again.

const env = e2eEnvironment({ server: false });
let server: RunningServer;
const shot = shots('edd-operator');
const order = { currency_pair: 'btcusd', algorithm_id: 201, price: '100', quantity: '0.01', time_in_force: 'GTC' };

beforeAll(async () => {
  server = await startServer({ env: { STATIC_DIR: env.webApp, EDD_DEPOSIT_THRESHOLD_USD: '1000' } });
});
afterAll(async () => {
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

const api = (request: APIRequestContext) => ({
  post: (path: string, data?: unknown) =>
    request.post(`${server.url}${path}`, {
      headers: { 'x-auth-method': 'cookie', origin: server.url },
      ...(data === undefined ? {} : { data }),
    }),
});

/** Registers through the API in this context (its cookies log it in) and verifies email and phone with the outbox codes. */
async function onboard(context: BrowserContext, person: Person): Promise<void> {
  const call = api(context.request);
  const reg = await call.post('/v1/users/register', individualRegistration(person));
  expect(reg.status(), await reg.text()).toBe(200);
  for (const channel of ['email', 'phone'] as const) {
    expect((await call.post(`/v1/auth/verification-code/${channel}/request`)).status()).toBe(200);
    const to = channel === 'email' ? person.email : `${person.countryCode}${person.national}`;
    const message = await waitForMessage(server.url, to, channel === 'email' ? 'email' : 'sms', (m) => m.code !== null);
    const ok = await call.post(`/v1/auth/verification-code/${channel}/confirm`, { code: message.code });
    expect(ok.status(), await ok.text()).toBe(200);
  }
}

async function answerEdd(page: Page): Promise<void> {
  await page.getByLabel('Source of funds').selectOption('Savings');
  await page.getByLabel('Describe where the funds come from').fill('Twenty years of salary savings.');
  await page.getByLabel('Occupation and employer').fill('Engineer');
  await page.getByLabel('Expected monthly trading volume (USD)').selectOption('Under 50,000');
  await page.getByLabel('Are you a politically exposed person?').selectOption('No');
  await page.getByLabel('Identity document').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: TINY_PNG });
  await page.getByLabel('Proof of residence').setInputFiles({ name: 'utility-bill.png', mimeType: 'image/png', buffer: TINY_PNG });
}

describe('enhanced due diligence and the operator console', () => {
  it('API.edd.requirement-rule, A8.forms.row-controls-level, A4.session.post-login-edd, B4.edd.success-goes-home, API.operator.edd-review, API.operator.note-dialog: deposits over the threshold require EDD; the user answers with a PNG; an operator approves; the user trades again', async () => {
    const customer = uniquePerson('edd');
    const { context, page } = await newPage(env.browser);
    // Failed API answers are printed: a failed EDD submit is only logged by the page.
    page.on('response', (res) => {
      if (res.status() >= 400 && res.url().includes('/v1/'))
        void res.text().then((t) => console.warn(`[api ${res.status()}] ${res.url()} ${t.slice(0, 300)}`));
    });
    page.on('console', (m) => {
      if (m.type() === 'error') console.warn(`[console] ${m.text()}`);
    });
    await onboard(context, customer);
    const call = api(context.request);
    expect((await call.post('/dev/faucet', { currency: 'usd', amount: '1500' })).status()).toBe(200);
    const refused = await call.post('/v1/orders/buy', order);
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('edd_required');

    // Log in as a person does: the post-login routing sends the user to the questionnaire.
    await context.clearCookies();
    await loginThroughForm(page, server.url, customer.email, customer.password);
    await page.waitForURL('**/enhanced-due-diligence');
    await page.getByRole('heading', { name: 'Enhanced Due Diligence' }).waitFor();
    await page.getByLabel('Source of funds').waitFor();
    // A submit attempt with nothing filled shows the spec's messages and sends nothing.
    await page.getByRole('button', { name: 'Submit Responses' }).click();
    await page.getByText('Please enter Occupation and employer.').waitFor();
    // A select beside a text input is as tall as it, so the row's controls end level.
    const edges = await page.evaluate(() =>
      ['Source of funds', 'Occupation and employer'].map((label) => {
        const r = [...document.querySelectorAll('label')].find((l) => l.textContent === label)!.control!.getBoundingClientRect();
        return [Math.round(r.top), Math.round(r.bottom)];
      }),
    );
    expect(edges[0]).toEqual(edges[1]);
    await shot(page, 'edd-errors-desktop');
    await expectAccessible(page, 'EDD form with errors');
    await answerEdd(page);
    await shot(page, 'edd-filled-desktop');
    await page.getByRole('button', { name: 'Submit Responses' }).click();
    await page
      .waitForURL((url) => url.pathname !== '/enhanced-due-diligence', { timeout: 10_000 })
      .catch(async (e: unknown) => {
        await shot(page, 'edd-submit-stuck');
        throw e;
      });

    await page.goto(`${server.url}/enhanced-due-diligence`);
    const card = page.getByRole('region', { name: 'EDD Requests' }).or(page.locator('section.edd-requests'));
    await card.getByRole('cell', { name: 'Submitted' }).waitFor();
    await card.getByRole('cell', { name: 'individual-v1' }).waitFor();
    await shot(page, 'edd-listed-desktop');
    await page.setViewportSize({ width: 375, height: 800 });
    await shot(page, 'edd-listed-375');
    await expectAccessible(page, 'EDD screen at 375 px');
    // Down to the smallest phones the page keeps to the screen: its file inputs and the
    // requests table do not widen it.
    for (const width of [375, 320]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `EDD at ${width} px`).toBeLessThanOrEqual(width);
    }

    // The operator: the role comes from the command-line script, then a normal login.
    const operatorPerson = uniquePerson('ops');
    const ops = await newPage(env.browser);
    await onboard(ops.context, operatorPerson);
    const out: string[] = [];
    expect(
      await runOperatorCli(['grant', operatorPerson.email], { NODE_ENV: 'development', DATA_DIR: server.dataDir }, (l) => out.push(l)),
    ).toBe(0);
    await ops.context.clearCookies();
    await loginThroughForm(ops.page, server.url, operatorPerson.email, operatorPerson.password);
    await ops.page.goto(`${server.url}/operator`);
    await ops.page.getByRole('heading', { name: 'Operator Console' }).waitFor();
    await ops.page.getByRole('button', { name: new RegExp(`Review ${customer.email.replace(/[.+]/g, '\\$&')}`) }).click();
    await ops.page.getByRole('link', { name: /ID: passport\.png/ }).waitFor();
    await expectAccessible(ops.page, 'operator console');
    // The note is asked for in the page's own dialog (API.operator.note-dialog), not window.prompt.
    await ops.page
      .getByRole('region', { name: `Request of ${customer.email}` })
      .getByRole('button', { name: 'Approve' })
      .click();
    const dialog = ops.page.getByRole('dialog', { name: `Approve the request of ${customer.email}` });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.getByText('A note is required.').waitFor();
    await dialog.getByLabel('Review note').fill('Passport and bill match the registration.');
    await shot(ops.page, 'operator-review-desktop');
    await expectAccessible(ops.page, 'operator console with the note dialog');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await ops.page.getByText(`${customer.email}: Approved.`).waitFor();
    await ops.page.setViewportSize({ width: 375, height: 800 });
    await shot(ops.page, 'operator-375');
    // On a phone the audit log keeps its words whole and scrolls inside its card, within reach
    // of the keyboard; the page itself keeps to the screen.
    await ops.page.getByRole('region', { name: 'Audit log' }).getByRole('row').nth(1).waitFor();
    const brokenWords = await ops.page.$$eval('.operator-table th, .operator-table td', (cells) =>
      cells.flatMap((cell) =>
        (cell.textContent ?? '')
          .split(/\s+/)
          .filter((word) => word.length > 0 && word.length <= 12)
          .filter((word) => {
            const range = document.createRange();
            const text = cell.firstChild;
            if (!text || text.nodeType !== Node.TEXT_NODE) return false;
            const at = (text.textContent ?? '').indexOf(word);
            range.setStart(text, at);
            range.setEnd(text, at + word.length);
            return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
          }),
      ),
    );
    expect(brokenWords).toEqual([]);
    expect(await ops.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(ops.page, 'operator console at 375 px');

    // The customer trades again.
    await context.clearCookies();
    await loginThroughForm(page, server.url, customer.email, customer.password);
    await page.waitForURL((url) => url.pathname !== '/enhanced-due-diligence' && url.pathname !== '/account/login');
    const placed = await api(context.request).post('/v1/orders/buy', order);
    expect(placed.status(), await placed.text()).toBe(200);

    // A customer is kept out of the console.
    await page.goto(`${server.url}/operator`);
    await page.waitForURL('**/unauthorized');
    await context.close();
    await ops.context.close();
  });
});
