import { rmSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../src/server/seed/reference-data';
import { seriousViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import { inPage, loginThroughForm, OUTBOX_WAIT_MS, phoneOf, registerThroughApi, uniquePerson } from './support/flows';
import { waitForMessage } from './support/outbox';
import { startServer, type RunningServer } from './support/server';
import { snapshotWebApp } from './support/web-app';

// The exchange screen as a trading desk, end to end: a fresh verified user funded by the dev
// faucet watches the price chart (a year of candles, the last one moving with live trades),
// sees an order in Open Orders and cancels it into Done Orders, and gets a Trades row with
// fees and net amount when a second user's order crosses theirs. Axe checks the screen; the
// layout is checked at desktop width and at 375 px.

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };

let server: RunningServer;
let browser: Browser;
let webApp: string;

beforeAll(async () => {
  webApp = await snapshotWebApp();
  [server, browser] = await Promise.all([startServer({ env: { SIM_RATE: '50', STATIC_DIR: webApp } }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
  if (webApp) rmSync(webApp, { recursive: true, force: true });
});

/** A JSON call from the page (its cookies), as the app makes it. */
async function api<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: { 'X-Auth-Method': 'cookie', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
    },
    { method, path, body },
  );
}

/** Registers through the API, logs in through the form, verifies email and phone with the outbox codes. */
async function verifiedUser(page: Page): Promise<void> {
  const person = uniquePerson('desk');
  await registerThroughApi(server.url, person);
  await loginThroughForm(page, server.url, person.email, person.password);
  await page.waitForURL('**/verify/email');
  const mail = await waitForMessage(server.url, person.email, 'email', (m) => m.code !== null, OUTBOX_WAIT_MS);
  await page.getByLabel('Verification code').fill(mail.code!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/verify/phone');
  const sms = await waitForMessage(server.url, phoneOf(person), 'sms', (m) => m.code !== null, OUTBOX_WAIT_MS);
  await page.getByLabel('Verification code').fill(sms.code!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/dashboard');
}

/** The chart's readout while the pointer is away: the last candle's figures. */
const readout = (page: Page) => page.getByTestId('chart-readout').innerText();

/**
 * Serious and critical axe violations, one line each with the elements. The label/name
 * mismatch rule is experimental in axe and off by default; it is on here.
 */
function axeSerious(page: Page): Promise<string[]> {
  return seriousViolations(page, (b) => b.options({ rules: { 'label-content-name-mismatch': { enabled: true } } }));
}

const ordersPanel = (page: Page) => page.getByRole('region', { name: 'Orders' });

async function openTab(page: Page, name: 'Open Orders' | 'Done Orders' | 'All Trades') {
  await ordersPanel(page)
    .getByRole('tab', { name: new RegExp(`^${name}`) })
    .click();
}

describe('trading desk (spec B §2 exchange screen, orders panel, price chart)', () => {
  it('B2.chart.live-last-candle, B2.open-orders.cancel-button, B2.trades.columns, B9.format.fiat-2: chart with history and a live last candle; Cancel moves an order to Done; a crossing order of another user makes a Trades row with fees and net amount', async () => {
    await inPage(browser, 'trading-desk', { viewport: DESKTOP }, async ({ page, shot }) => {
      await verifiedUser(page);
      for (const [currency, amount] of [
        ['USD', '100000'],
        ['BTC', '1'],
      ]) {
        expect((await api(page, 'POST', '/dev/faucet', { currency, amount })).status).toBe(200);
      }

      await page.goto(`${server.url}/exchange`);
      await page.getByRole('heading', { name: 'Price Chart OX:BTCUSD' }).waitFor();

      // History: at least 180 daily candles on a fresh exchange, drawn on a canvas.
      const daily = await api<unknown[]>(page, 'GET', '/v1/market/candles?pair=btcusd&interval=1d');
      expect(daily.body.length).toBeGreaterThanOrEqual(180);
      const canvas = page.locator('.ex-chart-canvas canvas').first();
      await canvas.waitFor();
      expect((await canvas.boundingBox())!.height).toBeGreaterThan(400);
      await expect.poll(() => readout(page), { timeout: 30_000 }).toMatch(/O[\s\S]*H[\s\S]*L[\s\S]*C[\s\S]*V/);
      // The plot is made once: live candles reach the same canvas.
      await canvas.evaluate((el) => ((el as HTMLCanvasElement).dataset.mark = 'first'));
      const before = await readout(page);
      await expect.poll(() => readout(page), { timeout: 60_000 }).not.toBe(before);
      expect(await canvas.evaluate((el) => (el as HTMLCanvasElement).dataset.mark)).toBe('first');
      await shot(page, 'chart-live');

      // The crosshair reads out the candle under it; away from the plot, the last one again.
      const box = (await canvas.boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.5);
      await expect.poll(() => readout(page)).not.toMatch(new RegExp(new Date().toISOString().slice(0, 10)));
      expect(await readout(page)).toMatch(/^Time\s*\d{4}-\d{2}-\d{2}/);
      await shot(page, 'chart-crosshair');
      await page.mouse.move(0, 0);

      // The intraday intervals show times; the plot stays the same one.
      await page.getByRole('group', { name: 'Chart interval' }).getByRole('button', { name: '1h' }).click();
      await expect.poll(() => readout(page), { timeout: 20_000 }).toMatch(/^Time\s*\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
      expect(await canvas.evaluate((el) => (el as HTMLCanvasElement).dataset.mark)).toBe('first');
      await page.getByRole('group', { name: 'Chart interval' }).getByRole('button', { name: '1D' }).click();

      // A resting limit buy far under the market shows in Open Orders; Cancel moves it to Done.
      const resting = await api<{ id: string }>(page, 'POST', '/v1/orders/buy', {
        currency_pair: 'btcusd',
        algorithm_id: 201,
        price: '1000',
        quantity: '0.01',
      });
      expect(resting.status).toBe(200);
      const openRow = ordersPanel(page).getByRole('row').filter({ hasText: '1,000.00' });
      await openRow.waitFor();
      expect(await openRow.innerText()).toMatch(/BTC\/USD[\s\S]*Buy[\s\S]*Limit[\s\S]*0\.01[\s\S]*1,000\.00[\s\S]*open/);
      await shot(page, 'open-order');
      await openRow.getByRole('button', { name: /^Cancel/ }).click();
      await ordersPanel(page).getByText('No open orders.').waitFor();
      await openTab(page, 'Done Orders');
      const doneRow = ordersPanel(page).getByRole('row').filter({ hasText: resting.body.id });
      await doneRow.waitFor();
      expect(await doneRow.innerText()).toMatch(/BTC\/USD[\s\S]*Buy[\s\S]*Limit[\s\S]*cancelled/);
      await shot(page, 'done-order');

      // A bid inside the spread, then the demo user sells into it. The simulated market keeps
      // moving: when better bids came in between (the sell went to them) or the bid crossed the
      // asks itself, it is cancelled and tried again at the new mid.
      await inPage(browser, 'trading-desk-seller', { viewport: DESKTOP }, async ({ page: seller }) => {
        await loginThroughForm(seller, server.url, DEMO_EMAIL, DEMO_PASSWORD);
        for (let attempt = 1; ; attempt++) {
          const depth = await api<{ bids: [string, string][]; asks: [string, string][] }>(
            page,
            'GET',
            '/dev/exchange/depth?pair=btcusd&levels=1',
          );
          const bid = Number(depth.body.bids[0]![0]);
          const ask = Number(depth.body.asks[0]![0]);
          const price = (Math.round(((bid + ask) / 2) * 100) / 100).toFixed(2);
          const mine = await api<{ id: string; status: string }>(page, 'POST', '/v1/orders/buy', {
            currency_pair: 'btcusd',
            algorithm_id: 201,
            price,
            quantity: '0.002',
          });
          expect(mine.status).toBe(200);
          if (mine.body.status === 'open') {
            const sold = await api(seller, 'POST', '/v1/orders/sell', {
              currency_pair: 'btcusd',
              algorithm_id: 201,
              price,
              quantity: '0.002',
              time_in_force: 'IOC',
            });
            expect(sold.status).toBe(200);
            const done = await api<{ id: string; status: string }[]>(page, 'GET', '/v1/orders/done');
            if (done.body.some((o) => o.id === mine.body.id && o.status === 'done')) break;
          }
          await api(page, 'DELETE', `/v1/orders/${mine.body.id}`);
          expect(attempt, 'the bid was never reached by the crossing sell').toBeLessThan(6);
        }
      });
      await openTab(page, 'All Trades');
      const tradeRow = ordersPanel(page).getByRole('row').filter({ hasText: 'BTC/USD' }).first();
      await tradeRow.waitFor({ timeout: 30_000 });
      const cells = await tradeRow.getByRole('cell').allInnerTexts();
      // Action, Currency Pair, Quantity, Price, Amount, Fees, Net Amount, Date.
      expect(cells[0]).toBe('Buy');
      expect(cells[1]).toBe('BTC/USD');
      expect(cells[2]).toBe('0.002');
      // Amount, fees and net amount are USD: to the cent, a fee below a dollar up to 4 places.
      expect(cells[4]).toMatch(/^\d[\d,]*\.\d{2}$/);
      expect(cells[5]).toMatch(/^0\.\d{2,4}$/);
      expect(cells[6]).toMatch(/^\d[\d,]*\.\d{2}$/);
      const amount = Number(cells[4]!.replace(/,/g, ''));
      const fees = Number(cells[5]!.replace(/,/g, ''));
      const net = Number(cells[6]!.replace(/,/g, ''));
      expect(fees).toBeGreaterThan(0);
      // A buyer pays the amount plus the fees (each figure rounded for display).
      expect(Math.abs(net - (amount + fees))).toBeLessThanOrEqual(0.01);
      await shot(page, 'trade-row');
      // At 1280 px, the desk's narrowest, the trades table fits its middle column.
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.waitForTimeout(300);
      const wrap = ordersPanel(page).locator('.ex-table-wrap');
      expect(await wrap.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
      expect(await axeSerious(page)).toEqual([]);
    });
  });

  it('B2.exchange.screen-parts: axe finds no serious or critical violation on /exchange; desktop is a trading layout and 375 px stacks without horizontal overflow', async () => {
    await inPage(browser, 'trading-desk-layout', { viewport: DESKTOP }, async ({ page, shot }) => {
      await loginThroughForm(page, server.url, DEMO_EMAIL, DEMO_PASSWORD);
      // An open order, so the orders panel has a row with its Cancel button.
      expect(
        (await api(page, 'POST', '/v1/orders/buy', { currency_pair: 'btcusd', algorithm_id: 201, price: '1000', quantity: '0.01' })).status,
      ).toBe(200);
      // The widest open order: a trailing stop buy sized by amount ('Trailing Stop', '10.00 USD').
      expect(
        (await api(page, 'POST', '/v1/orders/buy', { currency_pair: 'btcusd', algorithm_id: 308, amount: '10', stop_amount: '500' }))
          .status,
      ).toBe(200);
      await page.goto(`${server.url}/exchange`);
      await page.getByRole('heading', { name: /^Order Book/ }).waitFor();
      await page.locator('.ex-chart-canvas canvas').first().waitFor();
      await ordersPanel(page)
        .getByRole('button', { name: /^Cancel/ })
        .first()
        .waitFor();
      await page
        .getByText('Loading...')
        .first()
        .waitFor({ state: 'detached', timeout: 30_000 })
        .catch(() => undefined);

      expect(await axeSerious(page)).toEqual([]);

      // Desktop: book, chart and order entry side by side; the orders panel under the chart.
      const box = async (name: RegExp | string) => (await page.getByRole('heading', { name }).first().boundingBox())!;
      const book = await box(/^Order Book/);
      const chart = await box(/^Price Chart/);
      const entry = await box('Order Entry');
      const orders = await box('Orders');
      expect(book.x).toBeLessThan(chart.x);
      expect(chart.x).toBeLessThan(entry.x);
      expect(Math.abs(book.y - chart.y)).toBeLessThan(40);
      expect(orders.y).toBeGreaterThan(chart.y + 400);
      expect(Math.abs(orders.x - chart.x)).toBeLessThan(40);
      // Each column stacks on its own: the orders panel starts one grid gap under the chart and
      // time and sales one gap under the order entry, whichever of the two is taller (a limit
      // form is, a market form is not), and the columns end level with the book.
      const edges = () =>
        page.evaluate(() =>
          Object.fromEntries(
            ['book', 'chart', 'entry', 'orders', 'trades'].map((area) => {
              const r = document.querySelector(`.ex-area-${area}`)!.getBoundingClientRect();
              return [area, { top: Math.round(r.top), bottom: Math.round(r.bottom) }];
            }),
          ),
        );
      const entryForm = page.getByRole('region', { name: /^Order Entry/ });
      for (const type of ['Limit', 'Market']) {
        await entryForm.getByRole('button', { name: type, exact: true }).click();
        await page.waitForTimeout(200);
        const e = await edges();
        expect(e.orders!.top - e.chart!.bottom, type).toBe(12);
        expect(e.trades!.top - e.entry!.bottom, type).toBe(12);
        expect(e.orders!.bottom, type).toBe(e.book!.bottom);
        expect(e.trades!.bottom, type).toBe(e.book!.bottom);
      }
      await entryForm.getByRole('button', { name: 'Limit', exact: true }).click();
      await shot(page, 'desktop');
      // Two columns: the order entry starts one gap under the book, the orders panel one gap
      // under the chart.
      await page.setViewportSize({ width: 1100, height: 900 });
      await page.waitForTimeout(300);
      const two = await edges();
      expect(two.orders!.top - two.chart!.bottom).toBe(12);
      expect(two.entry!.top - two.book!.bottom).toBe(12);
      // At 1280 px, the narrowest three-column desk, the open orders fit the middle column: the
      // date breaks between day and time, and the Cancel button is in sight, not scrolled away.
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.waitForTimeout(300);
      const openFit = await page.evaluate(() => {
        const wrap = document.querySelector<HTMLElement>('.ex-orders .ex-table-wrap')!;
        const cancels = [...wrap.querySelectorAll('.ex-cancel')].map((c) => c.getBoundingClientRect());
        const date = wrap.querySelector('td.ex-time')!;
        return {
          overflow: wrap.scrollWidth - wrap.clientWidth,
          cancelInside: cancels.length === 2 && cancels.every((c) => c.right <= wrap.getBoundingClientRect().right),
          dateLines: [...date.querySelectorAll('.ex-time-part')].map((p) => p.getClientRects().length),
        };
      });
      expect(openFit).toEqual({ overflow: 0, cancelInside: true, dateLines: [1, 1] });
      await shot(page, 'two-columns');

      // Keyboard: Tab reaches the orders tabs and the chart's intervals, with a visible focus ring.
      let reached = 0;
      for (let i = 0; i < 80 && reached < 2; i++) {
        await page.keyboard.press('Tab');
        const focus = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el) return null;
          const style = getComputedStyle(el);
          return {
            text: el.textContent?.trim() ?? '',
            ring: style.outlineStyle !== 'none' && style.outlineWidth !== '0px' ? style.outlineWidth : style.boxShadow,
          };
        });
        if (focus && (focus.text === '1D' || focus.text.startsWith('Open Orders'))) {
          reached++;
          expect(focus.ring).not.toBe('none');
        }
      }
      expect(reached).toBe(2);

      await page.setViewportSize(PHONE);
      await page.waitForTimeout(300);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // The orders panel's rows fit the width: the Cancel button is on screen, not scrolled away.
      const cancel = (await ordersPanel(page)
        .getByRole('button', { name: /^Cancel/ })
        .first()
        .boundingBox())!;
      expect(cancel.x + cancel.width).toBeLessThanOrEqual(PHONE.width);
      const phoneBook = await box(/^Order Book/);
      const phoneChart = await box(/^Price Chart/);
      expect(phoneChart.y).toBeGreaterThan(phoneBook.y);
      expect(Math.abs(phoneChart.x - phoneBook.x)).toBeLessThan(20);
      expect(await axeSerious(page)).toEqual([]);
      await shot(page, 'phone');
    });
  });

  it('B2.exchange.screen-parts, B2.time-and-sales.keeps-25: on a busy market the three-column desk ends level with the book; Time and Sales keeps its 25 trades in a list that scrolls and takes the keyboard; two columns show all of them', async () => {
    const busy = await startServer({ env: { SIM_RATE: '2000', STATIC_DIR: webApp } });
    try {
      await inPage(browser, 'busy-desk', { viewport: DESKTOP }, async ({ page, shot }) => {
        await loginThroughForm(page, busy.url, DEMO_EMAIL, DEMO_PASSWORD);
        await page.goto(`${busy.url}/exchange`);
        const trades = page.getByRole('region', { name: /^Time and Sales/ });
        await expect.poll(() => trades.getByRole('row').count(), { timeout: 30_000 }).toBe(26);
        const layout = () =>
          page.evaluate(() => {
            const rect = (area: string) => document.querySelector(`.ex-area-${area}`)!.getBoundingClientRect();
            const list = document.querySelector<HTMLElement>('.ex-trades .ex-table-wrap')!;
            return {
              bookBottom: Math.round(rect('book').bottom),
              tradesBottom: Math.round(rect('trades').bottom),
              ordersBottom: Math.round(rect('orders').bottom),
              scrolls: list.scrollHeight > list.clientHeight + 1,
              focusable: list.tabIndex === 0,
            };
          });
        const wide = await layout();
        expect(wide.tradesBottom).toBe(wide.bookBottom);
        expect(wide.ordersBottom).toBe(wide.bookBottom);
        expect(wide.scrolls).toBe(true);
        expect(wide.focusable).toBe(true);
        expect(await axeSerious(page)).toEqual([]);
        await shot(page, 'busy-desktop');
        await page.setViewportSize({ width: 1100, height: 900 });
        await page.waitForTimeout(300);
        expect((await layout()).scrolls).toBe(false);
        await shot(page, 'busy-two-columns');
      });
    } finally {
      await busy.stop();
      rmSync(busy.dataDir, { recursive: true, force: true });
    }
  });

  it('B2.order-book.flash-cell-tint: at 50 and at 2,000 events/s a flash tints only the changed cell, faintly, and every number keeps its contrast', async () => {
    const busy = await startServer({ env: { SIM_RATE: '2000', STATIC_DIR: webApp } });
    try {
      for (const [rate, url] of [
        ['50', server.url],
        ['2000', busy.url],
      ] as const) {
        await inPage(browser, `book-flash-${rate}`, { viewport: DESKTOP }, async ({ page, shot }) => {
          await loginThroughForm(page, url, DEMO_EMAIL, DEMO_PASSWORD);
          await page.goto(`${url}/exchange`);
          await page.locator('.ex-book-row').nth(20).waitFor({ timeout: 30_000 });
          await page.waitForTimeout(3000);
          // Measured in a frame where some level is flashing (they come and go within 0.6 s).
          const paint = await page.evaluate(
            () =>
              new Promise<{ rows: number; flashing: number; rowAlpha: number; cellAlpha: number }>((resolve) => {
                const alpha = (c: string) => {
                  const m = /rgba?\(([^)]+)\)/.exec(c);
                  const parts = m ? m[1]!.split(/[\s,/]+/).filter(Boolean) : [];
                  return parts.length === 4 ? Number(parts[3]) : parts.length === 3 ? 1 : 0;
                };
                const deadline = performance.now() + 15_000;
                const look = () => {
                  const rows = [...document.querySelectorAll<HTMLElement>('.ex-book-row')];
                  const flashing = rows.filter((r) => r.dataset.flash).length;
                  if (flashing === 0 && performance.now() < deadline) return void requestAnimationFrame(look);
                  const cells = rows.flatMap((r) => [...r.querySelectorAll<HTMLElement>('[role="cell"]')]);
                  resolve({
                    rows: rows.length,
                    flashing,
                    rowAlpha: Math.max(...rows.map((r) => alpha(getComputedStyle(r).backgroundColor))),
                    cellAlpha: Math.max(...cells.map((c) => alpha(getComputedStyle(c).backgroundColor))),
                  });
                };
                look();
              }),
          );
          expect(paint.rows).toBeGreaterThan(20);
          expect(paint.flashing).toBeGreaterThan(0);
          // The row is never painted; a flashed cell is a faint tint.
          expect(paint.rowAlpha).toBe(0);
          expect(paint.cellAlpha).toBeLessThanOrEqual(0.2);
          const contrast = await new AxeBuilder({ page }).include('.ex-order-book').withRules(['color-contrast']).analyze();
          expect(contrast.violations.flatMap((v) => v.nodes.map((n) => n.failureSummary))).toEqual([]);
          await shot(page, `book-${rate}-events`);
        });
      }
    } finally {
      await busy.stop();
      rmSync(busy.dataDir, { recursive: true, force: true });
    }
  });
});
