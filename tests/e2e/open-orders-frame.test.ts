import { rmSync } from 'node:fs';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../src/server/seed/reference-data';
import { paths } from '../../src/shared/api/paths';
import { AUTH_METHOD_COOKIE, AUTH_METHOD_HEADER } from '../../src/shared/constants';
import { privateFeeds } from '../../src/shared/hub/feeds';
import { hubEvents } from '../../src/shared/hub/names';
import { launchBrowser } from './support/browser';
import { inPage, loginThroughForm } from './support/flows';
import { startServer, type RunningServer } from './support/server';
import { snapshotWebApp } from './support/web-app';
import { recordTraffic } from './support/worker-traffic';

// "A cancelled or filled order leaves Open within one frame of its event", timed in Chromium.
// The event's arrival is read where the engine receives it: the ReceiveEndUserOrder frame on the
// engine worker's own DevTools target (its network arrival time). The page notes every
// animation frame and, with a MutationObserver on the Open orders table, the moment a row's
// Cancel button leaves the DOM, then the first task after the next paint. Server, browser and
// this process read one machine clock.
//
// What "within one frame" can mean: the event lands at some point of a frame; the worker
// parses it and posts a snapshot, which the page applies at its next animation frame and paints.
// If the worker's post comes after that frame's rAF already ran, the paint is the frame after.
// So the row must be gone at the paint of the first frame that starts after the event, or at
// worst the second: at most one animation frame starts between the event and the frame that
// paints the removal. That is asserted on the median of several cancels, so one frame lost to
// this shared, loaded machine (another process holding both cores) does not fail the test,
// while a design that waits a frame more (or a throttle) would fail every time; the milliseconds
// are reported beside it.

const H = { [AUTH_METHOD_HEADER]: AUTH_METHOD_COOKIE };
const ORDERS = 7;

const INSTRUMENT = `(() => {
  const probe = { frames: [], removed: {} };
  window.__openOrders = probe;
  const frame = (t) => { probe.frames.push(performance.timeOrigin + t); requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
  const channel = new MessageChannel();
  const afterPaint = [];
  channel.port1.onmessage = () => { const f = afterPaint.shift(); if (f) f(); };
  const idOf = (node) => {
    if (!(node instanceof Element)) return [];
    return [...node.querySelectorAll('button.ex-cancel'), ...(node.matches('button.ex-cancel') ? [node] : [])]
      .map((b) => /order (\\S+)$/.exec(b.getAttribute('aria-label') || '')?.[1])
      .filter(Boolean);
  };
  new MutationObserver((records) => {
    const ids = records.flatMap((r) => [...r.removedNodes].flatMap(idOf));
    if (ids.length === 0) return;
    const committedAt = performance.timeOrigin + performance.now();
    requestAnimationFrame((t) => {
      const frameAt = performance.timeOrigin + t;
      afterPaint.push(() => {
        const paintedAt = performance.timeOrigin + performance.now();
        for (const id of ids) probe.removed[id] ??= { committedAt, frameAt, paintedAt };
      });
      channel.port2.postMessage(null);
    });
  }).observe(document, { subtree: true, childList: true });
})();`;

interface Probe {
  frames: number[];
  removed: Record<string, { committedAt: number; frameAt: number; paintedAt: number }>;
}

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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

describe('orders panel timing (spec B §4 order status)', () => {
  it('B4.order-status.leaves-open-within-a-frame, B4.order-status.cancelled: a cancelled order leaves Open in the first or second frame after its event reaches the worker', async () => {
    await inPage(browser, 'open-orders-frame', { viewport: { width: 1440, height: 900 } }, async ({ page }) => {
      await page.addInitScript({ content: INSTRUMENT });
      // When the engine worker received each order's cancelled event.
      const cancelledAt = new Map<string, number>();
      const traffic = await recordTraffic(page);
      traffic.onHubMessage((m, target) => {
        if (target.kind !== 'worker' || m.target !== hubEvents.endUserOrder) return;
        for (const o of m.args.flat() as { id?: unknown; status?: unknown }[]) {
          if (typeof o?.id === 'string' && /cancel/i.test(String(o.status)) && !cancelledAt.has(o.id)) cancelledAt.set(o.id, m.receivedAt);
        }
      });
      try {
        await loginThroughForm(page, server.url, DEMO_EMAIL, DEMO_PASSWORD);
        const ids: string[] = [];
        for (let i = 0; i < ORDERS; i++) {
          const res = await page.request.post(`${server.url}${paths.orders.create('buy')}`, {
            data: { currency_pair: 'btcusd', price: String(1000 + i), quantity: '0.001' },
            headers: H,
          });
          expect(res.status(), await res.text()).toBe(200);
          ids.push(((await res.json()) as { id: string }).id);
        }
        // Only the worker of the page loaded below: the sign-in page's worker may never report
        // its end, and a load it had in flight at the navigation never finishes.
        const workersBefore = traffic.workers.length;
        await page.goto(`${server.url}/exchange`);
        const cancelButton = (id: string) =>
          page.locator('button.ex-cancel', { hasText: /Cancel/ }).and(page.locator(`[aria-label$="order ${id}"]`));
        await page.locator('button.ex-cancel').first().waitFor({ timeout: 30_000 });
        // The rows come over REST at once, the live feed only later: the hub connection starts
        // about 0.5 s after sign-in (spec B §4), and the server publishes an order's event only to
        // connections that joined the user's open-orders feed by then. A cancel before that join
        // has no event to time (the row leaves by the reload that follows the join), so wait for
        // the join and for that reload of the open orders to be answered.
        const liveWorker = () =>
          traffic.workers.slice(workersBefore).find((w) => !w.detached && w.joinedFeeds.has(privateFeeds.openOrders));
        await expect.poll(() => liveWorker() !== undefined, { timeout: 30_000 }).toBe(true);
        const isOpenOrdersLoad = (r: { method: string; url: string }) =>
          r.method === 'GET' && new URL(r.url).pathname === paths.orders.open;
        // The reload is the first open-orders load sent after the join was answered (counted by
        // position: under load the worker's first requests may go by before it is recorded).
        await expect
          .poll(
            () => {
              const w = liveWorker()!;
              const loads = w.requests.filter(isOpenOrdersLoad);
              const reloads = w.requests.slice(w.joinedFeeds.get(privateFeeds.openOrders)).filter(isOpenOrdersLoad);
              return reloads.length >= 1 && loads.every((r) => r.done);
            },
            { timeout: 30_000 },
          )
          .toBe(true);

        /** One of `left` whose row is on the panel's page now (waits for one). */
        const shownOrder = async (left: ReadonlySet<string>): Promise<string> => {
          const deadline = Date.now() + 20_000;
          for (;;) {
            for (const candidate of left) if ((await cancelButton(candidate).count()) > 0) return candidate;
            if (Date.now() > deadline) throw new Error(`none of the orders ${[...left].join(', ')} is shown in Open orders`);
            await page.waitForTimeout(100);
          }
        };
        const timed: { id: string; frames: number; ms: number }[] = [];
        const left = new Set(ids);
        // The panel pages five at a time: each round cancels one order shown on the page.
        while (left.size > 0) {
          const id = await shownOrder(left);
          left.delete(id);
          // Cancelled through the API, not the row's button: the row leaves only on the event.
          const res = await page.request.delete(`${server.url}${paths.orders.cancel(id)}`, { headers: H });
          expect(res.ok(), await res.text()).toBe(true);
          await expect
            .poll(() => page.evaluate((i) => (window as unknown as { __openOrders: Probe }).__openOrders.removed[i] !== undefined, id), {
              timeout: 20_000,
            })
            .toBe(true);
          await expect.poll(() => cancelledAt.has(id), { timeout: 20_000 }).toBe(true);
          const probe = await page.evaluate(() => (window as unknown as { __openOrders: Probe }).__openOrders);
          const removed = probe.removed[id]!;
          const receivedAt = cancelledAt.get(id)!;
          // Frames that started after the event and before the frame that painted the removal.
          const framesBetween = probe.frames.filter((f) => f > receivedAt && f < removed.frameAt - 0.5).length;
          timed.push({ id, frames: framesBetween, ms: removed.paintedAt - receivedAt });
          expect(removed.committedAt).toBeGreaterThan(receivedAt - 5);
        }
        console.log(`open order removal after its event: ${timed.map((t) => `${t.frames} frames / ${t.ms.toFixed(1)} ms`).join(', ')}`);
        expect(timed.length).toBeGreaterThanOrEqual(5);
        expect(median(timed.map((t) => t.frames))).toBeLessThanOrEqual(1);
      } finally {
        await traffic.dispose();
      }
    });
  });
});
