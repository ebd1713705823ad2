import { afterAll, beforeAll, expect, it } from 'vitest';
import { feedId } from '../../src/shared/hub/feeds';
import { hubEvents, hubMethods } from '../../src/shared/hub/names';
import { orderBookMessageSchema, type OrderBookMessage, type RecentTradeWire } from '../../src/shared/hub/messages';
import { makerSources } from '../../src/server/sim/sources';
import { seedPairs } from '../../src/server/seed';
import { parseRoles } from '../../src/server/auth';
import { describeEachStore } from '../support/postgres';
import { hubClient, loginDemo, startRealtimeApp, waitFor, type RealtimeApp } from './realtime-support';

// The market simulator (SIM_RATE): every seeded pair comes alive through the real exchange,
// its makers quote under named sources (spec B §3 market_making), the ledger stays sound, and
// stopping withdraws every quote.

describeEachStore('market simulator with SIM_RATE set', (store) => {
  let t: RealtimeApp;

  beforeAll(async () => {
    t = await startRealtimeApp({ store, simRate: 600 });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('CORE.sim.sound-trading: every seeded pair gets trades and book updates on the hub', async () => {
    const demo = await loginDemo(t);
    const client = hubClient(t, demo);
    const trades = new Map<string, number>();
    const books = new Map<string, OrderBookMessage>();
    client.on(hubEvents.trade, (x: RecentTradeWire) => trades.set(x.pair, (trades.get(x.pair) ?? 0) + 1));
    client.on(hubEvents.orderBook, (b: unknown) => {
      const book = orderBookMessageSchema.parse(b);
      books.set(book.pair, book);
    });
    await client.start();
    const symbols = seedPairs.map((p) => p.symbol);
    await client.invoke(
      hubMethods.joinFeedGroups,
      symbols.flatMap((s) => [feedId.trades(s), feedId.orderbook(s)]),
      demo.id,
    );
    try {
      await waitFor(
        () => symbols.every((s) => (trades.get(s) ?? 0) > 0 && (books.get(s)?.sequence ?? 0) > 1),
        20_000,
        'trades and books of every pair',
      );
      const names = new Set(makerSources.map((s) => s.name));
      for (const s of symbols) {
        const book = books.get(s)!;
        const mm = book.market_making!;
        expect(mm.bids.length, `${s} maker bids`).toBeGreaterThan(0);
        expect(mm.asks.length, `${s} maker asks`).toBeGreaterThan(0);
        for (const level of [...mm.bids, ...mm.asks]) expect(names.has(level[2] ?? '')).toBe(true);
        // Nobody but the simulator trades here: the users' side of the book is empty.
        expect(book.bids).toEqual([]);
        expect(Number(mm.bids[0]![0])).toBeLessThan(Number(mm.asks[0]![0]));
      }
    } finally {
      await client.stop();
    }
  });

  it('CORE.sim.sound-trading: trades at prices near the reference levels and keeps the ledger sound', async () => {
    const ticker = t.app.realtime.marketData.ticker('btcusd')!;
    expect(Number(ticker.last)).toBeGreaterThan(55_000);
    expect(Number(ticker.last)).toBeLessThan(65_000);
    expect(Number(t.app.realtime.marketData.ticker('ethbtc')!.last)).toBeCloseTo(0.05, 2);
    await t.app.exchange.idle();
    expect(t.app.exchange.checkInvariants()).toEqual([]);
    expect(t.app.realtime.simulator.stats.errors).toBe(0);
  });

  it('CORE.sim.system-users: its accounts are system users that cannot log in', async () => {
    const accounts = await t.app.ctx.database.db.selectFrom('users').selectAll().where('email', 'like', '%@sim.ox.invalid').execute();
    expect(accounts.length).toBe(makerSources.length + 2);
    for (const user of accounts) {
      expect(parseRoles(user.roles)).toEqual(['system']);
      for (const password of ['', '!no-login', 'DemoTrader@2025']) {
        const res = await fetch(`${t.origin}/v1/auth/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Auth-Method': 'cookie' },
          body: JSON.stringify({ email: user.email, password }),
        });
        expect(res.status, `${user.email} / ${JSON.stringify(password)}`).not.toBe(200);
      }
    }
  });

  it('CORE.sim.moves-by-cancel-first: stop() withdraws every simulator quote from the books', async () => {
    await t.app.realtime.simulator.stop();
    await t.app.exchange.idle();
    for (const p of seedPairs) expect(t.app.exchange.depth(p.symbol, 50)).toMatchObject({ bids: [], asks: [] });
    expect(t.app.exchange.checkInvariants()).toEqual([]);
  });
});
