import { describe, expect, it } from 'vitest';
import { hubMethods } from '../../shared/hub/names';
import { paths } from '../../shared/api/paths';
import { createTestEngine, TEST_PAIRS, TEST_USER } from '../testing/test-engine';

const HIGH = [
  'private.enterprise.openorders',
  'private.enterprise.balances',
  'private.enterprise.trades',
  'private.enterprise.users',
  'trades.ox.btcusd',
  'orderbook.ox.btcusd',
  'ticker.ox.btcusd',
];

describe('feed bookkeeping: join order and the left set (spec B §4)', () => {
  it('B9.feeds.priority-gap-300ms, B7.hub.join-feed-groups, B4.feeds.high-priority-first, B4.feeds.then-all-tickers, B4.feeds.names: on connect, high-priority feeds first, 300 ms later the tickers of all pairs', async () => {
    const t = createTestEngine();
    t.start();
    t.engine.setAuth(TEST_USER);
    await t.advance(500);
    const joins = t.hub.calls(hubMethods.joinFeedGroups);
    expect(joins).toHaveLength(1);
    expect(joins[0]!.args).toEqual([HIGH, 'u1']);
    await t.advance(299);
    expect(t.hub.calls(hubMethods.joinFeedGroups)).toHaveLength(1);
    await t.advance(1);
    const second = t.hub.calls(hubMethods.joinFeedGroups)[1]!;
    expect(second.at - joins[0]!.at).toBe(300);
    expect(second.args[0]).toEqual(['ticker.ox.ethusd', 'ticker.ox.ethbtc']);
    expect(t.engine.getSnapshot().connection.activeFeeds).toHaveLength(9);
    expect(t.engine.getSnapshot().connection.metrics.activeFeedsCount).toBe(9);
  });

  it('B4 pairs that arrive while the first join is unanswered wait for the 300 ms pause', async () => {
    const t = createTestEngine();
    let releasePairs!: () => void;
    const pairsAnswered = new Promise<void>((resolve) => (releasePairs = resolve));
    t.http.route(`GET ${paths.account.currencyPairs}`, async () => {
      await pairsAnswered;
      return { body: TEST_PAIRS };
    });
    let answerFirst!: () => void;
    const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
    t.hub.invokeHandler = async (method, args) => {
      if (method === hubMethods.joinFeedGroups && t.hub.calls(hubMethods.joinFeedGroups).length === 1) await firstAnswered;
      return { joined: (args[0] as string[]) ?? [], rejected: [] };
    };
    t.start();
    t.engine.setAuth(TEST_USER);
    await t.advance(500);
    expect(t.hub.calls(hubMethods.joinFeedGroups)).toHaveLength(1);
    // The pair list lands while the high-priority join is still in flight: no ticker join yet.
    releasePairs();
    await t.advance(100);
    expect(t.hub.calls(hubMethods.joinFeedGroups)).toHaveLength(1);
    answerFirst();
    await t.advance(0);
    const answeredAt = t.timers.now();
    await t.advance(299);
    expect(t.hub.calls(hubMethods.joinFeedGroups)).toHaveLength(1);
    await t.advance(1);
    const second = t.hub.calls(hubMethods.joinFeedGroups)[1]!;
    expect(second.at - answeredAt).toBe(300);
    expect(second.args[0]).toEqual(['ticker.ox.ethusd', 'ticker.ox.ethbtc']);
    await t.advance(1000);
    expect(t.hub.calls(hubMethods.joinFeedGroups)).toHaveLength(2);
  });

  it('B4.feeds.join-clears-left, B4.feeds.leave-records-left: joining removes a feed from the left set; leaving records it (by default) and persists the set', async () => {
    const t = createTestEngine();
    t.start();
    await t.login();
    await t.engine.leaveFeeds(['ticker.ox.ethbtc']);
    expect(t.hub.left()).toEqual([['ticker.ox.ethbtc']]);
    expect(t.engine.getSnapshot().connection.leftFeeds).toEqual(['ticker.ox.ethbtc']);
    expect(t.host.leftFeedsSaved.at(-1)).toEqual(['ticker.ox.ethbtc']);
    await t.engine.leaveFeeds(['ticker.ox.ethusd'], false);
    expect(t.engine.getSnapshot().connection.leftFeeds).toEqual(['ticker.ox.ethbtc']);
    await t.engine.joinFeeds(['ticker.ox.ethbtc']);
    t.engine.flush();
    expect(t.engine.getSnapshot().connection.leftFeeds).toEqual([]);
    expect(t.host.leftFeedsSaved.at(-1)).toEqual([]);
  });

  it('B4.feeds.left-set-cleared-on-disconnect: left feeds persisted under signalr_intentionally_left_feeds and cleared on full disconnect', async () => {
    const t = createTestEngine();
    // The saved set comes back through start(): those feeds are not joined on connect.
    t.start({ leftFeeds: ['ticker.ox.ethusd'] });
    await t.login();
    expect(t.hub.joined().flat()).not.toContain('ticker.ox.ethusd');
    await t.engine.leaveFeeds(['ticker.ox.ethbtc']);
    expect(t.host.leftFeedsSaved.at(-1)).toEqual(['ticker.ox.ethbtc', 'ticker.ox.ethusd']);
    t.engine.setAuth(null);
    await t.advance(100);
    expect(t.host.leftFeedsSaved.at(-1)).toEqual([]);
    expect(t.engine.getSnapshot().connection.leftFeeds).toEqual([]);
  });
});

describe('feed bookkeeping: retries, timeouts and refusals (spec B §4, §9)', () => {
  it('B9.feeds.join-retries, B8.feeds.join-leave-failure-text: joins are retried 3 times (1, 2, 4 s), then "Failed to join feeds [...]: ..."', async () => {
    const t = createTestEngine();
    t.start();
    await t.login();
    let calls = 0;
    t.hub.invokeHandler = (method) => {
      if (method === hubMethods.joinFeedGroups) {
        calls++;
        throw new Error('Group service unavailable');
      }
      return undefined;
    };
    const r = t.engine.joinFeeds(['trades.ox.ethusd']);
    await t.advance(0);
    expect(calls).toBe(1);
    await t.advance(1000);
    expect(calls).toBe(2);
    await t.advance(2000);
    expect(calls).toBe(3);
    await t.advance(4000);
    expect(calls).toBe(4);
    expect(await r).toMatchObject({ ok: false, message: 'Failed to join feeds [trades.ox.ethusd]: Group service unavailable.' });
    expect(t.engine.getSnapshot().errors.at(-1)?.message).toBe('Failed to join feeds [trades.ox.ethusd]: Group service unavailable.');
  });

  it('B8.feeds.join-leave-failure-text: a refused leave reads "Failed to leave feeds [...]: ..."', async () => {
    const t = createTestEngine();
    t.start();
    await t.login();
    t.hub.invokeHandler = (method) => {
      if (method === hubMethods.leaveFeedGroups) throw new Error('Group service unavailable');
      return undefined;
    };
    const text = 'Failed to leave feeds [ticker.ox.ethbtc, ticker.ox.ethusd]: Group service unavailable.';
    expect(await t.engine.leaveFeeds(['ticker.ox.ethbtc', 'ticker.ox.ethusd'])).toMatchObject({ ok: false, message: text });
    expect(t.engine.getSnapshot().errors.at(-1)?.message).toBe(text);
  });

  it('B9.feeds.join-timeout-15s: a join that gets no answer times out after 15 s and is retried', async () => {
    const t = createTestEngine();
    t.start();
    await t.login();
    let calls = 0;
    t.hub.invokeHandler = (method) => {
      if (method === hubMethods.joinFeedGroups) {
        calls++;
        return new Promise(() => {});
      }
      return undefined;
    };
    void t.engine.joinFeeds(['trades.ox.ethusd']);
    await t.advance(15_000 - 1);
    expect(calls).toBe(1);
    await t.advance(1 + 1000);
    expect(calls).toBe(2);
  });

  it('B4 feeds the server refuses are reported and dropped from the active set', async () => {
    const t = createTestEngine();
    t.start();
    await t.login();
    t.hub.invokeHandler = (method, args) =>
      method === hubMethods.joinFeedGroups
        ? { joined: [], rejected: (args[0] as string[]).map((feedId) => ({ feedId, reason: 'Unknown feed.' })) }
        : undefined;
    await t.engine.joinFeeds(['ticker.ox.nopenope']);
    const snap = t.engine.getSnapshot();
    expect(snap.errors.at(-1)?.message).toBe('Failed to join feeds [ticker.ox.nopenope]: Unknown feed.');
    expect(snap.connection.activeFeeds).not.toContain('ticker.ox.nopenope');
  });
});

describe('feed bookkeeping: pair changes and restores (spec B §4, §8)', () => {
  it('B9.pair.change-debounce-300ms, B9.feeds.switch-join-delay-200ms, B7.hub.leave-feed-groups, B4.feeds.pair-change, B4.feeds.leave-records-left: pair change debounced 300 ms, leaves old feeds, joins new ones 200 ms later', async () => {
    const t = createTestEngine();
    t.start();
    await t.login();
    const joinsBefore = t.hub.joined().length;
    t.engine.selectPair('ETH', 'BTC');
    await t.advance(100);
    t.engine.selectPair('ETH', 'USD'); // restarts the debounce
    expect(t.host.pairsSaved).toEqual([
      ['ETH', 'BTC'],
      ['ETH', 'USD'],
    ]);
    const changedAt = t.timers.now();
    await t.advance(299);
    expect(t.hub.left()).toEqual([]);
    await t.advance(1);
    const leave = t.hub.calls(hubMethods.leaveFeedGroups);
    expect(leave).toHaveLength(1);
    expect(leave[0]!.at - changedAt).toBe(300);
    // The old pair's ticker stays: the pair selector shows every pair's ticker.
    expect(leave[0]!.args[0]).toEqual(['trades.ox.btcusd', 'orderbook.ox.btcusd']);
    await t.advance(199);
    expect(t.hub.joined().length).toBe(joinsBefore);
    await t.advance(1);
    const join = t.hub.calls(hubMethods.joinFeedGroups).at(-1)!;
    expect(join.at - leave[0]!.at).toBe(200);
    expect(join.args[0]).toEqual(['trades.ox.ethusd', 'orderbook.ox.ethusd', 'ticker.ox.ethusd']);
    // The intermediate pair was never joined.
    expect(t.hub.joined().flat()).not.toContain('orderbook.ox.ethbtc');
    const snap = t.engine.getSnapshot();
    expect(snap.selected).toMatchObject({ base: 'ETH', quote: 'USD', symbol: 'ethusd' });
    expect(snap.connection.activeFeeds).toContain('orderbook.ox.ethusd');
    expect(snap.connection.activeFeeds).not.toContain('orderbook.ox.btcusd');
    expect(snap.connection.leftFeeds).toEqual(['orderbook.ox.btcusd', 'trades.ox.btcusd']);
  });

  it('B4 after a pair change and a reconnect, only the new pair is restored', async () => {
    const t = createTestEngine();
    t.start();
    await t.login();
    t.engine.selectPair('ETH', 'USD');
    await t.advance(600);
    t.hub.current!.drop({ message: 'network' });
    await t.advance(2000 + 300);
    const restored = t.hub.joined(2).flat();
    expect(restored).toContain('orderbook.ox.ethusd');
    expect(restored).not.toContain('orderbook.ox.btcusd');
  });

  it('B8.feeds.restore-failure-text: a restore that fails reports "Failed to restore feed subscriptions."', async () => {
    const t = createTestEngine();
    t.start();
    await t.login();
    t.hub.current!.drop({ message: 'network' });
    t.hub.invokeHandler = (method) => {
      if (method === hubMethods.joinFeedGroups) throw new Error('nope');
      return undefined;
    };
    await t.advance(2000 + 7000);
    expect(t.engine.getSnapshot().errors.map((e) => e.message)).toContain('Failed to restore feed subscriptions.');
  });

  it('B4 a pair chosen while offline is what the next connect joins', async () => {
    const t = createTestEngine();
    t.start();
    t.engine.selectPair('ETH', 'BTC');
    await t.advance(1000);
    await t.login();
    expect(t.hub.joined()[0]).toContain('orderbook.ox.ethbtc');
    expect(t.hub.joined().flat()).not.toContain('orderbook.ox.btcusd');
  });
});
