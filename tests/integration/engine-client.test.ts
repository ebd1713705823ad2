import * as Comlink from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngineClient, type EngineClient } from '../../src/app/engine-client/engine-client';
import { storageKeys } from '../../src/shared/constants';
import { hubEvents } from '../../src/shared/hub/names';
import { exposeEngine } from '../../src/worker/engine/expose';
import type { EngineUser } from '../../src/worker/public';
import { createTestEngine, type TestEngine } from '../../src/worker/testing/test-engine';

// The page thread's engine client against a real engine over a real MessageChannel (comlink
// both ways), as in the browser minus the Worker: storage, session following, host callbacks
// and the mirror. It joins both sides of the thread boundary, so it lives here rather than
// beside either; the page thread itself sees only src/worker/public.ts.

class MemoryStorage {
  readonly map = new Map<string, string>();
  getItem = (k: string) => this.map.get(k) ?? null;
  setItem = (k: string, v: string) => void this.map.set(k, v);
  removeItem = (k: string) => void this.map.delete(k);
}

function fakeSession(initial: EngineUser | null) {
  let user = initial;
  const listeners = new Set<() => void>();
  return {
    subscribe: (l: () => void) => (listeners.add(l), () => listeners.delete(l)),
    currentUser: () => user,
    set(next: EngineUser | null) {
      user = next;
      for (const l of listeners) l();
    },
  };
}

let current: TestEngine | null = null;

/** Waits (real time) for the message round trips, advancing one 16 ms frame per turn. */
async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 2));
    await current?.advance(16);
  }
}

let open: { client: EngineClient; channel: MessageChannel }[] = [];
afterEach(() => {
  for (const o of open) {
    o.client.dispose();
    o.channel.port1.close();
    o.channel.port2.close();
  }
  open = [];
});

function setup(options: { storage?: MemoryStorage; user?: EngineUser | null } = {}) {
  const t: TestEngine = createTestEngine();
  current = t;
  const channel = new MessageChannel();
  Comlink.expose(exposeEngine(t.engine), channel.port1 as unknown as Comlink.Endpoint);
  const storage = options.storage ?? new MemoryStorage();
  const session = fakeSession(options.user === undefined ? { id: 'u1' } : options.user);
  let refreshes = 0;
  let logouts = 0;
  const client = createEngineClient({
    endpoint: channel.port2 as unknown as Comlink.Endpoint,
    apiBase: 'https://exchange.test',
    hubUrl: 'https://exchange.test/hubs/exchange',
    storage,
    session,
    refreshSession: async () => (refreshes++, false),
    logout: () => void logouts++,
  });
  open.push({ client, channel });
  return { t, client, storage, session, counts: () => ({ refreshes, logouts }) };
}

describe('engine client (main thread)', () => {
  it('starts the engine with the saved left set and pair, and follows the session', async () => {
    const storage = new MemoryStorage();
    storage.setItem(storageKeys.intentionallyLeftFeeds, JSON.stringify(['ticker.ox.ethbtc']));
    storage.setItem(storageKeys.baseCurrency, 'ETH');
    storage.setItem(storageKeys.quoteCurrency, 'USD');
    const { t, client, session } = setup({ storage });
    // Before the worker answers, the mirror already shows the saved pair.
    expect(client.store.getSnapshot()).toMatchObject({ version: 0, selected: { base: 'ETH', quote: 'USD' } });
    await client.ready;
    await until(() => client.store.getSnapshot().user?.id === 'u1');
    await t.advance(900);
    await until(() => client.store.getSnapshot().connection.state === 'Authenticated');
    expect(t.hub.joined()[0]).toContain('orderbook.ox.ethusd');
    expect(t.hub.joined().flat()).not.toContain('ticker.ox.ethbtc');
    session.set(null);
    await until(() => client.store.getSnapshot().user === null);
    await t.advance(100);
    await until(() => client.store.getSnapshot().connection.state === 'Disconnected');
  });

  it('B4 left feeds persisted under signalr_intentionally_left_feeds and cleared on full disconnect', async () => {
    const { t, client, storage, session } = setup();
    await client.ready;
    await t.advance(900);
    await client.api.leaveFeeds(['ticker.ox.ethbtc']);
    await until(() => storage.getItem(storageKeys.intentionallyLeftFeeds) !== null);
    expect(JSON.parse(storage.getItem(storageKeys.intentionallyLeftFeeds)!)).toEqual(['ticker.ox.ethbtc']);
    session.set(null);
    await until(() => client.store.getSnapshot().user === null);
    await t.advance(100);
    await until(() => storage.getItem(storageKeys.intentionallyLeftFeeds) === null);
  });

  it('B4 the selected pair is persisted under exchange_base_currency and exchange_quote_currency', async () => {
    const { client, storage } = setup();
    await client.ready;
    await client.api.selectPair('eth', 'btc');
    await until(() => storage.getItem(storageKeys.baseCurrency) === 'ETH');
    expect(storage.getItem(storageKeys.quoteCurrency)).toBe('BTC');
  });

  it('B4.pair.default-btc-usd: without a saved pair the screen starts on BTC/USD and the first connect joins its feeds', async () => {
    const { t, client } = setup();
    expect(client.store.getSnapshot().selected).toMatchObject({ base: 'BTC', quote: 'USD' });
    await client.ready;
    await t.advance(900);
    await until(() => client.store.getSnapshot().connection.state === 'Authenticated');
    expect(t.hub.joined()[0]).toContain('orderbook.ox.btcusd');
    expect(client.store.getSnapshot().selected).toMatchObject({ base: 'BTC', quote: 'USD', symbol: 'btcusd' });
  });

  it('B4.pair.persisted, B4.feeds.left-set-persisted: the pair and the left set live under their spec keys in local storage', async () => {
    // The keys spelt out, not taken from the constants: another tab or an older build reads these.
    const storage = new MemoryStorage();
    storage.setItem('exchange_base_currency', 'ETH');
    storage.setItem('exchange_quote_currency', 'BTC');
    storage.setItem('signalr_intentionally_left_feeds', JSON.stringify(['ticker.ox.ethusd']));
    const { t, client } = setup({ storage });
    await client.ready;
    await t.advance(900);
    await until(() => client.store.getSnapshot().connection.state === 'Authenticated');
    expect(t.hub.joined()[0]).toContain('orderbook.ox.ethbtc');
    expect(t.hub.joined().flat()).not.toContain('ticker.ox.ethusd');

    await client.api.leaveFeeds(['ticker.ox.btcusd']);
    await until(() => (storage.getItem('signalr_intentionally_left_feeds') ?? '').includes('btcusd'));
    expect(JSON.parse(storage.getItem('signalr_intentionally_left_feeds')!)).toEqual(['ticker.ox.btcusd', 'ticker.ox.ethusd']);
    await client.api.selectPair('SOL', 'USD');
    await until(() => storage.getItem('exchange_base_currency') === 'SOL');
    expect(storage.getItem('exchange_quote_currency')).toBe('USD');
  });

  it("B3.user.fields: the engine follows the logged-in user's id and account type", async () => {
    const { client, session } = setup({ user: { id: 'u1', accountType: 'individual' } });
    await client.ready;
    await until(() => client.store.getSnapshot().user?.id === 'u1');
    expect(client.store.getSnapshot().user).toEqual({ id: 'u1', accountType: 'individual' });
    session.set({ id: 'u1', accountType: 'corporation' });
    await until(() => client.store.getSnapshot().user?.accountType === 'corporation');
  });

  it('a failed shared refresh reaches the logout callback', async () => {
    const { t, client, counts } = setup();
    await client.ready;
    await t.advance(900);
    t.hub.current!.drop({ message: 'Unauthorized', statusCode: 401 });
    await until(() => counts().logouts === 1);
    expect(counts().refreshes).toBe(1);
    await until(() => client.store.getSnapshot().connection.state === 'AuthenticationFailed');
  });

  it('snapshots keep identity across the boundary where nothing changed', async () => {
    const { t, client } = setup();
    await client.ready;
    await t.advance(900);
    const book = (q: string) => ({
      pair: 'btcusd',
      bids: [
        ['100', '5', 'ox'],
        ['99', q, 'ox'],
      ],
      asks: [['101', '1', 'ox']],
    });
    t.hub.emit(hubEvents.orderBook, book('1'));
    await t.advance(16);
    await until(() => client.store.getSnapshot().book.bids.length === 2);
    const a = client.store.getSnapshot();
    t.hub.emit(hubEvents.ticker, { pair: 'ethusd', last: '1' });
    await t.advance(16);
    await until(() => client.store.getSnapshot() !== a);
    const b = client.store.getSnapshot();
    expect(b.book).toBe(a.book);
    expect(b.connection).toBe(a.connection);
    expect(b.pairs).not.toBe(a.pairs);
    t.hub.emit(hubEvents.orderBook, book('2'));
    await t.advance(16);
    await until(() => client.store.getSnapshot().book !== b.book);
    const c = client.store.getSnapshot();
    expect(c.book.asks).toBe(b.book.asks); // cloned by postMessage, re-shared by the mirror
    expect(c.book.bids[0]).toBe(b.book.bids[0]);
    expect(c.book.bids[1]).not.toBe(b.book.bids[1]);
    expect(c.book.bids[1]).toMatchObject({ quantity: '2', size: '7' });
  });
});
