import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedId } from '../../src/shared/hub/feeds';
import { hubEvents, hubMethods } from '../../src/shared/hub/names';
import type { OrderBookMessageWire, RecentTradeWire } from '../../src/shared/hub/messages';
import { hubClient, loginDemo, signalR, sleep, startRealtimeApp, waitFor, type RealtimeApp } from './realtime-support';
import { describeEachStore } from '../support/postgres';

// Spec B §4 live connection, end to end with real feeds: a WebSocket cut in the middle of a
// stream of simulator trades and books resumes (stateful reconnect) with the same connection
// id, and the client sees every message exactly once, in order.

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  let t: RealtimeApp;
  const resumes: Array<{ replayed: number }> = [];
  const quiet = () => undefined;

  beforeAll(async () => {
    t = await startRealtimeApp({
      store,
      simRate: 400,
      hub: {
        logger: {
          debug: (obj, msg) => {
            if (msg === 'hub connection resumed') resumes.push(obj as { replayed: number });
          },
          info: quiet,
          warn: quiet,
          error: quiet,
        },
      },
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('spec B §4 stateful reconnect with real feeds', () => {
    it('CORE.feeds.resume-no-loss: a WebSocket cut mid-stream resumes on the same connection with no lost or repeated book or trade message', async () => {
      const pairs = t.app.realtime.marketData.pairs();
      // What the server published, in order, from the client's point of view onwards.
      const published = { trades: new Map<string, string[]>(), books: new Map<string, number[]>() };
      const stopRecording = t.app.realtime.marketData.subscribe({
        trade: (x) => published.trades.set(x.pair, [...(published.trades.get(x.pair) ?? []), String(x.id)]),
        book: (b) => published.books.set(b.pair, [...(published.books.get(b.pair) ?? []), b.sequence!]),
      });

      const demo = await loginDemo(t);
      const client = hubClient(t, demo, { stateful: true });
      const received = { trades: new Map<string, string[]>(), books: new Map<string, number[]>() };
      let total = 0;
      client.on(hubEvents.trade, (x: RecentTradeWire) => {
        total += 1;
        received.trades.set(x.pair, [...(received.trades.get(x.pair) ?? []), String(x.id)]);
      });
      client.on(hubEvents.orderBook, (b: OrderBookMessageWire) => {
        total += 1;
        received.books.set(b.pair, [...(received.books.get(b.pair) ?? []), b.sequence!]);
      });
      let reconnecting = 0;
      client.onreconnecting(() => reconnecting++);
      await client.start();
      const connectionId = client.connectionId;
      const socketsBefore = t.upgradeSockets.length;
      const feeds = pairs.flatMap((p) => [feedId.trades(p), feedId.orderbook(p)]);
      await client.invoke(hubMethods.joinFeedGroups, feeds, demo.id);

      await waitFor(() => total >= 150, 15_000, 'a stream of messages');
      // Cut the TCP connection under the server's WebSocket while the simulator keeps trading.
      t.upgradeSockets.at(-1)!.destroy();
      const atCut = total;
      await waitFor(() => t.upgradeSockets.length > socketsBefore, 10_000, 'the client to come back');
      await waitFor(() => total >= atCut + 150, 15_000, 'messages after the resume');

      // Quiet the market, let everything in flight arrive, then compare.
      await t.app.realtime.simulator.stop();
      await sleep(500);
      stopRecording();

      expect(client.connectionId).toBe(connectionId);
      expect(client.state).toBe(signalR.HubConnectionState.Connected);
      expect(reconnecting).toBe(0);
      expect(resumes.length).toBeGreaterThanOrEqual(1);
      expect(resumes[0]!.replayed).toBeGreaterThan(0);

      for (const pair of pairs) {
        const got = received.trades.get(pair) ?? [];
        const sent = published.trades.get(pair) ?? [];
        expect(got.length, `trades of ${pair}`).toBeGreaterThan(0);
        expect(new Set(got).size, `no repeated trade of ${pair}`).toBe(got.length);
        const from = sent.indexOf(got[0]!);
        expect(got, `every trade of ${pair} once, in order`).toEqual(sent.slice(from));

        const seqs = received.books.get(pair) ?? [];
        expect(seqs.length, `books of ${pair}`).toBeGreaterThan(1);
        for (let i = 1; i < seqs.length; i++) expect(seqs[i], `book sequence of ${pair} without gap or repeat`).toBe(seqs[i - 1]! + 1);
        expect(seqs.at(-1)).toBe(published.books.get(pair)!.at(-1));
      }
      await client.stop();
    });
  });
});
