import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedId } from '../../src/shared/hub/feeds';
import { hubEvents, hubMethods } from '../../src/shared/hub/names';
import { orderBookMessageSchema, recentTradeSchema, tickerSchema, type JoinResult } from '../../src/shared/hub/messages';
import {
  allTransports,
  createTrader,
  hubClient,
  Inbox,
  loginDemo,
  signalR,
  startRealtimeApp,
  upgradeStatus,
  waitFor,
  type LoggedIn,
  type RealtimeApp,
} from './realtime-support';
import { describeEachStore } from '../support/postgres';

// Spec B §7: the live feeds reach a signed-in browser over each transport the official client
// offers, with the session cookie; spec B §6: nobody else may connect.

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  let t: RealtimeApp;
  let seller: LoggedIn;
  let buyer: LoggedIn;

  beforeAll(async () => {
    t = await startRealtimeApp({ store, simRate: 0 });
    seller = await createTrader(t, 'Seller', { btc: '10' });
    buyer = await createTrader(t, 'Buyer', { usd: '10000000' });
  });

  afterAll(async () => {
    await t?.close();
  });

  const pair = 'btcusd';
  const feeds = [feedId.ticker(pair), feedId.orderbook(pair), feedId.trades(pair)];
  const events = [hubEvents.orderBook, hubEvents.ticker, hubEvents.trade, hubEvents.error];

  describe('spec B §7 live feeds over every transport', () => {
    let price = 60_000;

    for (const [name, transport] of allTransports) {
      it(`CORE.feeds.every-transport, B7.hub.negotiate-and-transports, API.hub.path, API.hub.transports, API.feeds.current-on-join: ${name}: joined ticker, book and trades feeds deliver the current state, then a trade within 2 s`, async () => {
        const demo = await loginDemo(t);
        const client = hubClient(t, demo, { transport });
        const inbox = new Inbox(client, events);
        await client.start();
        try {
          const result = await client.invoke<JoinResult>(hubMethods.joinFeedGroups, feeds, demo.id);
          expect(result).toEqual({ joined: feeds, rejected: [] });
          // A newly joined book and ticker are sent at once.
          await waitFor(() => inbox.of(hubEvents.orderBook).length > 0 && inbox.of(hubEvents.ticker).length > 0, 2_000, 'snapshots');
          const snapshot = orderBookMessageSchema.parse(inbox.of(hubEvents.orderBook)[0]);
          expect(snapshot.pair).toBe(pair);

          // A trade between two users, through the exchange service; half the sell order stays
          // on the book, so the published book differs from the snapshot.
          price -= 10; // below the halves left by earlier tests, so this sell is the best ask
          const started = Date.now();
          await t.app.exchange.placeOrder(seller.id, 'sell', { currency_pair: pair, price: String(price), quantity: '0.02' });
          await t.app.exchange.placeOrder(buyer.id, 'buy', { currency_pair: pair, price: String(price), quantity: '0.01' });
          await waitFor(() => inbox.of(hubEvents.trade).length > 0, 2_000, 'ReceiveTrade');
          await waitFor(
            () => inbox.of<{ last?: string }>(hubEvents.ticker).some((x) => x.last === String(price)),
            2_000,
            'ReceiveTicker with the trade',
          );
          await waitFor(
            () =>
              inbox.of<{ bids: unknown[]; asks: string[][] }>(hubEvents.orderBook).some((b) => b.asks.some((l) => l[0] === String(price))),
            2_000,
            'ReceiveOrderBook with the resting half',
          );
          expect(Date.now() - started).toBeLessThan(2_000);

          const trade = recentTradeSchema.parse(inbox.of(hubEvents.trade)[0]);
          expect(trade).toMatchObject({ pair, price: String(price), quantity: '0.01', side: 'buy' });
          // Seconds, not milliseconds.
          expect(Math.abs(trade.timestamp - Date.now() / 1000)).toBeLessThan(10);
          const ticker = tickerSchema.parse(inbox.of(hubEvents.ticker).at(-1));
          expect(ticker).toMatchObject({ pair, last: String(price) });
          const books = inbox.of(hubEvents.orderBook).map((b) => orderBookMessageSchema.parse(b));
          for (let i = 1; i < books.length; i++) expect(books[i]!.sequence).toBe(books[i - 1]!.sequence! + 1);
          expect(inbox.of(hubEvents.error)).toEqual([]);
        } finally {
          await client.stop();
        }
      });
    }
  });

  describe('spec B §6 only an authenticated user may open the live connection', () => {
    it('API.hub.negotiate-requires-session: a client without a session is refused with 401 at negotiate', async () => {
      const client = hubClient(t, null);
      await expect(client.start()).rejects.toThrow(/401/);
    });

    it('API.hub.negotiate-requires-session: a forged cookie is refused too', async () => {
      const client = hubClient(t, { id: 'x', email: 'x', cookie: 'ox_access=not-a-token' });
      await expect(client.start()).rejects.toThrow(/401/);
    });

    it('API.hub.origin-checked: a WebSocket opened from another site (foreign Origin) is refused, the same origin is accepted', async () => {
      const demo = await loginDemo(t);
      const negotiate = async () => {
        const res = await fetch(`${t.hubUrl}/negotiate?negotiateVersion=1`, {
          method: 'POST',
          headers: { Cookie: demo.cookie, 'X-Auth-Method': 'cookie' },
        });
        expect(res.status).toBe(200);
        return ((await res.json()) as { connectionToken: string }).connectionToken;
      };
      const open = (token: string, origin: string) => upgradeStatus(`${t.hubUrl}?id=${token}`, { Cookie: demo.cookie, Origin: origin });
      expect(await open(await negotiate(), 'https://evil.example')).toBe(403);
      expect(await open(await negotiate(), t.origin)).toBe(101);
    });
  });

  describe('spec B §7 IsConnectionHealthy and GetActiveGroupsInfo', () => {
    it('API.hub.get-active-groups-info, API.hub.is-connection-healthy, B7.hub.get-active-feed-groups, B7.hub.get-active-groups-info, B7.hub.is-connection-healthy, API.hub.get-active-feed-groups: answer for the connection and its user', async () => {
      const demo = await loginDemo(t);
      const client = hubClient(t, demo);
      await client.start();
      try {
        expect(await client.invoke(hubMethods.isConnectionHealthy)).toBe(true);
        const before = Date.now();
        await client.invoke(hubMethods.joinFeedGroups, [feedId.ticker('ethusd')], null);
        expect(await client.invoke(hubMethods.getActiveFeedGroups)).toEqual([feedId.ticker('ethusd')]);
        const info = await client.invoke<{ connectionId: string; userId: string; groups: { feedId: string; subscribedAt: number }[] }>(
          hubMethods.getActiveGroupsInfo,
        );
        expect(info).toMatchObject({ connectionId: client.connectionId, userId: demo.id, groups: [{ feedId: feedId.ticker('ethusd') }] });
        expect(info.groups[0]!.subscribedAt).toBeGreaterThanOrEqual(before - 1);
        expect(client.state).toBe(signalR.HubConnectionState.Connected);
      } finally {
        await client.stop();
      }
    });
  });
});
