import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { orderListSchema, type Order } from '../../src/shared/api/orders';
import { paths } from '../../src/shared/api/paths';
import { AUTH_METHOD_COOKIE, AUTH_METHOD_HEADER } from '../../src/shared/constants';
import { orderMessages } from '../../src/shared/messages';
import { seriousViolations } from './support/axe';
import { e2eEnvironment } from './support/environment';
import { inPage, loginThroughForm, OUTBOX_WAIT_MS, phoneOf, registerThroughApi, uniquePerson, type Person } from './support/flows';
import { waitForMessage } from './support/outbox';

// The order entry card end to end (spec B §2 order entry card, §4 order entry, §5, §8 toasts):
// headless Chromium against the real server, the simulator off so prices move only when the
// test's own users trade. A fresh user, verified by email and phone and funded by the dev
// faucet, trades through the form; a market maker and a printer (other fresh users, over the
// API) provide the book and the trades that move the last price.

const env = e2eEnvironment();
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };
const H = { [AUTH_METHOD_HEADER]: AUTH_METHOD_COOKIE };

/** A fresh user with a session in its own browser context (cookies kept by Playwright). */
async function apiUser(
  browser: Browser,
  tag: string,
  funds: Record<string, string>,
): Promise<{ person: Person; context: BrowserContext; api: APIRequestContext }> {
  const person = uniquePerson(tag);
  await registerThroughApi(env.server.url, person);
  const context = await browser.newContext();
  const api = context.request;
  const login = await api.post(`${env.server.url}${paths.auth.login}`, {
    data: { email: person.email, password: person.password },
    headers: H,
  });
  expect(login.status()).toBe(200);
  await fund(api, funds);
  return { person, context, api };
}

async function fund(api: APIRequestContext, funds: Record<string, string>): Promise<void> {
  for (const [currency, amount] of Object.entries(funds)) {
    const res = await api.post(`${env.server.url}/dev/faucet`, { data: { currency, amount }, headers: H });
    expect(res.status(), await res.text()).toBe(200);
  }
}

async function place(api: APIRequestContext, side: 'buy' | 'sell', form: Record<string, unknown>): Promise<Order> {
  const res = await api.post(`${env.server.url}${paths.orders.create(side)}`, { data: { currency_pair: 'btcusd', ...form }, headers: H });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Order;
}

async function verify(api: APIRequestContext, person: Person, channel: 'email' | 'phone'): Promise<void> {
  const to = channel === 'email' ? person.email : phoneOf(person);
  expect((await api.post(`${env.server.url}${paths.auth.verificationRequest(channel)}`, { headers: H })).status()).toBeLessThan(300);
  const message = await waitForMessage(env.server.url, to, channel === 'email' ? 'email' : 'sms', (m) => m.code !== null, OUTBOX_WAIT_MS);
  const res = await api.post(`${env.server.url}${paths.auth.verificationConfirm(channel)}`, { data: { code: message.code }, headers: H });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

async function ordersOf(api: APIRequestContext, which: 'open' | 'done'): Promise<Order[]> {
  const res = await api.get(`${env.server.url}${which === 'open' ? paths.orders.open : paths.orders.done}`, { headers: H });
  expect(res.status()).toBe(200);
  return orderListSchema.parse(await res.json());
}

async function until<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 15_000,
  state: () => Promise<string> = async () => '',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} ${await state().catch(() => '')}`.trim());
    await new Promise((r) => setTimeout(r, 150));
  }
}

const card = (page: Page) => page.getByRole('region', { name: /^Order Entry/ });

function cardViolations(page: Page): Promise<string[]> {
  return seriousViolations(page, (b) => b.include('.oe-card'));
}

/** Records the text of every toast that appears, so a step waits for its own toast, not an earlier one still shown. */
async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    // Sonner may add a toast on its own or inside its newly added list.
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.addedNodes) {
          if (!(n instanceof HTMLElement)) continue;
          const toasts = n.matches('[data-sonner-toast]') ? [n] : [...n.querySelectorAll('[data-sonner-toast]')];
          for (const t of toasts) seen.push(t.textContent ?? '');
        }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Whether the newest toast, once it has slid in, starts below the header rather than over its links. */
function toastBelowHeader(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const toasts = document.querySelectorAll('[data-sonner-toast]');
    const header = document.querySelector('.app-header');
    const last = toasts[toasts.length - 1];
    return !!last && !!header && last.getBoundingClientRect().top >= header.getBoundingClientRect().bottom;
  });
}

const toastCount = (page: Page) => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts.length);

/** Waits for a toast reading `text` to appear after the first `after` toasts. */
async function toast(page: Page, text: string, after: number): Promise<void> {
  await until(`the toast '${text}'`, () =>
    page.evaluate(
      ([t, n]) => (window as unknown as { __toasts: string[] }).__toasts.slice(n as number).some((s) => s.includes(t as string)),
      [text, after] as const,
    ),
  );
}

describe('order entry card in Chromium against the real server (spec B §2, §4, §5, §8)', () => {
  it('B2.order-entry.submit-labels, B2.order-entry.advanced-menu-inside-card, B2.order-book.click-fills-price, B8.toast.order-submitted, B2.market-form.estimate, B4.order-entry.limit-price-prefill-mid: limit buy through the form, market buy with an estimate, a stop that fires when the price crosses it; keyboard, axe and phone width', async () => {
    const maker = await apiUser(env.browser, 'maker', { usd: '1000000', btc: '100' });
    const printer = await apiUser(env.browser, 'printer', { usd: '1000000', btc: '100' });
    // The book: 1 BTC asked at 101, 1 BTC bid at 99 → mid 100.
    await place(maker.api, 'sell', { price: '101', quantity: '1' });
    const makerBid = await place(maker.api, 'buy', { price: '99', quantity: '1' });

    const trader = uniquePerson('trader');
    await registerThroughApi(env.server.url, trader);

    await inPage(env.browser, 'order-entry', { viewport: DESKTOP }, async ({ context, page, shot }) => {
      const api = context.request;
      expect(
        (
          await api.post(`${env.server.url}${paths.auth.login}`, { data: { email: trader.email, password: trader.password }, headers: H })
        ).status(),
      ).toBe(200);
      await verify(api, trader, 'email');
      await verify(api, trader, 'phone');
      await fund(api, { usd: '10000' });

      await recordToasts(page);
      await loginThroughForm(page, env.server.url, trader.email, trader.password);
      await page.goto(`${env.server.url}/exchange`);
      const entry = card(page);
      await entry.waitFor();

      // Balance panel and the limit form's placeholders and submit label.
      await entry.getByText('Available').waitFor();
      await until('the USD balance', async () => ((await entry.locator('.oe-balance').textContent()) ?? '').includes('10,000 USD'));
      const price = entry.getByPlaceholder('Price (USD)');
      const quantity = entry.getByPlaceholder('Quantity (BTC)');
      const total = entry.getByPlaceholder('Total (USD)');
      // Spec B §4: the empty price takes the mid.
      await until('the mid prefill', async () => (await price.inputValue()) === '100');
      expect(await entry.getByRole('button', { name: 'Buy BTC' }).isVisible()).toBe(true);
      expect(await cardViolations(page)).toEqual([]);
      await shot(page, 'limit-buy-empty');

      // A level clicked in the book gives its price: the one ask, at 101.
      await page.getByRole('rowgroup', { name: 'Asks' }).getByRole('row').last().click();
      await until('the price picked in the book', async () => (await price.inputValue()) === '101');

      // Limit buy: Bid price, a quantity, Total derived by the engine; Enter submits.
      await entry.getByRole('button', { name: 'Bid', exact: true }).click();
      await until('the bid price', async () => (await price.inputValue()) === '99');
      await quantity.fill('0.5');
      await until('the derived total', async () => (await total.inputValue()) !== '');
      await shot(page, 'limit-buy-filled');
      let n = await toastCount(page);
      await quantity.press('Enter');
      await toast(page, orderMessages.submitted, n);
      await until('the toast below the sticky header, not over the navigation', () => toastBelowHeader(page));
      const open = await until('the limit order among the open orders', async () =>
        (await ordersOf(api, 'open')).find((o) => o.type === 'Limit' && o.price === '99'),
      );
      expect(open).toMatchObject({ action: 'buy', quantity: '0.5', status: 'open' });
      // Spec B §4: cleared after success (the price takes the mid again).
      await until('cleared quantity', async () => (await quantity.inputValue()) === '');
      await shot(page, 'limit-buy-submitted');

      // Market buy: the estimate arrives before submit, then the order fills.
      await entry.getByRole('button', { name: 'Market', exact: true }).click();
      // The type lives in the engine: type once its snapshot shows the market form (the limit
      // form's Total has the same placeholder).
      await entry.getByText('Est. Quantity').waitFor();
      const amount = entry.getByPlaceholder('Total (USD)');
      await amount.fill('50.5');
      await until(
        'Est. Quantity',
        async () => /Est\. Quantity\s*0\.\d{8} BTC/.test((await entry.locator('.oe-figures').textContent()) ?? ''),
        15_000,
        // Said on a timeout: what the form held and showed.
        async () => `amount '${await amount.inputValue()}', figures '${await entry.locator('.oe-figures').textContent()}'`,
      );
      await shot(page, 'market-buy-estimate');
      n = await toastCount(page);
      await entry.getByRole('button', { name: 'Buy BTC' }).click();
      await toast(page, orderMessages.submitted, n);
      const filled = await until('the market order done', async () => (await ordersOf(api, 'done')).find((o) => o.type === 'Market'));
      expect(filled.status).toBe('done');

      // A form that was not changed is not sent.
      n = await toastCount(page);
      await entry.getByRole('button', { name: 'Buy BTC' }).click();
      await toast(page, orderMessages.fillRequired, n);

      // Sell tab by keyboard (arrow keys on the tab list), then Stop from the Advanced menu by keyboard.
      await entry.getByRole('tab', { name: 'Buy' }).focus();
      await page.keyboard.press('ArrowRight');
      // The side lives in the engine: the tab is selected once its snapshot says so.
      await until(
        'the Sell tab selected',
        async () => (await entry.getByRole('tab', { name: 'Sell' }).getAttribute('aria-selected')) === 'true',
      );
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sell');
      const advanced = entry.getByRole('button', { name: /Advanced/ });
      await advanced.focus();
      await page.keyboard.press('ArrowDown');
      const menu = page.getByRole('menu', { name: 'Advanced order types' });
      /** Whether the open menu lies within the card's width, whichever row its button wrapped to. */
      const menuInsideCard = async () => {
        const [m, c] = [(await menu.boundingBox())!, (await entry.boundingBox())!];
        return m.x >= c.x && m.x + m.width <= c.x + c.width;
      };
      await menu.waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Stop');
      await page.keyboard.press('ArrowDown');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Trailing Stop');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('menu');
      await page.keyboard.press('Enter');
      await menu.waitFor();
      await shot(page, 'advanced-menu');
      expect(await menuInsideCard()).toBe(true);
      await page.keyboard.press('Enter'); // Stop
      await menu.waitFor({ state: 'detached' });
      await entry.getByText('Trigger Price').waitFor();

      // Stop sell: trigger 95 for the 0.49… BTC bought. Percent 100 fills the quantity.
      await until('the BTC balance', async () => /Available\s+0\.\d+ BTC/.test((await entry.locator('.oe-balance').textContent()) ?? ''));
      await entry.getByPlaceholder('Price (USD)').fill('95');
      await entry.getByRole('button', { name: '100%' }).click();
      const stopQuantity = entry.getByPlaceholder('Quantity (BTC)');
      await until('percent fill', async () => (await stopQuantity.inputValue()) !== '');
      await shot(page, 'stop-sell-filled');
      n = await toastCount(page);
      await stopQuantity.press('Enter');
      await toast(page, orderMessages.submitted, n);
      const stop = await until('the stop among the open orders', async () => (await ordersOf(api, 'open')).find((o) => o.type === 'Stop'));
      expect(stop).toMatchObject({ action: 'sell', status: 'open' });

      // The price crosses it: the maker's bid moves to 94 and the printer sells into it.
      const cancel = await maker.api.delete(`${env.server.url}${paths.orders.cancel(makerBid.id)}`, { headers: H });
      expect(cancel.status()).toBe(200);
      await place(maker.api, 'buy', { price: '94', quantity: '2' });
      // The trader's own resting bid at 99 is above 94: cancel it first so the print is at 94.
      expect((await api.delete(`${env.server.url}${paths.orders.cancel(open.id)}`, { headers: H })).status()).toBe(200);
      await place(printer.api, 'sell', { price: '94', quantity: '0.01' });
      const fired = await until('the stop fired', async () => (await ordersOf(api, 'done')).find((o) => o.id === stop.id));
      expect(fired.status).toBe('done');
      expect(Number(fired.filled)).toBeGreaterThan(0);

      // Trailing stop: Initial Stop Price follows the book (best bid 94 − 2 for a sell).
      await entry.getByRole('button', { name: /Stop/ }).first().click();
      await page.getByRole('menuitemradio', { name: 'Trailing Stop' }).click();
      await entry.getByPlaceholder('Trail Amount').fill('2');
      await until('Initial Stop Price', async () =>
        /Initial Stop Price\s*92\.00 USD/.test((await entry.locator('.oe-figures').textContent()) ?? ''),
      );
      await entry.getByRole('button', { name: 'Trail in %' }).click();
      expect(await entry.getByPlaceholder('Trail %').inputValue()).toBe('');
      await shot(page, 'trailing-stop');

      // Phone width: stacked, no horizontal overflow, still axe-clean.
      await page.setViewportSize(PHONE);
      await entry.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await entry.getByRole('button', { name: /Trailing Stop/ }).click();
      await menu.waitFor();
      expect(await menuInsideCard()).toBe(true);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      expect(await cardViolations(page)).toEqual([]);
      // The trail is empty: the refusal's toast leaves the header and its menu button uncovered.
      n = await toastCount(page);
      await entry.getByRole('button', { name: /^(Buy|Sell) BTC$/ }).click();
      await toast(page, orderMessages.fillRequired, n);
      await until('the toast below the sticky header on a phone', () => toastBelowHeader(page));
      await entry.screenshot({ path: (await shot(page, 'phone')).replace(/\.png$/, '-card.png') });
    });
    await maker.context.close();
    await printer.context.close();
  });
});
