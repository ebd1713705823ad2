import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../src/server/seed/reference-data';
import { feedTiming, storageKeys, tradingLimits } from '../../src/shared/constants';
import { feedId, highPriorityFeeds, privateFeedIds } from '../../src/shared/hub/feeds';
import { hubEvents, hubMethods } from '../../src/shared/hub/names';
import type { ConnectionState, EngineSnapshot, EngineUser } from '../../src/worker/public';
import type { HubTraffic } from './support/hub-traffic';
import {
  completionOf,
  invocations,
  login,
  logout,
  meStatus,
  pairSymbols,
  readTraffic,
  startLiveEngine,
  until,
  type Invocation,
  type LiveEngine,
} from './support/live-engine';

// The production worker entry (src/worker/entry.ts: real SignalR client, real fetch, timers and
// requestAnimationFrame) against the REAL server's hub, started for this project by its
// globalSetup with the market simulator on. The page, the worker and the server share one
// origin through the Vite proxy, so the session is the server's own httpOnly cookie. What the
// engine shows is checked against what travelled on the hub WebSocket (recorded by Playwright
// outside the page): spec B §4 (live connection, feed groups), §5/§9 (book depth), §2/§9
// (Time and Sales keeps 25).

const OPEN: readonly ConnectionState[] = ['Connected', 'Authenticated'];
const DEPTH = tradingLimits.orderBookDepth;
const KEPT = tradingLimits.recentTradesKept;
/** Hub messages already on the wire when a leave is answered may still arrive just after it. */
const IN_FLIGHT_MS = 300;

const symbolOf = (pair: unknown) =>
  String(pair)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
const sorted = (list: Iterable<string>) => [...list].sort();
const isOpen = (s: EngineSnapshot) => OPEN.includes(s.connection.state);

/** Payloads of a hub event received on `socket` (handlers take a message or an array of them). */
function events(traffic: HubTraffic, event: string, socket?: number): { at: number; payload: Record<string, unknown> }[] {
  return invocations(traffic, 'received', event, socket).flatMap((m) => {
    const first = m.args[0];
    return (Array.isArray(first) ? first : [first]).map((payload) => ({ at: m.at, payload: payload as Record<string, unknown> }));
  });
}

function joins(traffic: HubTraffic, socket: number): Invocation[] {
  return invocations(traffic, 'sent', hubMethods.joinFeedGroups, socket);
}

function feedsOf(call: Invocation): string[] {
  return call.args[0] as string[];
}

async function answered(call: Invocation): Promise<{ at: number; result: Record<string, unknown> }> {
  const c = await until(
    `the server's answer to ${call.target} ${JSON.stringify(call.args[0])}`,
    async () => completionOf(await readTraffic(), call),
    15_000,
  );
  expect(c.error).toBeUndefined();
  return { at: c.at, result: c.result as Record<string, unknown> };
}

function readLeftFeedsFromStorage(): string[] {
  const raw = localStorage.getItem(storageKeys.intentionallyLeftFeeds);
  return raw ? (JSON.parse(raw) as string[]) : [];
}

let engine: LiveEngine | null = null;
let user: EngineUser;
let pairs: string[];
/** The hub socket (index in the recording) of the logged-in engine's first connection. */
let firstSocket = -1;

beforeAll(async () => {
  for (const key of Object.values(storageKeys)) localStorage.removeItem(key);
  await commands.hubTrafficStart();
});

afterAll(async () => {
  engine?.dispose();
  engine = null;
  await logout();
  await commands.hubTrafficStop();
});

describe('production worker against the real hub (spec B §4, §5, §2, §9)', () => {
  it("B4 without a session the connection is refused (AuthenticationFailed / 'User not authenticated')", async () => {
    await logout();
    expect(await meStatus()).toBe(401);
    const before = await readTraffic();
    const anon = startLiveEngine({ user: null });
    try {
      await anon.client.ready;

      // Nobody logged in: the engine refuses to connect at all.
      await anon.client.api.retry();
      await until('AuthenticationFailed without a user', () => anon.snap().connection.state === 'AuthenticationFailed');
      expect(anon.snap().errors.map((e) => [e.code, e.message])).toContainEqual(['USER_NOT_AUTHENTICATED', 'User not authenticated']);

      // The engine is told of a user, but the browser holds no session cookie: the real hub's
      // negotiate answers 401, the one refresh fails (no refresh cookie) and the user is logged out.
      anon.setUser({ id: 'no-session-user' });
      await until('AuthenticationFailed from the hub', () => anon.snap().errors.some((e) => e.code === 'AUTHENTICATION_FAILED'));
      const snap = anon.snap();
      expect(snap.connection.state).toBe('AuthenticationFailed');
      expect(snap.connection.reconnecting).toBe(false);
      expect(snap.errors.find((e) => e.code === 'AUTHENTICATION_FAILED')!.message).toMatch(/^Authentication failed: .+\.$/);
      expect(anon.host.refreshes).toBeGreaterThanOrEqual(1);
      expect(anon.host.logouts).toBeGreaterThanOrEqual(1);

      const isNegotiate = (r: { url: string }) => new URL(r.url).pathname === '/hubs/exchange/negotiate';
      const traffic = await until('the refused negotiate on the wire', async () => {
        const t = await readTraffic();
        return t.requests.slice(before.requests.length).some(isNegotiate) ? t : null;
      });
      const fresh = traffic.requests.slice(before.requests.length);
      const negotiations = fresh.filter(isNegotiate);
      expect(negotiations.every((r) => r.status === 401 && r.url.startsWith(`${location.origin}/hubs/exchange/negotiate`))).toBe(true);
      expect(fresh.filter((r) => r.url.includes('/v1/auth/refresh-token')).every((r) => r.status === 401)).toBe(true);
      expect(traffic.sockets.length).toBe(before.sockets.length); // never got as far as a WebSocket
    } finally {
      anon.dispose();
    }
  });

  it('B7.hub.access-token, B7.hub.negotiate-and-transports: connects and reaches Connected with the session cookie', async () => {
    user = await login(DEMO_EMAIL, DEMO_PASSWORD);
    expect(await meStatus()).toBe(200);
    expect(document.cookie).not.toContain('ox_access'); // httpOnly: only the browser sends it
    pairs = await pairSymbols();
    expect(pairs).toContain('btcusd');

    const before = await readTraffic();
    firstSocket = before.sockets.length;
    engine = startLiveEngine();
    await engine.client.ready;
    engine.setUser(user);
    const e = engine;
    await until('Connected', () => isOpen(e.snap()));

    // Connecting, then open, with no failure on the way (one start, accepted).
    const states = e.history.map((h) => h.snap.connection.state);
    const connecting = states.indexOf('Connecting');
    expect(connecting).toBeGreaterThanOrEqual(0);
    expect(states.slice(connecting).filter((st) => !['Connecting', ...OPEN].includes(st))).toEqual([]);
    const snap = e.snap();
    expect(snap.connection.reconnecting).toBe(false);
    expect(snap.connection.metrics.connectedAt).not.toBeNull();
    expect(snap.errors.filter((x) => ['CONNECTION_FAILED', 'AUTHENTICATION_FAILED', 'USER_NOT_AUTHENTICATED'].includes(x.code))).toEqual(
      [],
    );

    // On the wire: negotiate accepted, then the WebSocket to the page's own origin, handshake done.
    const traffic = await until('the hub socket on the wire', async () => {
      const t = await readTraffic();
      return t.sockets.length > firstSocket ? t : null;
    });
    const negotiate = traffic.requests.slice(before.requests.length).filter((r) => new URL(r.url).pathname === '/hubs/exchange/negotiate');
    expect(negotiate.map((r) => r.status)).toEqual([200]);
    expect(traffic.sockets[firstSocket]).toMatch(new RegExp(`^ws://${location.host}/hubs/exchange\\?id=`));
    // SignalR handshake: JSON hub protocol (version 2 when stateful reconnect is negotiated),
    // answered by an empty handshake response, i.e. no error.
    const [hello, welcome] = await until('the handshake on the wire', async () => {
      const frames = (await readTraffic()).frames.filter((f) => f.socket === firstSocket);
      return frames.length >= 2 ? frames : null;
    });
    expect(hello).toMatchObject({ direction: 'sent', messages: [{ protocol: 'json', version: expect.any(Number) }] });
    expect(welcome?.direction).toBe('received');
    expect(welcome?.messages[0]).toEqual({});
  });

  it('B4 high-priority feeds joined first, then tickers of all pairs', async () => {
    const e = engine!;
    const tickers = pairs.map((s) => feedId.ticker(s));
    await until('every ticker feed active', () => tickers.every((t) => e.snap().connection.activeFeeds.includes(t)));
    const traffic = await until('two joins on the wire', async () => {
      const t = await readTraffic();
      return joins(t, firstSocket).length >= 2 ? t : null;
    });
    const [first, second] = joins(traffic, firstSocket) as [Invocation, Invocation];

    // First: the private feeds and the selected pair's trades, book and ticker, for this user.
    expect(feedsOf(first)).toEqual(highPriorityFeeds('btcusd'));
    expect(first.args[1]).toBe(user.id);
    const firstAnswer = await answered(first);
    expect(firstAnswer.result).toEqual({ joined: highPriorityFeeds('btcusd'), rejected: [] });

    // Then, after the first join was answered and the 300 ms pause, the tickers of every pair.
    // Frames are timed when the test runner's process sees Playwright's event for them, which
    // on a loaded machine can lag by tens of milliseconds (one run saw the joins 243 ms apart);
    // the margin still tells a pause from none, and the exact 300 ms is proven with fake timers
    // in src/worker/feeds/feeds.test.ts.
    expect(second.at).toBeGreaterThan(firstAnswer.at);
    expect(second.at - firstAnswer.at).toBeGreaterThanOrEqual(feedTiming.regularJoinDelayMs - 150);
    expect(sorted(feedsOf(second))).toEqual(sorted(tickers.filter((t) => t !== feedId.ticker('btcusd'))));
    const secondAnswer = await answered(second);
    expect(secondAnswer.result).toMatchObject({ rejected: [] });
    expect(sorted((secondAnswer.result as { joined: string[] }).joined)).toEqual(sorted(feedsOf(second)));

    // The server accepted the user's private feeds: Authenticated; the active set is both phases.
    await until('Authenticated', () => e.snap().connection.state === 'Authenticated');
    expect(e.snap().connection.activeFeeds).toEqual(sorted(new Set([...highPriorityFeeds('btcusd'), ...tickers])));
    for (const feed of privateFeedIds) expect(e.snap().connection.activeFeeds).toContain(feed);

    // And the tickers flow: every pair of the selector gets its ticker.
    await until(
      'a ticker for every pair',
      () => e.snap().pairs.all.length === pairs.length && e.snap().pairs.all.every((r) => r.last !== null),
    );
  });

  it('B5 a live order book arrives with asks and bids and 15 levels a side at most', async () => {
    const e = engine!;
    const full = await until(
      'a full BTC/USD book',
      () => {
        const b = e.snap().book;
        return b.symbol === 'btcusd' && !b.loading && !b.stale && b.asks.length === DEPTH && b.bids.length === DEPTH ? b : null;
      },
      20_000,
    );
    expect(full.asksEmpty).toBe(false);
    expect(full.bidsEmpty).toBe(false);
    const prices = (levels: readonly { price: string }[]) => levels.map((l) => Number(l.price));
    const asks = prices(full.asks);
    const bids = prices(full.bids);
    expect(asks).toEqual([...asks].sort((a, b) => a - b)); // best (lowest) ask first
    expect(bids).toEqual([...bids].sort((a, b) => b - a)); // best (highest) bid first
    expect(Number(full.bestAsk)).toBeGreaterThan(Number(full.bestBid));
    expect(full.spread).not.toBeNull();

    // Live: the book keeps changing, and it never shows more than 15 levels a side, although
    // the server sends deeper books (its own levels plus the market makers').
    const seen = e.history.length;
    await until(
      'another book update',
      () => e.snap().book.updatedAt !== full.updatedAt && e.snap().book.sequence !== full.sequence,
      10_000,
    );
    for (const { snap } of e.history) {
      expect(snap.book.asks.length).toBeLessThanOrEqual(DEPTH);
      expect(snap.book.bids.length).toBeLessThanOrEqual(DEPTH);
    }
    expect(e.history.length).toBeGreaterThan(seen);
    const wire = events(await readTraffic(), hubEvents.orderBook, firstSocket).filter((m) => symbolOf(m.payload.pair) === 'btcusd');
    expect(wire.length).toBeGreaterThanOrEqual(2);
    const distinct = (m: Record<string, unknown>, side: 'asks' | 'bids') => {
      const mm = (m.market_making as Record<string, unknown[]> | undefined)?.[side] ?? [];
      return new Set([...(m[side] as unknown[][]), ...(mm as unknown[][])].map((l) => Number(l[0]))).size;
    };
    expect(wire.some((m) => distinct(m.payload, 'asks') > DEPTH && distinct(m.payload, 'bids') > DEPTH)).toBe(true);
  });

  it('B2 time and sales receives live trades (latest 25 kept)', async () => {
    const e = engine!;
    // Wait until more BTC/USD trades came over the wire than the list keeps.
    const traffic = await until(
      `more than ${KEPT} live BTC/USD trades`,
      async () => {
        const t = await readTraffic();
        return events(t, hubEvents.trade, firstSocket).filter((m) => symbolOf(m.payload.pair) === 'btcusd').length > KEPT + 5 ? t : null;
      },
      30_000,
    );
    const wire = events(traffic, hubEvents.trade, firstSocket).filter((m) => symbolOf(m.payload.pair) === 'btcusd');
    // Let the engine publish what had arrived by then.
    const lastIds = wire.slice(-KEPT).map((m) => String(m.payload.id));
    await until('the latest trades in Time and Sales', () => e.snap().recentTrades.items.some((r) => r.id === lastIds.at(-1)));
    const view = e.snap().recentTrades;
    expect(view.symbol).toBe('btcusd');
    expect(view.loading).toBe(false);
    expect(view.items.length).toBe(KEPT);
    // Newest first, and they are the newest trades that arrived.
    const timestamps = view.items.map((r) => r.timestamp);
    expect(timestamps).toEqual([...timestamps].sort((a, b) => b - a));
    const shownIds = view.items.map((r) => r.id);
    const latestWire = events(await readTraffic(), hubEvents.trade, firstSocket)
      .filter((m) => symbolOf(m.payload.pair) === 'btcusd')
      .map((m) => String(m.payload.id));
    const position = latestWire.indexOf(shownIds[0]!);
    expect(position).toBeGreaterThanOrEqual(KEPT - 1);
    expect(shownIds).toEqual(latestWire.slice(position - KEPT + 1, position + 1).reverse());
    for (const row of view.items) {
      expect(['buy', 'sell']).toContain(row.side);
      expect(Number(row.price)).toBeGreaterThan(0);
      expect(Number(row.quantity)).toBeGreaterThan(0);
    }
  });

  it("B4 pair change leaves the old pair's feeds and joins the new ones", async () => {
    const e = engine!;
    expect(pairs).toContain('ethusd');
    const before = await readTraffic();
    const joinsBefore = joins(before, firstSocket).length;
    const leavesBefore = invocations(before, 'sent', hubMethods.leaveFeedGroups, firstSocket).length;

    await e.client.api.selectPair('ETH', 'USD');
    await until('an ETH/USD book', () => {
      const b = e.snap().book;
      return b.symbol === 'ethusd' && !b.loading && b.asks.length > 0 && b.bids.length > 0;
    });
    const old = [feedId.trades('btcusd'), feedId.orderbook('btcusd')];
    const next = [feedId.trades('ethusd'), feedId.orderbook('ethusd'), feedId.ticker('ethusd')];
    const active = e.snap().connection.activeFeeds;
    for (const f of next) expect(active).toContain(f);
    for (const f of old) expect(active).not.toContain(f);
    expect(active).toContain(feedId.ticker('btcusd')); // every pair's ticker stays for the selector
    expect(localStorage.getItem(storageKeys.baseCurrency)).toBe('ETH');
    expect(localStorage.getItem(storageKeys.quoteCurrency)).toBe('USD');

    // On the wire: the old pair's feeds left (and the server confirms), then the new ones joined.
    const traffic = await until('the leave and the join', async () => {
      const t = await readTraffic();
      return joins(t, firstSocket).length > joinsBefore &&
        invocations(t, 'sent', hubMethods.leaveFeedGroups, firstSocket).length > leavesBefore
        ? t
        : null;
    });
    const leave = invocations(traffic, 'sent', hubMethods.leaveFeedGroups, firstSocket)[leavesBefore]!;
    const join = joins(traffic, firstSocket)[joinsBefore]!;
    expect(sorted(feedsOf(leave))).toEqual(sorted(old));
    expect(sorted(feedsOf(join))).toEqual(sorted(next));
    expect(join.at).toBeGreaterThanOrEqual(leave.at);
    const left = await answered(leave);
    expect(sorted((left.result as { left: string[] }).left)).toEqual(sorted(old));
    expect((await answered(join)).result).toMatchObject({ rejected: [] });

    // The server stopped sending the old pair's book and trades; the new pair's arrive.
    await until(
      'ETH/USD trades in Time and Sales',
      () => e.snap().recentTrades.symbol === 'ethusd' && e.snap().recentTrades.items.length > 0,
      20_000,
    );
    await new Promise((r) => setTimeout(r, 1000));
    const after = await readTraffic();
    const late = [...events(after, hubEvents.orderBook, firstSocket), ...events(after, hubEvents.trade, firstSocket)].filter(
      (m) => symbolOf(m.payload.pair) === 'btcusd' && m.at > left.at + IN_FLIGHT_MS,
    );
    expect(late).toEqual([]);
    expect(events(after, hubEvents.orderBook, firstSocket).some((m) => symbolOf(m.payload.pair) === 'ethusd' && m.at > left.at)).toBe(true);
  });

  it('B4 leaving a feed records it in signalr_intentionally_left_feeds', async () => {
    const e = engine!;
    const feed = feedId.ticker('solusd');
    expect(e.snap().connection.activeFeeds).toContain(feed);
    const leavesBefore = invocations(await readTraffic(), 'sent', hubMethods.leaveFeedGroups, firstSocket).length;

    expect(await e.client.api.leaveFeeds([feed])).toEqual({ ok: true, value: undefined });
    await until('the left set in storage', () => readLeftFeedsFromStorage().includes(feed));
    await until('the left set in the snapshot', () => e.snap().connection.leftFeeds.includes(feed));
    expect(e.snap().connection.activeFeeds).not.toContain(feed);

    // The hub was told, and it stops sending that ticker.
    const leave = await until(
      'the leave on the wire',
      async () => invocations(await readTraffic(), 'sent', hubMethods.leaveFeedGroups, firstSocket)[leavesBefore],
    );
    expect(feedsOf(leave)).toEqual([feed]);
    const left = await answered(leave);
    expect(left.result).toEqual({ left: [feed], rejected: [] });
    await new Promise((r) => setTimeout(r, 1500));
    const late = events(await readTraffic(), hubEvents.ticker, firstSocket).filter(
      (m) => symbolOf(m.payload.pair) === 'solusd' && m.at > left.at + IN_FLIGHT_MS,
    );
    expect(late).toEqual([]);
  });

  it('B4 after a reconnect every active feed not deliberately left is joined again and the book is stale until fresh', async () => {
    const e = engine!;
    await until('a fresh connected book', () => isOpen(e.snap()) && !e.snap().book.stale && e.snap().book.asks.length > 0);
    const active = [...e.snap().connection.activeFeeds];
    expect(e.snap().connection.metrics.lastReconnectAt).toBeNull();
    const deliberatelyLeft = [...e.snap().connection.leftFeeds];
    expect(deliberatelyLeft).toContain(feedId.ticker('solusd'));
    expect(active.filter((f) => deliberatelyLeft.includes(f))).toEqual([]);
    const socketsBefore = (await readTraffic()).sockets.length;

    // Cut the connection for real: the server goes down (SIGTERM closes every hub connection).
    const downAt = Date.now();
    await commands.realServerDown();
    const down = await until('the book flagged stale while reconnecting', () => {
      const s = e.snap();
      return !isOpen(s) && s.connection.reconnecting && s.connection.stale && s.book.stale ? s : null;
    });
    expect(['Connecting', 'Failed']).toContain(down.connection.state);
    expect(down.book.asks.length).toBeGreaterThan(0); // the last book stays, flagged

    // The same server comes back (same port, data folder and session store).
    await commands.realServerUp();
    await until(
      'Connected again',
      () => e.history.some((h) => h.at > downAt && h.snap.connection.metrics.lastReconnectAt !== null && isOpen(h.snap)),
      60_000,
    );
    await until('fresh data after the reconnect', () => isOpen(e.snap()) && !e.snap().book.stale && !e.snap().connection.stale, 20_000);

    // Stale until fresh: from the moment the engine saw the connection go, no snapshot shows the
    // book as fresh until the connection is back AND a book newer than the lost one arrived.
    const cut = e.history.findIndex((h) => h.at >= downAt && h.snap.book.stale);
    expect(cut).toBeGreaterThanOrEqual(0);
    const lostBookAt = e.history[cut]!.snap.book.updatedAt!;
    const reconnectedAt = e.snap().connection.metrics.lastReconnectAt!;
    const afterCut = e.history.slice(cut);
    const firstFresh = afterCut.findIndex((h) => !h.snap.book.stale);
    expect(firstFresh).toBeGreaterThan(0);
    for (const { snap } of afterCut.slice(firstFresh)) {
      if (snap.book.stale) continue;
      expect(isOpen(snap)).toBe(true);
      expect(snap.book.updatedAt!).toBeGreaterThan(lostBookAt);
      expect(snap.book.updatedAt!).toBeGreaterThanOrEqual(reconnectedAt);
    }
    for (const { snap } of afterCut) expect(snap.connection.stale).toBe(snap.book.stale);

    // On the new WebSocket: exactly the active feeds were joined again (high priority first),
    // and none of the deliberately left ones.
    const traffic = await until('the restore joins', async () => {
      const t = await readTraffic();
      const socket = t.sockets.length - 1;
      if (socket < socketsBefore) return null;
      const joined = joins(t, socket).flatMap(feedsOf);
      return active.every((f) => joined.includes(f)) ? t : null;
    });
    const socket = traffic.sockets.length - 1;
    const restore = joins(traffic, socket);
    expect(feedsOf(restore[0]!)).toEqual(highPriorityFeeds('ethusd'));
    const rejoined = restore.flatMap(feedsOf);
    expect(sorted(new Set(rejoined))).toEqual(sorted(active));
    for (const f of deliberatelyLeft) expect(rejoined).not.toContain(f);
    for (const call of restore) expect((await answered(call)).result).toMatchObject({ rejected: [] });
    expect(e.snap().connection.leftFeeds).toEqual(sorted(deliberatelyLeft));
    expect(readLeftFeedsFromStorage().sort()).toEqual(sorted(deliberatelyLeft));

    // And the live data flows again on it.
    await until('a fresh ETH/USD book on the new connection', async () =>
      events(await readTraffic(), hubEvents.orderBook, socket).some((m) => symbolOf(m.payload.pair) === 'ethusd'),
    );
  }, 120_000);
});
