import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedId, privateFeeds } from '../../src/shared/hub/feeds';
import { hubEvents, hubMethods } from '../../src/shared/hub/names';
import { hubErrorCodes } from '../../src/shared/hub/messages';
import { hubClient, Inbox, loginDemo, signalR, startRealtimeApp, waitFor, type LoggedIn, type RealtimeApp } from './realtime-support';
import { describeEachStore } from '../support/postgres';

// Spec B §7 hub methods with hostile input: wrong types, unknown feed ids, too many ids, huge
// strings, extra arguments. Each is answered with a Completion error or a ReceiveError, the
// connection stays usable and nothing it had joined changes.

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  let t: RealtimeApp;
  let demo: LoggedIn;
  let client: signalR.HubConnection;
  let inbox: Inbox;
  const kept = feedId.ticker('btcusd');

  beforeAll(async () => {
    t = await startRealtimeApp({ store, simRate: 0 });
    demo = await loginDemo(t);
    client = hubClient(t, demo);
    inbox = new Inbox(client, [hubEvents.error, hubEvents.ticker]);
    await client.start();
    await client.invoke(hubMethods.joinFeedGroups, [kept], demo.id);
  });

  afterAll(async () => {
    await client?.stop();
    await t?.close();
  });

  async function unchanged(): Promise<void> {
    expect(await client.invoke(hubMethods.getActiveFeedGroups)).toEqual([kept]);
    expect(await client.invoke(hubMethods.isConnectionHealthy)).toBe(true);
    expect(client.state).toBe(signalR.HubConnectionState.Connected);
  }

  const huge = 'x'.repeat(20_000);
  const tooMany = Array.from({ length: 201 }, (_, i) => feedId.ticker(`pair${i}`));

  const badArguments: Array<[string, unknown[]]> = [
    ['no arguments', []],
    ['a string instead of a list', ['ticker.ox.btcusd']],
    ['numbers instead of ids', [[1, 2, 3]]],
    ['null', [null]],
    ['an empty list', [[]]],
    ['more than 200 ids', [tooMany]],
    ['a 20,000-character id', [[huge]]],
    ['an object', [{ feedIds: [kept] }]],
    ['an extra argument', [[kept], null, 'extra']],
  ];

  describe('spec B §7 JoinFeedGroups with bad input', () => {
    for (const [what, args] of badArguments) {
      it(`API.hub.bad-arguments: ${what}: a Completion error, nothing joined`, async () => {
        await expect(client.invoke(hubMethods.joinFeedGroups, ...args)).rejects.toThrow(/Invalid arguments for JoinFeedGroups/);
        await unchanged();
      });
    }

    it('API.hub.bad-arguments: a user id of the wrong type: a Completion error', async () => {
      await expect(client.invoke(hubMethods.joinFeedGroups, [feedId.trades('btcusd')], { id: demo.id })).rejects.toThrow(
        /Invalid arguments/,
      );
      await expect(client.invoke(hubMethods.joinFeedGroups, [feedId.trades('btcusd')], huge)).resolves.toMatchObject({ joined: [] });
      await unchanged();
    });

    it('API.hub.join-answer, API.hub.unknown-feeds-rejected: unknown feed ids: refused in the result and by ReceiveError, nothing joined', async () => {
      inbox.clear();
      const unknown = [
        'ticker.ox.nosuchpair',
        'ticker.binance.btcusd',
        'candles.ox.btcusd',
        'private.enterprise.everyone',
        'orderbook.ox.',
        '../../etc',
      ];
      const result = await client.invoke<{ joined: string[]; rejected: { feedId: string; reason: string }[] }>(
        hubMethods.joinFeedGroups,
        unknown,
        demo.id,
      );
      expect(result.joined).toEqual([]);
      expect(result.rejected.map((r) => r.feedId)).toEqual(unknown);
      await waitFor(() => inbox.of(hubEvents.error).length > 0, 2_000, 'ReceiveError');
      expect(inbox.of(hubEvents.error)[0]).toMatchObject({ code: hubErrorCodes.unknownFeed, feeds: unknown });
      await unchanged();
    });

    it('CORE.feeds.mixed-join: a mix: the known feed is joined, the unknown one refused', async () => {
      inbox.clear();
      const result = await client.invoke(hubMethods.joinFeedGroups, [feedId.orderbook('ethusd'), 'orderbook.ox.dogeusd'], demo.id);
      expect(result).toMatchObject({ joined: [feedId.orderbook('ethusd')], rejected: [{ feedId: 'orderbook.ox.dogeusd' }] });
      await client.invoke(hubMethods.leaveFeedGroups, [feedId.orderbook('ethusd')]);
      await unchanged();
    });
  });

  describe('spec B §7 LeaveFeedGroups with bad input', () => {
    for (const [what, args] of badArguments.filter(([w]) => w !== 'an extra argument')) {
      it(`API.hub.bad-arguments: ${what}: a Completion error, nothing left`, async () => {
        await expect(client.invoke(hubMethods.leaveFeedGroups, ...args)).rejects.toThrow(/Invalid arguments for LeaveFeedGroups/);
        await unchanged();
      });
    }

    it('API.hub.bad-arguments: an extra argument: a Completion error', async () => {
      await expect(client.invoke(hubMethods.leaveFeedGroups, [kept], demo.id)).rejects.toThrow(/Invalid arguments/);
      await unchanged();
    });

    it('API.hub.unknown-feeds-rejected, API.hub.leave-answer: unknown feed ids: refused by ReceiveError, nothing left', async () => {
      inbox.clear();
      const result = await client.invoke(hubMethods.leaveFeedGroups, ['ticker.ox.nosuchpair', privateFeeds.balances]);
      expect(result).toMatchObject({ left: [privateFeeds.balances], rejected: [{ feedId: 'ticker.ox.nosuchpair' }] });
      await waitFor(() => inbox.of(hubEvents.error).length > 0, 2_000, 'ReceiveError');
      await unchanged();
    });
  });

  describe('spec B §7 methods without arguments refuse any', () => {
    for (const method of [hubMethods.getActiveFeedGroups, hubMethods.isConnectionHealthy, hubMethods.getActiveGroupsInfo]) {
      it(`CORE.hub.no-arg-methods: ${method}(junk): a Completion error`, async () => {
        await expect(client.invoke(method, huge)).rejects.toThrow(/takes no arguments/);
        await expect(client.invoke(method, [kept], 1, null)).rejects.toThrow(/takes no arguments/);
        await unchanged();
      });
    }

    it('CORE.hub.no-arg-methods: an unknown method: a Completion error', async () => {
      await expect(client.invoke('DropAllGroups')).rejects.toThrow();
      await unchanged();
    });
  });

  describe('a message beyond the hub’s size limit', () => {
    it('CORE.hub.oversize-closes-one: closes only that connection; the server and other connections carry on', async () => {
      const other = hubClient(t, demo);
      await other.start();
      const closed = new Promise<void>((resolve) => other.onclose(() => resolve()));
      void other.invoke(hubMethods.joinFeedGroups, ['x'.repeat(100_000)]).catch(() => undefined);
      await closed;
      await unchanged();
      const fresh = hubClient(t, demo);
      await fresh.start();
      expect(await fresh.invoke(hubMethods.isConnectionHealthy)).toBe(true);
      await fresh.stop();
    });
  });
});
