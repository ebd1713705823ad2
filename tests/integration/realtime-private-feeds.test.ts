import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedId, privateFeeds } from '../../src/shared/hub/feeds';
import { hubEvents, hubMethods } from '../../src/shared/hub/names';
import { endUserBalanceSchema, endUserOrderSchema, endUserTradeSchema, type JoinResult } from '../../src/shared/hub/messages';
import { hubErrorCodes } from '../../src/shared/hub/messages';
import { paths } from '../../src/shared/api/paths';
import { repositories } from '../../src/server/repositories';
import { createTrader, hubClient, Inbox, sleep, startRealtimeApp, waitFor, type LoggedIn, type RealtimeApp } from './realtime-support';
import { describeEachStore } from '../support/postgres';

// Spec B §4 feed groups: private feeds are always the connection's own user's. Events of user A
// never reach user B, and naming another user's id joins nothing and answers ReceiveError.

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  const privates = [privateFeeds.openOrders, privateFeeds.balances, privateFeeds.trades, privateFeeds.users];
  const events = [hubEvents.endUserOrder, hubEvents.endUserBalance, hubEvents.endUserTrade, hubEvents.userOnboarding, hubEvents.error];

  let t: RealtimeApp;
  let alice: LoggedIn;
  let bob: LoggedIn;

  beforeAll(async () => {
    t = await startRealtimeApp({ store, simRate: 0 });
    alice = await createTrader(t, 'Alice', { usd: '1000000', btc: '5' });
    bob = await createTrader(t, 'Bob', { usd: '1000000', btc: '5' });
  });

  afterAll(async () => {
    await t?.close();
  });

  async function connect(user: LoggedIn, joinAs: string | null = user.id) {
    const client = hubClient(t, user);
    const inbox = new Inbox(client, events);
    await client.start();
    const result = await client.invoke<JoinResult>(hubMethods.joinFeedGroups, privates, joinAs);
    return { client, inbox, result };
  }

  describe('spec B §4 private feeds deliver only the connection’s own user’s events', () => {
    it('API.feeds.private-own-user: user A’s orders, balances and trades reach A, never B', async () => {
      const a = await connect(alice);
      const b = await connect(bob);
      try {
        expect(a.result).toEqual({ joined: privates, rejected: [] });
        expect(b.result).toEqual({ joined: privates, rejected: [] });

        // Alice rests an order: open order and balance (hold) events for her alone.
        const order = await t.app.exchange.placeOrder(alice.id, 'buy', { currency_pair: 'btcusd', price: '50000', quantity: '0.1' });
        const aliceHasEvents = () => a.inbox.of(hubEvents.endUserOrder).length > 0 && a.inbox.of(hubEvents.endUserBalance).length > 0;
        await waitFor(aliceHasEvents, 2_000, 'Alice’s events');
        const pushed = endUserOrderSchema.parse(a.inbox.of(hubEvents.endUserOrder)[0]);
        expect(pushed).toMatchObject({ id: order.id, status: 'open', pair: 'btcusd', action: 'buy' });
        const balances = endUserBalanceSchema.parse(a.inbox.of(hubEvents.endUserBalance)[0]);
        expect(Array.isArray(balances) ? balances.map((x) => x.currency) : [balances.currency]).toContain('usd');

        // Cancelling it: the status of spec B §4.
        await t.app.exchange.cancelOrder(alice.id, Number(order.id));
        await waitFor(
          () => a.inbox.of<{ status: string }>(hubEvents.endUserOrder).some((o) => o.status === 'cancelled'),
          2_000,
          'cancelled',
        );

        // A trade between them: each gets their own side only.
        await t.app.exchange.placeOrder(bob.id, 'sell', { currency_pair: 'btcusd', price: '60000', quantity: '0.05' });
        await t.app.exchange.placeOrder(alice.id, 'buy', { currency_pair: 'btcusd', price: '60000', quantity: '0.05' });
        const bothTraded = () => a.inbox.of(hubEvents.endUserTrade).length > 0 && b.inbox.of(hubEvents.endUserTrade).length > 0;
        await waitFor(bothTraded, 2_000, 'both trades');
        const aTrade = endUserTradeSchema.parse(a.inbox.of(hubEvents.endUserTrade)[0]);
        const bTrade = endUserTradeSchema.parse(b.inbox.of(hubEvents.endUserTrade)[0]);
        expect(aTrade.action.toLowerCase()).toBe('buy');
        expect(bTrade.action.toLowerCase()).toBe('sell');
        await waitFor(() => a.inbox.of<{ status: string }>(hubEvents.endUserOrder).some((o) => o.status === 'done'), 2_000, 'done');
        await sleep(200);

        const aliceOrders = new Set(a.inbox.of<{ id: string }>(hubEvents.endUserOrder).map((o) => o.id));
        const bobOrders = new Set(b.inbox.of<{ id: string }>(hubEvents.endUserOrder).map((o) => o.id));
        expect([...aliceOrders].filter((id) => bobOrders.has(id))).toEqual([]);
        for (const o of b.inbox.of<{ id: string }>(hubEvents.endUserOrder)) expect(o.id).not.toBe(order.id);
        expect(b.inbox.of(hubEvents.endUserTrade)).toHaveLength(1);
        expect(a.inbox.of(hubEvents.endUserTrade)).toHaveLength(1);
        expect(a.inbox.of(hubEvents.error)).toEqual([]);
        expect(b.inbox.of(hubEvents.error)).toEqual([]);
      } finally {
        await a.client.stop();
        await b.client.stop();
      }
    });

    it('API.feeds.other-user-joins-nothing: joining with another user’s id joins nothing, answers ReceiveError, and that user’s events never arrive', async () => {
      const mallory = await connect(bob, alice.id);
      try {
        expect(mallory.result.joined).toEqual([]);
        expect(mallory.result.rejected.map((r) => r.feedId)).toEqual(privates);
        await waitFor(() => mallory.inbox.of(hubEvents.error).length > 0, 2_000, 'ReceiveError');
        expect(mallory.inbox.of(hubEvents.error)[0]).toMatchObject({ code: hubErrorCodes.forbiddenFeed, feeds: privates });
        expect(await mallory.client.invoke(hubMethods.getActiveFeedGroups)).toEqual([]);

        // Even public feeds in the same call are refused: the call as a whole is suspect.
        const mixedFeeds = [feedId.trades('btcusd'), privateFeeds.balances];
        const mixed = await mallory.client.invoke<JoinResult>(hubMethods.joinFeedGroups, mixedFeeds, alice.id);
        expect(mixed.joined).toEqual([]);
        expect(await mallory.client.invoke(hubMethods.getActiveFeedGroups)).toEqual([]);

        await t.app.exchange.placeOrder(alice.id, 'buy', { currency_pair: 'ethusd', price: '2000', quantity: '0.1' });
        await sleep(300);
        expect(mallory.inbox.of(hubEvents.endUserOrder)).toEqual([]);
        expect(mallory.inbox.of(hubEvents.endUserBalance)).toEqual([]);
      } finally {
        await mallory.client.stop();
      }
    });

    it('CORE.feeds.private-without-user-id: a private feed joined without a user id is the caller’s own', async () => {
      const a = await connect(alice, null);
      try {
        expect(a.result).toEqual({ joined: privates, rejected: [] });
        await t.app.exchange.placeOrder(alice.id, 'buy', { currency_pair: 'ethusd', price: '1000', quantity: '0.1' });
        await waitFor(() => a.inbox.of(hubEvents.endUserOrder).length > 0, 2_000, 'own order');
      } finally {
        await a.client.stop();
      }
    });

    it('API.events.order-statuses, API.events.balance-list: orders are pushed open, partially filled, done, cancelled and expired; balances as a list', async () => {
      const a = await connect(alice);
      const b = await connect(bob);
      const ex = t.app.exchange;
      const statuses = (inbox: typeof a.inbox, id: string | number) =>
        inbox.of<{ id: string; status: string }>(hubEvents.endUserOrder).flatMap((o) => (o.id === String(id) ? [o.status] : []));
      try {
        const bid = await ex.placeOrder(alice.id, 'buy', { currency_pair: 'btcusd', price: '40000', quantity: '0.1' });
        const ask = await ex.placeOrder(bob.id, 'sell', { currency_pair: 'btcusd', price: '40000', quantity: '0.04' });
        await ex.cancelOrder(alice.id, Number(bid.id));
        const expires = t.app.ctx.clock.now() + 300;
        const gtd = await ex.placeOrder(alice.id, 'buy', {
          currency_pair: 'btcusd',
          price: '30000',
          quantity: '0.01',
          time_in_force: 'GTD',
          expires,
        });
        await waitFor(() => statuses(a.inbox, gtd.id).includes('expired'), 3_000, 'expired');
        await waitFor(() => statuses(b.inbox, ask.id).includes('done'), 2_000, 'done');
        expect(statuses(a.inbox, bid.id)).toEqual(['open', 'partially filled', 'cancelled']);
        expect(statuses(a.inbox, gtd.id)).toEqual(['open', 'expired']);
        expect(statuses(b.inbox, ask.id)).toEqual(['done']);
        const balances = a.inbox.of<unknown>(hubEvents.endUserBalance);
        expect(balances.length).toBeGreaterThan(0);
        for (const message of balances) expect(Array.isArray(message)).toBe(true);
      } finally {
        await a.client.stop();
        await b.client.stop();
      }
    });

    it('API.events.user-onboarding, B7.hub.event-user-onboarding: ReceiveUserOnboarding reaches the user’s own users feed', async () => {
      const a = await connect(alice);
      const b = await connect(bob);
      try {
        t.app.realtime.userChanged(alice.id, { id: alice.id, email_confirmed: true });
        await waitFor(() => a.inbox.of(hubEvents.userOnboarding).length > 0, 2_000, 'onboarding');
        expect(a.inbox.of(hubEvents.userOnboarding)[0]).toEqual({ id: alice.id, email_confirmed: true });
        await sleep(100);
        expect(b.inbox.of(hubEvents.userOnboarding)).toEqual([]);
      } finally {
        await a.client.stop();
        await b.client.stop();
      }
    });

    it('API.events.user-onboarding: A4 confirming a verification code pushes ReceiveUserOnboarding to the user’s own feed', async () => {
      await repositories(t.app.ctx.database.db).users.update(alice.id, { phone_confirmed: 0 });
      const a = await connect(alice);
      const b = await connect(bob);
      try {
        const headers = { cookie: alice.cookie, 'x-auth-method': 'cookie' };
        const requested = await t.app.inject({ method: 'POST', url: paths.auth.verificationRequest('phone'), headers });
        expect(requested.statusCode).toBe(200);
        const box = (await t.app.inject({ method: 'GET', url: paths.dev.outboxJson })).json() as { channel: string; code: string | null }[];
        const code = box.find((m) => m.channel === 'sms')?.code;
        expect(code).toMatch(/^\d{6}$/);
        const confirmed = await t.app.inject({ method: 'POST', url: paths.auth.verificationConfirm('phone'), headers, payload: { code } });
        expect(confirmed.statusCode).toBe(200);
        await waitFor(
          () => a.inbox.of<{ phone_confirmed?: unknown }>(hubEvents.userOnboarding).some((u) => u.phone_confirmed === true),
          2_000,
          'onboarding after confirm',
        );
        await sleep(100);
        expect(b.inbox.of(hubEvents.userOnboarding)).toEqual([]);
      } finally {
        await a.client.stop();
        await b.client.stop();
      }
    });
  });
});
