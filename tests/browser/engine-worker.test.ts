import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storageKeys } from '../../src/shared/constants';
import { hubEvents } from '../../src/shared/hub/names';
import type { EngineSnapshot } from '../../src/worker/public';
import { startHarness, type Harness } from './harness/setup';

// The real engine in a real module worker in Chromium, over comlink, with the real main-thread
// client: only the hub, HTTP and the clock are scripted (see harness/engine-harness.worker.ts).

let h: Harness | null = null;

beforeEach(() => localStorage.clear());
afterEach(() => {
  h?.close();
  h = null;
});

const snap = (): EngineSnapshot => h!.client.store.getSnapshot();

describe('engine worker in Chromium (spec B §4, §9)', () => {
  it('B4 state machine: refused without a user; Connected ~0.5 s after login; Disconnected 100 ms after logout', async () => {
    h = await startHarness({ user: null });
    await h.client.api.retry();
    await h.until(() => snap().connection.state === 'AuthenticationFailed', { advanceMs: 16 });
    expect(snap().errors.map((e) => e.message)).toEqual(['User not authenticated']);

    h.session.set({ id: 'u1' });
    await h.until(async () => (await h!.control.now()) > 0 && snap().user?.id === 'u1', { advanceMs: 16 });
    await h.control.advance(500);
    await h.until(() => snap().connection.state === 'Authenticated', { advanceMs: 16 });
    expect(await h.control.hubUrls()).toEqual(['https://exchange.test/hubs/exchange']);

    h.session.set(null);
    await h.until(() => snap().user === null, { advanceMs: 16 });
    await h.control.advance(100);
    await h.until(() => snap().connection.state === 'Disconnected', { advanceMs: 16 });
  });

  it('B9 reconnect backoff: 2, 4, 8, 16, 30, 30 s (virtual time inside the worker)', async () => {
    h = await startHarness();
    await h.control.setDefaultStart({ error: { message: 'Service unavailable', statusCode: 503 } });
    await h.control.advance(500);
    expect(await h.control.startTimes()).toHaveLength(1);
    await h.until(() => snap().connection.state === 'Failed' && snap().connection.attempt === 1, { advanceMs: 1 });
    await h.control.advance(90_000);
    const starts = await h.control.startTimes();
    const gaps = starts.slice(1).map((t, i) => t - starts[i]!);
    expect(gaps).toEqual([2000, 4000, 8000, 16000, 30000, 30000]);
    await h.until(() => snap().connection.state === 'Failed', { advanceMs: 16 });
    expect(snap().errors.at(-1)?.message).toBe('Connection failed: Service unavailable.');
  });

  it('B4 auth error on close: one refresh through the main thread, reconnect after 1 s; a failed refresh logs out', async () => {
    h = await startHarness();
    await h.control.advance(900);
    await h.until(() => snap().connection.state === 'Authenticated', { advanceMs: 16 });
    await h.control.drop({ message: 'Unauthorized', statusCode: 401 });
    await h.until(() => h!.host.refreshes === 1);
    await h.control.advance(999);
    expect(await h.control.connections()).toBe(1);
    await h.control.advance(1);
    expect(await h.control.connections()).toBe(2);
    await h.until(() => snap().connection.state !== 'Connecting', { advanceMs: 16 });
    expect(h.host.logouts).toBe(0);

    h.host.refreshAnswer = false;
    await h.control.drop({ message: 'token expired' });
    await h.until(() => h!.host.logouts === 1);
    expect(h.host.refreshes).toBe(2);
    await h.until(() => snap().connection.state === 'AuthenticationFailed', { advanceMs: 16 });
    expect(snap().errors.at(-1)?.message).toBe('Authentication failed: token expired.');
  });

  it('B4 feed bookkeeping across reconnects and pair changes; left set persisted under signalr_intentionally_left_feeds', async () => {
    h = await startHarness();
    await h.control.advance(900);
    expect((await h.control.joined(1))[0]).toContain('orderbook.ox.btcusd');

    // A deliberate leave is persisted by the main thread on the engine's behalf.
    await h.client.api.leaveFeeds(['ticker.ox.ethbtc']);
    await h.until(() => localStorage.getItem(storageKeys.intentionallyLeftFeeds) !== null);
    expect(JSON.parse(localStorage.getItem(storageKeys.intentionallyLeftFeeds)!)).toEqual(['ticker.ox.ethbtc']);

    // Pair change: debounced 300 ms, old pair left, new one joined 200 ms later.
    await h.client.api.selectPair('ETH', 'USD');
    await h.control.advance(300);
    expect((await h.control.left(1)).at(-1)).toEqual(['trades.ox.btcusd', 'orderbook.ox.btcusd']);
    await h.control.advance(200);
    expect((await h.control.joined(1)).at(-1)).toEqual(['trades.ox.ethusd', 'orderbook.ox.ethusd', 'ticker.ox.ethusd']);
    expect(localStorage.getItem(storageKeys.baseCurrency)).toBe('ETH');

    // Reconnect: active feeds not deliberately left are joined again, the book is stale meanwhile.
    await h.control.emit(hubEvents.orderBook, { pair: 'ethusd', bids: [['3000', '1', 'ox']], asks: [['3001', '1', 'ox']] });
    await h.control.drop({ message: 'network' });
    await h.until(() => snap().book.stale && snap().connection.state === 'Connecting', { advanceMs: 16 });
    await h.control.advance(2000 + 300);
    const restored = (await h.control.joined(2)).flat();
    expect(restored).toContain('orderbook.ox.ethusd');
    expect(restored).toContain('ticker.ox.btcusd');
    expect(restored).not.toContain('ticker.ox.ethbtc');
    expect(restored).not.toContain('orderbook.ox.btcusd');
    await h.control.emit(hubEvents.orderBook, { pair: 'ethusd', bids: [['3000', '2', 'ox']], asks: [['3001', '1', 'ox']] });
    await h.until(() => !snap().book.stale, { advanceMs: 16 });

    // Full disconnect clears the saved set.
    h.session.set(null);
    await h.until(() => snap().user === null, { advanceMs: 16 });
    await h.control.advance(100);
    await h.until(() => localStorage.getItem(storageKeys.intentionallyLeftFeeds) === null, { advanceMs: 16 });
  });

  it('B8 a failing join is retried 1, 2, 4 s and then reported', async () => {
    h = await startHarness();
    await h.control.advance(900);
    await h.control.failJoins('Group service unavailable');
    const result = h.client.api.joinFeeds(['trades.ox.ethbtc']);
    await h.until(async () => (await h!.control.now()) > 0);
    await h.control.advance(1000 + 2000 + 4000);
    expect(await result).toMatchObject({ ok: false, message: 'Failed to join feeds [trades.ox.ethbtc]: Group service unavailable.' });
    await h.until(() => snap().errors.at(-1)?.message === 'Failed to join feeds [trades.ox.ethbtc]: Group service unavailable.', {
      advanceMs: 16,
    });
  });

  it('snapshots are posted at most once per frame (requestAnimationFrame in the worker) and keep identity', async () => {
    h = await startHarness({ realFrames: true });
    expect(await h.control.hasAnimationFrames()).toBe(true);
    await h.control.advance(900);
    await h.until(() => snap().connection.state === 'Authenticated');
    let notified = 0;
    const off = h.client.store.subscribe(() => notified++);
    const framesBefore = await h.control.framesPublished();
    const books = Array.from({ length: 2000 }, (_, i) => ({
      pair: 'btcusd',
      bids: [
        ['100', String(1 + (i % 7)), 'ox'],
        ['99', '1', 'ox'],
      ],
      asks: [['101', '1', 'ox']],
      sequence: i + 1,
    }));
    await h.control.emitMany(hubEvents.orderBook, books);
    await h.until(() => snap().book.sequence === 2000);
    const frames = (await h.control.framesPublished()) - framesBefore;
    // 2,000 hub events in one task: they reach the page as a handful of frames, not 2,000 posts.
    expect(frames).toBeGreaterThanOrEqual(1);
    expect(frames).toBeLessThanOrEqual(3);
    expect(notified).toBeLessThanOrEqual(frames);

    const before = snap();
    await h.control.emit(hubEvents.ticker, { pair: 'ethusd', last: '2000' });
    await h.until(() => snap() !== before);
    const after = snap();
    expect(after.book).toBe(before.book);
    expect(after.connection).toBe(before.connection);
    expect(after.errors).toBe(before.errors);
    expect(after.pairs).not.toBe(before.pairs);
    off();
  });
});
