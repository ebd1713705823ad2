import { rmSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../src/server/seed/reference-data';
import { launchBrowser } from './support/browser';
import { loginThroughForm, newPage, shots } from './support/flows';
import { startServer, type RunningServer } from './support/server';
import { snapshotWebApp } from './support/web-app';
import { countPageThreadSockets, recordTraffic, type TrafficRecorder } from './support/worker-traffic';

// The exchange screen live, end to end: headless Chromium against the real server with the
// market simulator on. Spec B §1 (tab title), §2 (exchange screen, pair selector, order book,
// Time and Sales), §4 (live connection, pair selection) and §9 (reconnect backoff), plus the
// design rule that every live byte travels through the engine's Web Worker.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };
/** Labels of a connection being restored (spec B §4: Connecting during a reconnect; stale until fresh data). */
const RECONNECTING = ['Reconnecting', 'Reconnecting…', 'Connecting', 'Stale data'];

let server: RunningServer;
let browser: Browser;
let webApp: string;
/** The server's environment: the simulator on (50 events/s) and this file's copy of the web app. */
let serverEnv: Record<string, string>;

beforeAll(async () => {
  webApp = await snapshotWebApp();
  serverEnv = { SIM_RATE: '50', STATIC_DIR: webApp };
  [server, browser] = await Promise.all([startServer({ env: serverEnv }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
  if (webApp) rmSync(webApp, { recursive: true, force: true });
});

/** Polls a locator's trimmed text (vitest's expect has no Playwright web-first matchers). */
const textOf = (locator: Locator) => async () => (await locator.textContent())?.trim() ?? null;

interface BookOnScreen {
  /** The card title, e.g. "Order Book BTC/USD". */
  title: string;
  /** Prices as shown, top to bottom. */
  asks: string[];
  bids: string[];
  /** Every visible level (price, quantity, size, source), to tell one book from the next. */
  key: string;
  /** The "stale" badge is shown. */
  stale: boolean;
}

/**
 * Installed in the page: reads the order book by its accessible structure (the region titled
 * "Order Book …", the row groups labelled Asks and Bids, their rows and cells), whether it is
 * built from <table> elements or ARIA roles over a grid.
 */
function installBookReader(): void {
  const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  const bookSection = () =>
    [...document.querySelectorAll('section, [role="region"]')].find((s) => {
      const id = s.getAttribute('aria-labelledby');
      const label = id ? text(document.getElementById(id)) : (s.getAttribute('aria-label') ?? '');
      return label.startsWith('Order Book');
    }) ?? null;
  const rows = (section: Element, side: string) =>
    [...(section.querySelector(`[aria-label="${side}"]`)?.querySelectorAll('tr, [role="row"]') ?? [])]
      .map((row) => [...row.querySelectorAll('td, [role="cell"]')].map((c) => text(c)))
      // Level rows only: "Loading..." / "No Asks Available" rows have no price.
      .filter((cells) => cells.length >= 3 && /^[\d,]+(\.\d+)?$/.test(cells[0] ?? ''));
  (window as unknown as { __readBook: () => unknown }).__readBook = () => {
    const section = bookSection();
    if (!section) return null;
    const asks = rows(section, 'Asks');
    const bids = rows(section, 'Bids');
    const id = section.getAttribute('aria-labelledby');
    return {
      title: id ? text(document.getElementById(id)) : '',
      asks: asks.map((r) => r[0] ?? ''),
      bids: bids.map((r) => r[0] ?? ''),
      key: JSON.stringify([asks, bids]),
      stale: [...section.querySelectorAll('*')].some((el) => el.children.length === 0 && text(el) === 'stale'),
    };
  };
}

async function bookOnScreen(page: Page): Promise<BookOnScreen> {
  const book = await page.evaluate(() => (window as unknown as { __readBook: () => unknown }).__readBook());
  if (!book) throw new Error('no order book on the page');
  return book as BookOnScreen;
}

const numberOf = (text: string) => Number(text.replace(/,/g, ''));

/** Waits until the book shows asks and bids with prices, for `pair` (e.g. "BTC/USD"). */
async function waitForLiveBook(page: Page, pair: string, timeout = 30_000): Promise<BookOnScreen> {
  await page.waitForFunction(
    (p) => {
      const b = (window as unknown as { __readBook: () => BookOnScreen | null }).__readBook();
      return !!b && b.title === `Order Book ${p}` && b.asks.length > 0 && b.bids.length > 0;
    },
    pair,
    { timeout },
  );
  return bookOnScreen(page);
}

/** Waits until the visible book differs from `before` (a new book arrived and was rendered). */
async function waitForBookChange(page: Page, before: BookOnScreen, timeout = 20_000): Promise<BookOnScreen> {
  await page.waitForFunction(
    (key) => {
      const b = (window as unknown as { __readBook: () => BookOnScreen | null }).__readBook();
      return !!b && b.asks.length > 0 && b.bids.length > 0 && b.key !== key;
    },
    before.key,
    { timeout },
  );
  return bookOnScreen(page);
}

/** Waits until the stale badge is shown (true) or gone (false). */
async function waitForStale(page: Page, stale: boolean, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    (want) => (window as unknown as { __readBook: () => BookOnScreen | null }).__readBook()?.stale === want,
    stale,
    { timeout },
  );
}

function connectionLabel(page: Page) {
  return page.locator('.ex-connection-label');
}

async function openExchange(page: Page): Promise<void> {
  await page.addInitScript(installBookReader);
  await loginThroughForm(page, server.url, DEMO_EMAIL, DEMO_PASSWORD);
  await page.goto(`${server.url}/exchange`);
}

function expectSortedPrices(prices: string[], direction: 'asc' | 'desc') {
  const values = prices.map(numberOf);
  for (const v of values) expect(Number.isFinite(v) && v > 0).toBe(true);
  const sorted = [...values].sort((a, b) => (direction === 'asc' ? a - b : b - a));
  expect(values).toEqual(sorted);
}

describe('exchange screen, live against the real server and simulator', () => {
  it('B2 exchange screen: a live order book (asks above bids, with prices, updating), Time and Sales rows and pair tickers in the pair selector', async () => {
    const shot = shots('exchange-live');
    const { context, page } = await newPage(browser, { viewport: DESKTOP });
    const traffic = await recordTraffic(page); // for the failure messages
    try {
      await openExchange(page);
      const first = await waitForLiveBook(page, 'BTC/USD');
      await expect.poll(textOf(connectionLabel(page)), { timeout: 15_000 }).toBe('Connected');
      // Asks are shown worst to best (descending) above the mid; bids best to worst below.
      expectSortedPrices(first.asks, 'desc');
      expectSortedPrices(first.bids, 'desc');
      expect(numberOf(first.asks.at(-1)!)).toBeGreaterThan(numberOf(first.bids[0]!));
      expect(first.asks.length).toBeLessThanOrEqual(15);
      expect(first.bids.length).toBeLessThanOrEqual(15);
      await shot(page, 'book-live');
      // The book says which message it shows (used by bench/browser-storm.ts to measure its age).
      const shown = await page
        .getByTestId('order-book')
        .evaluate((el) => ({ symbol: el.getAttribute('data-symbol'), sequence: el.getAttribute('data-sequence') }));
      expect(shown.symbol).toBe('btcusd');
      expect(Number(shown.sequence)).toBeGreaterThan(0);

      // Updating: the simulator moves the book; a different book is rendered soon.
      await waitForBookChange(page, first);

      // Time and Sales: rows with a time, a price, an amount and a BUY/SELL side.
      const trades = page.getByRole('region', { name: /Time and Sales BTC\/USD/ });
      const tradeRows = trades.getByRole('row').filter({ hasText: /(BUY|SELL)\s*$/ });
      await expect
        .poll(() => tradeRows.count(), { timeout: 30_000 })
        .toBeGreaterThan(0)
        .catch(async (error: unknown) => {
          const received = JSON.stringify([...(traffic.workers[0]?.hubCounts ?? [])]);
          throw new Error(`no Time and Sales rows; the worker received ${received}; shown: ${await trades.innerText().catch(() => '?')}`, {
            cause: error,
          });
        });
      const firstTrade = await tradeRows.first().getByRole('cell').allTextContents();
      expect(firstTrade[0]).toMatch(/\d{1,2}:\d{2}:\d{2}/);
      expect(numberOf(firstTrade[1]!)).toBeGreaterThan(0);
      expect(numberOf(firstTrade[2]!)).toBeGreaterThan(0);
      expect(['BUY', 'SELL']).toContain(firstTrade[3]!.trim());
      expect(await tradeRows.count()).toBeLessThanOrEqual(25);

      // Pair tickers: the selector's table lists the pairs with a last price from the ticker feed.
      await page.getByRole('button', { name: /Market pair/ }).click();
      const panel = page.getByRole('dialog', { name: 'Select a market pair' });
      await panel.waitFor();
      const pairName = /^[A-Z0-9]+\/[A-Z0-9]+$/;
      // (`has` is matched inside each row, so its locator starts from the page.)
      const pairRows = panel.getByRole('row').filter({ has: page.getByRole('button', { name: pairName }) });
      await expect.poll(() => pairRows.count(), { timeout: 15_000 }).toBeGreaterThan(3);
      // Each row's price is its first numeric cell after the pair.
      const pricedRows = async () => {
        let priced = 0;
        for (const row of await pairRows.all()) {
          const cells = await row.getByRole('cell').allTextContents();
          if (cells.some((c) => /^[\d,]+\.\d+$/.test(c.trim()) && numberOf(c) > 0)) priced++;
        }
        return priced;
      };
      await expect.poll(pricedRows, { timeout: 15_000 }).toBeGreaterThan(3);
      const symbols = (await panel.getByRole('button', { name: pairName }).allTextContents()).map((t) => t.trim());
      expect(symbols).toContain('BTC/USD');
      expect(symbols).toContain('ETH/USD');
      await shot(page, 'pair-tickers');
    } finally {
      await traffic.dispose();
      await context.close();
    }
  });

  it('B2/B4 pair selector: clicking a pair selects it (book title and rows change to the new pair) and the selection persists under exchange_base_currency / exchange_quote_currency', async () => {
    const shot = shots('exchange-pair-switch');
    const { context, page } = await newPage(browser, { viewport: DESKTOP });
    try {
      await openExchange(page);
      const btc = await waitForLiveBook(page, 'BTC/USD');
      await page.getByRole('button', { name: /Market pair/ }).click();
      const panel = page.getByRole('dialog', { name: 'Select a market pair' });
      await panel.getByRole('button', { name: 'ETH/USD', exact: true }).click();
      await panel.waitFor({ state: 'hidden' }); // clicking a pair closes the panel

      const eth = await waitForLiveBook(page, 'ETH/USD');
      expect(eth.title).toBe('Order Book ETH/USD');
      // ETH trades far below BTC: every price level is a different one.
      expect(eth.bids.some((p) => btc.bids.includes(p))).toBe(false);
      await expect.poll(textOf(page.getByRole('button', { name: /Market pair/ }))).toContain('ETH/USD');
      await page.getByRole('region', { name: /Time and Sales ETH\/USD/ }).waitFor();
      await expect
        .poll(() => page.evaluate(() => [localStorage.getItem('exchange_base_currency'), localStorage.getItem('exchange_quote_currency')]))
        .toEqual(['ETH', 'USD']);
      await waitForBookChange(page, eth);
      await shot(page, 'eth-usd');

      // Persisted: a fresh load of the screen comes back on ETH/USD.
      await page.reload();
      await waitForLiveBook(page, 'ETH/USD');
      await expect.poll(textOf(page.getByRole('button', { name: /Market pair/ }))).toContain('ETH/USD');
      await shot(page, 'after-reload');
    } finally {
      await context.close();
    }
  });

  it('B1 the browser tab title shows the best bid and the pair', async () => {
    const shot = shots('exchange-title');
    const { context, page } = await newPage(browser, { viewport: DESKTOP });
    try {
      await openExchange(page);
      await waitForLiveBook(page, 'BTC/USD');
      // Title and the top bid row are read together; retried while a frame is in flight.
      await expect
        .poll(
          async () => {
            const { title, bid } = await page.evaluate(() => ({
              title: document.title,
              bid: (window as unknown as { __readBook: () => BookOnScreen | null }).__readBook()?.bids[0] ?? '',
            }));
            const m = /^([\d,]+\.\d{2}) BTC\/USD · Ox Exchange$/.exec(title);
            return m ? Math.abs(numberOf(m[1]!) - numberOf(bid)) <= 0.005 + 1e-9 : `unexpected title ${JSON.stringify(title)} (bid ${bid})`;
          },
          { timeout: 15_000 },
        )
        .toBe(true);
      await shot(page, 'btc-usd');
    } finally {
      await context.close();
    }
  });

  it('CORE.engine.live-traffic-in-worker: all live traffic travels through the worker: the page thread opens no WebSocket (nor hub request); the engine worker opens the hub WebSocket and receives the feeds', async () => {
    const { context, page } = await newPage(browser, { viewport: DESKTOP });
    let traffic: TrafficRecorder | null = null;
    try {
      const workers: string[] = [];
      page.on('worker', (w) => workers.push(w.url()));
      const pageThreadSockets = await countPageThreadSockets(page);
      traffic = await recordTraffic(page);
      await openExchange(page);
      const book = await waitForLiveBook(page, 'BTC/USD');
      await waitForBookChange(page, book);

      // The worker: a dedicated worker exists and it opened the hub WebSocket and received the feeds.
      expect(workers.length).toBeGreaterThan(0);
      const hubWorkers = traffic.workers.filter((w) => w.webSockets.some((s) => new URL(s.url).pathname === '/hubs/exchange'));
      expect(hubWorkers.length).toBe(1);
      const worker = hubWorkers[0]!;
      expect(worker.requests.some((r) => r.url.includes('/hubs/exchange/negotiate'))).toBe(true);
      expect(worker.hubCounts.get('ReceiveOrderBook') ?? 0).toBeGreaterThan(0);
      expect(worker.hubCounts.get('ReceiveTicker') ?? 0).toBeGreaterThan(0);

      // The page thread: no WebSocket at the protocol level, no constructor call in its world,
      // no hub request of any transport (negotiate, SSE, long polling).
      expect(traffic.page.webSockets).toEqual([]);
      expect(traffic.page.framesReceived).toBe(0);
      expect(traffic.page.requests.filter((r) => r.url.includes('/hubs/'))).toEqual([]);
      expect(await pageThreadSockets()).toEqual([]);
      // …while its own requests are seen (the recorder works for the page target).
      expect(traffic.page.requests.some((r) => r.url.includes('/v1/auth/login'))).toBe(true);
    } finally {
      await traffic?.dispose();
      await context.close();
    }
  });

  it('B4/B9 live connection: when the server cuts its connections the state goes to reconnecting and stale, and after the restart back to Connected with fresh data', async () => {
    const shot = shots('exchange-reconnect');
    const { context, page } = await newPage(browser, { viewport: DESKTOP });
    let traffic: TrafficRecorder | null = null;
    try {
      traffic = await recordTraffic(page);
      await openExchange(page);
      const before = await waitForLiveBook(page, 'BTC/USD');
      await expect.poll(textOf(connectionLabel(page)), { timeout: 15_000 }).toBe('Connected');
      await shot(page, 'connected');

      // Cut every connection: SIGTERM the server (it closes the hub connections and stops).
      const { port, dataDir } = server;
      await server.stop();
      await expect.poll(textOf(connectionLabel(page)), { timeout: 20_000 }).toBeOneOf(RECONNECTING);
      await waitForStale(page, true);
      const down = await bookOnScreen(page);
      expect(down.bids.length).toBeGreaterThan(0); // the last book stays on screen, flagged
      await shot(page, 'reconnecting-stale');

      // The same server comes back on the same port and data folder.
      server = await startServer({ port, dataDir, env: serverEnv });
      await expect.poll(textOf(connectionLabel(page)), { timeout: 60_000 }).toBe('Connected');
      await waitForStale(page, false);
      // Fresh data: the book is updated again after the restart.
      const after = await waitForBookChange(page, down);
      await waitForBookChange(page, after);
      expect(after.stale).toBe(false);
      const hubSockets = traffic.workers.flatMap((w) => w.webSockets).filter((s) => s.url.includes('/hubs/exchange'));
      expect(hubSockets.length).toBeGreaterThanOrEqual(2); // the worker reconnected on a new socket
      expect(before.bids.length).toBeGreaterThan(0);
      await shot(page, 'reconnected');
    } finally {
      await traffic?.dispose();
      await context.close();
    }
  });

  it('B2 exchange screen on a phone (375×812): the sections stack and the live book renders', async () => {
    const shot = shots('exchange-phone');
    const { context, page } = await newPage(browser, { viewport: PHONE });
    try {
      await openExchange(page);
      await waitForLiveBook(page, 'BTC/USD');
      // Nothing wider than the phone: no sideways scrolling, the book fits the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      const box = await page.getByRole('region', { name: /^Order Book/ }).boundingBox();
      expect(box?.width ?? Infinity).toBeLessThanOrEqual(PHONE.width);
      await shot(page, 'book');
    } finally {
      await context.close();
    }
  });
});
