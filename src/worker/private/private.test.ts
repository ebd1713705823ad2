import { describe, expect, it } from 'vitest';
import type { Order, Trade } from '../../shared/api/orders';
import { paths } from '../../shared/api/paths';
import { privateFeeds } from '../../shared/hub/feeds';
import { hubEvents } from '../../shared/hub/names';
import { createTestEngine, TEST_USER } from '../testing/test-engine';
import { applyOrderUpdate, applyTradeUpdate, syntheticTradeId } from './order-updates';

const order = (id: string, status: string, extra: Partial<Order> = {}): Order => ({
  id,
  date_added: 1,
  status,
  pair: 'btcusd',
  action: 'buy',
  type: 'Limit',
  price: '100',
  quantity: '2',
  ...extra,
});

const trade = (tradeId: string, orderId: string): Trade => ({
  cursor: tradeId,
  trade_id: tradeId,
  order_id: orderId,
  date_updated: 2,
  action: 'buy',
  currency_pair: 'btcusd',
  quantity: '2',
  amount: '200',
  price: '100',
  fees: '0.4',
  net_amount: '200.4',
});

describe('private data: order status updates (spec B §4)', () => {
  it('B4 order status: cancelled moves to done', () => {
    for (const status of ['cancelled', 'canceled', 'Cancelled']) {
      const lists = { open: [order('1', 'open'), order('2', 'open')], done: [], trades: [] };
      const next = applyOrderUpdate(lists, order('1', status));
      expect(next.open.map((o) => o.id)).toEqual(['2']);
      expect(next.done.map((o) => [o.id, o.status])).toEqual([['1', status]]);
      expect(next.trades).toEqual([]);
    }
  });

  it('B4 order status: cancelled merges into an existing done entry', () => {
    const lists = { open: [], done: [order('1', 'partially filled', { filled: '1' })], trades: [] };
    const next = applyOrderUpdate(lists, order('1', 'cancelled', { filled: undefined }));
    expect(next.done).toHaveLength(1);
    expect(next.done[0]).toMatchObject({ status: 'cancelled', filled: '1' });
  });

  it('B4 order status: done, filled or completed moves to done and adds a trade', () => {
    for (const status of ['done', 'filled', 'completed']) {
      const lists = { open: [order('1', 'open')], done: [], trades: [] };
      const next = applyOrderUpdate(lists, order('1', status, { filled: '2', vwap: '99.5', fees: '0.398' }));
      expect(next.open).toEqual([]);
      expect(next.done.map((o) => o.id)).toEqual(['1']);
      expect(next.trades).toEqual([
        expect.objectContaining({
          trade_id: syntheticTradeId('1'),
          order_id: '1',
          quantity: '2',
          price: '99.5',
          amount: '199',
          fees: '0.398',
          net_amount: '199.398',
        }),
      ]);
    }
  });

  it('B4 a pushed trade replaces the trade synthesised from its done order', () => {
    const after = applyOrderUpdate({ open: [order('1', 'open')], done: [], trades: [] }, order('1', 'done'));
    const trades = applyTradeUpdate(after.trades, trade('t9', '1'));
    expect(trades.map((t) => t.trade_id)).toEqual(['t9']);
    // And a done order whose trade is already known adds none.
    expect(applyOrderUpdate({ open: [], done: [], trades }, order('1', 'filled')).trades).toBe(trades);
  });

  it('B4.order-status.other: any other status updates or adds the order in open orders', () => {
    const lists = { open: [order('1', 'open')], done: [], trades: [] };
    const updated = applyOrderUpdate(lists, order('1', 'partially filled', { filled: '1' }));
    expect(updated.open).toEqual([expect.objectContaining({ id: '1', status: 'partially filled', filled: '1' })]);
    const added = applyOrderUpdate(updated, order('2', 'pending'));
    expect(added.open.map((o) => o.id)).toEqual(['2', '1']);
    expect(added.done).toBe(lists.done);
  });
});

describe('private data: REST loads, refresh and pushes (spec B §2, §4, §7, §8)', () => {
  it('B7.http.x-auth-method-cookie, B7.hub.event-end-user-balance, B7.hub.event-end-user-trade: REST loads send credentials and X-Auth-Method: cookie, and push updates keep them current', async () => {
    const t = createTestEngine();
    t.http.route('GET /v1/orders', { body: { data: [order('1', 'open')] } });
    t.start();
    await t.login();
    for (const r of t.http.requests) {
      expect(r.credentials).toBe('include');
      expect(r.headers['x-auth-method']).toBe('cookie');
      expect(r.url.startsWith('https://exchange.test/v1/')).toBe(true);
    }
    let snap = t.engine.getSnapshot();
    expect(snap.openOrders).toMatchObject({ status: 'ready', items: [{ id: '1' }] });
    expect(snap.balances.items).toMatchObject([{ currency: 'USD', available: '1000' }]);
    t.hub.emit(hubEvents.endUserOrder, { ...order('1', 'filled'), filled: 2 });
    t.hub.emit(hubEvents.endUserBalance, [
      { currency: 'usd', available: '800' },
      { currency: 'BTC', available: '2' },
    ]);
    t.hub.emit(hubEvents.endUserTrade, trade('t1', '1'));
    snap = t.engine.getSnapshot();
    expect(snap.openOrders.items).toEqual([]);
    expect(snap.doneOrders.items.map((o) => o.id)).toEqual(['1']);
    expect(snap.trades.items.map((x) => x.trade_id)).toEqual(['t1']);
    expect(snap.balances.items).toMatchObject([
      { currency: 'usd', available: '800' },
      { currency: 'BTC', available: '2' },
    ]);
  });

  it('B7 a 401 uses the shared refresh once, then retries; a failed refresh logs the user out', async () => {
    const t = createTestEngine();
    let n = 0;
    t.http.route('GET /v1/orders', () =>
      ++n === 1 ? { status: 401, body: { title: 'Unauthorized', status: 401 } } : { body: [order('5', 'open')] },
    );
    t.start();
    // The first load only (before the connection's own reload, once the feeds are joined).
    const sentAt = t.timers.now();
    t.engine.setAuth(TEST_USER);
    await t.advance(100);
    expect(t.host.refreshes).toBe(1);
    // The host learns when the refused request went out, so a refresh made since is not repeated.
    expect(t.host.refreshSentAt).toEqual([sentAt]);
    expect(n).toBe(2);
    expect(t.engine.getSnapshot().openOrders.items.map((o) => o.id)).toEqual(['5']);

    const t2 = createTestEngine();
    t2.host.refreshAnswer = false;
    t2.http.route('GET /v1/orders/done', { status: 401, body: { title: 'Unauthorized', status: 401 } });
    t2.start();
    t2.engine.setAuth(TEST_USER);
    await t2.advance(100);
    expect(t2.host.refreshes).toBe(1);
    expect(t2.host.logouts).toBe(1);
    expect(t2.engine.getSnapshot().doneOrders.status).toBe('error');
  });

  it('B7 concurrent 401s share one refresh', async () => {
    const t = createTestEngine();
    const seen = new Map<string, number>();
    for (const p of ['/v1/orders', '/v1/orders/done', '/v1/account-management/trades']) {
      t.http.route(`GET ${p}`, () => {
        const k = (seen.get(p) ?? 0) + 1;
        seen.set(p, k);
        return k === 1 ? { status: 401 } : { body: [] };
      });
    }
    t.start();
    t.engine.setAuth(TEST_USER);
    await t.advance(100);
    expect(t.host.refreshes).toBe(1);
    expect([...seen.values()]).toEqual([2, 2, 2]);
    // The reload once the private feeds are joined needs no further refresh.
    await t.advance(800);
    expect(t.host.refreshes).toBe(1);
    expect([...seen.values()]).toEqual([3, 3, 3]);
  });

  it('B8.hub.receive-error-forwarded, B7.hub.event-error: hub ReceiveError events are forwarded to the error stream; malformed pushes are dropped', async () => {
    const t = createTestEngine();
    t.start();
    await t.login();
    t.hub.emit(hubEvents.error, { message: 'Feed ticker.ox.x is not available', code: 'FEED', feeds: ['ticker.ox.x'] });
    t.hub.emit(hubEvents.error, 'Rate limited');
    t.hub.emit(hubEvents.endUserOrder, { nonsense: true });
    const snap = t.engine.getSnapshot();
    expect(snap.errors.slice(-2).map((e) => [e.code, e.message])).toEqual([
      ['HUB_ERROR', 'Feed ticker.ox.x is not available'],
      ['HUB_ERROR', 'Rate limited'],
    ]);
    expect(t.engine.stats.droppedMessages).toBe(1);
  });

  it('CORE.engine.messages-counted: every hub message is counted on receipt, malformed ones too, outside the snapshots', async () => {
    const t = createTestEngine();
    t.start();
    await t.login();
    const before = t.engine.diagnostics();
    const snapshot = t.engine.getSnapshot();
    t.hub.emit(hubEvents.ticker, { nonsense: true });
    t.hub.emit(hubEvents.endUserOrder, { nonsense: true });
    t.hub.emit(hubEvents.userOnboarding, {});
    const after = t.engine.diagnostics();
    expect(after.messagesReceived - before.messagesReceived).toBe(3);
    expect(after.droppedMessages - before.droppedMessages).toBe(2);
    // Counting alone publishes nothing: the snapshot keeps its identity.
    t.engine.flush();
    expect(t.engine.getSnapshot()).toBe(snapshot);
  });

  it('B7.orders.cancel: cancel calls DELETE /v1/orders/{id} and returns failures as values', async () => {
    const t = createTestEngine();
    t.http.route('DELETE /v1/orders/42', { status: 204 });
    t.http.route('DELETE /v1/orders/43', { status: 404, body: { title: 'Resource not found', status: 404, code: 'ORDER_NOT_FOUND' } });
    t.start();
    await t.login();
    expect(await t.engine.cancelOrder('42')).toEqual({ ok: true, value: undefined });
    expect(await t.engine.cancelOrder('43')).toEqual({ ok: false, code: 'ORDER_NOT_FOUND', message: 'Resource not found', status: 404 });
  });

  it('B4.order-status.cancelled: the DELETE answer moves the order from open to done at once', async () => {
    const t = createTestEngine();
    t.http.route('GET /v1/orders', { body: [order('42', 'open')] });
    t.http.route('DELETE /v1/orders/42', { body: order('42', 'cancelled') });
    t.start();
    await t.login();
    expect(t.engine.getSnapshot().openOrders.items.map((o) => o.id)).toEqual(['42']);
    expect(await t.engine.cancelOrder('42')).toEqual({ ok: true, value: undefined });
    const snap = t.engine.getSnapshot();
    expect(snap.openOrders.items).toEqual([]);
    expect(snap.doneOrders.items.map((o) => [o.id, o.status])).toEqual([['42', 'cancelled']]);
  });

  it('B4.order-status.done: a cancel of an order that filled meanwhile ends in done, not in an error', async () => {
    const t = createTestEngine();
    let filled = false;
    t.http.route('GET /v1/orders', () => ({ body: filled ? [] : [order('9', 'open')] }));
    t.http.route('GET /v1/orders/done', () => ({ body: filled ? [order('9', 'filled', { filled: '2' })] : [] }));
    t.http.route('DELETE /v1/orders/9', () => {
      filled = true;
      return {
        status: 409,
        body: { title: 'Conflict', status: 409, code: 'order_not_open', detail: 'The order is already filled and cannot be cancelled.' },
      };
    });
    t.start();
    await t.login();
    expect(await t.engine.cancelOrder('9')).toEqual({ ok: true, value: undefined });
    const snap = t.engine.getSnapshot();
    expect(snap.openOrders.items).toEqual([]);
    expect(snap.doneOrders.items.map((o) => [o.id, o.status])).toEqual([['9', 'filled']]);
    expect(snap.errors).toEqual([]);
  });

  it("CORE.engine.private-reload-after-join: a change between the first REST load and the private join still shows (a withdrawal's hold)", async () => {
    const t = createTestEngine();
    let available = '0.5';
    t.http.route(`GET ${paths.account.balances}`, () => ({ body: [{ currency: 'btc', balance: '0.5', available }] }));
    t.start();
    t.engine.setAuth(TEST_USER);
    // Loaded at once; the connection starts 0.5 s later.
    await t.advance(100);
    expect(t.engine.getSnapshot().balances).toMatchObject({ status: 'ready', items: [{ currency: 'btc', available: '0.5' }] });
    expect(t.hub.current).toBeUndefined();
    // Held now: the server pushes it to a private group nobody joined yet.
    available = '0.3995';
    await t.advance(800);
    expect(t.hub.joined().flat()).toContain(privateFeeds.balances);
    expect(t.engine.getSnapshot().balances).toMatchObject({
      status: 'ready',
      items: [{ currency: 'btc', balance: '0.5', available: '0.3995' }],
    });
  });

  it('CORE.engine.private-reload-on-reconnect: B4 a reconnect reloads the private lists (pushes sent meanwhile were missed)', async () => {
    const t = createTestEngine();
    t.start();
    await t.login();
    const before = t.http.count('GET /v1/orders');
    t.hub.current!.drop({ message: 'network' });
    await t.advance(2000);
    expect(t.http.count('GET /v1/orders')).toBe(before + 1);
  });
});
