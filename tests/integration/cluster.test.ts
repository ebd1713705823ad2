import * as signalR from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceListSchema } from '../../src/shared/api/account';
import { orderListSchema, orderSchema, tradeListSchema, type Order } from '../../src/shared/api/orders';
import { feedId, privateFeeds } from '../../src/shared/hub/feeds';
import { hubEvents, hubMethods } from '../../src/shared/hub/names';
import { fromUnits, toUnits } from '../../src/shared/money/units';
import { createOrderBook } from '../../src/server/matching';
import { seededRandom } from '../../src/server/lib/seeded-random';
import { startTestCluster, type TestCluster } from '../support/cluster';
import { createThrowawayDatabase, postgresReachable, type ThrowawayDatabase } from '../support/postgres';
import { dropRedisPrefix, redisReachable } from '../support/redis';
import { individualRegistration } from '../support/registration';

// Cluster mode end to end: one core and three edges, each the real server in its own process,
// on a throwaway PostgreSQL database and a Redis key prefix of this run. Orders cross edges,
// hub clients on every edge see the core's book sequence, an edge and then the core are killed
// with SIGKILL, and nothing acknowledged is lost.

const canRun = postgresReachable && redisReachable;
if (!canRun) console.log('Cluster tests skipped: they need PostgreSQL and Redis (see the messages above).');

const PASSWORD = 'Cluster!Passw0rd#1';
const PAIR = 'btcusd';
const TICK = toUnits('0.01');
const LOT = toUnits('0.00001');
const env = {
  SIM_RATE: '0',
  ORDER_RATE_LIMIT: '1000000/1s',
  MAX_OPEN_ORDERS: '1000000',
  CLUSTER_CALL_TIMEOUT_MS: '2000',
};

interface Trader {
  id: string;
  email: string;
  cookie: string;
}

async function call(base: string, t: Trader | null, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(t ? { 'x-auth-method': 'cookie', cookie: t.cookie } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function json<T>(res: Response, what: string): Promise<T> {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function register(base: string, name: string): Promise<Trader> {
  const email = `${name}.${process.pid}.${Date.now()}@example.com`;
  const res = await call(base, null, 'POST', '/v1/users/register', individualRegistration({ last_name: name, email, password: PASSWORD }));
  const user = (await json<{ user_details: { id: string } }>(res, 'register')).user_details;
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const trader = { id: user.id, email, cookie };
  for (const [currency, amount] of [
    ['usd', '10000000'],
    ['btc', '1000'],
  ] as const) {
    await json(await call(base, trader, 'POST', '/dev/faucet', { currency, amount }), 'faucet');
  }
  return trader;
}

/** What a hub client received, by event. */
class HubWatch {
  readonly books: { sequence: number; bids: unknown[]; asks: unknown[] }[] = [];
  readonly trades: { id: string }[] = [];
  readonly ownTrades: { id: string }[] = [];
  readonly ownOrders: { id: string }[] = [];

  constructor(readonly connection: signalR.HubConnection) {
    connection.on(hubEvents.orderBook, (b: { pair: string; sequence: number; bids: unknown[]; asks: unknown[] }) => {
      if (b.pair === PAIR) this.books.push(b);
    });
    connection.on(hubEvents.trade, (t: { id: string }) => this.trades.push(t));
    connection.on(hubEvents.endUserTrade, (t: { id: string }) => this.ownTrades.push(t));
    connection.on(hubEvents.endUserOrder, (o: { id: string }) => this.ownOrders.push(o));
  }
}

async function watch(base: string, trader: Trader): Promise<HubWatch> {
  const connection = new signalR.HubConnectionBuilder()
    .withUrl(`${base}/hubs/exchange`, {
      transport: signalR.HttpTransportType.WebSockets,
      headers: { Cookie: trader.cookie, 'X-Auth-Method': 'cookie' },
    })
    .configureLogging(signalR.LogLevel.None)
    .build();
  const w = new HubWatch(connection);
  await connection.start();
  const feeds = [feedId.orderbook(PAIR), feedId.trades(PAIR), privateFeeds.openOrders, privateFeeds.trades, privateFeeds.balances];
  const joined = (await connection.invoke(hubMethods.joinFeedGroups, feeds)) as { joined: string[] };
  expect(joined.joined.length).toBe(feeds.length);
  return w;
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function privateState(base: string, t: Trader) {
  const open = orderListSchema.parse(await json(await call(base, t, 'GET', '/v1/orders'), 'open orders'));
  const balances = balanceListSchema.parse(await json(await call(base, t, 'GET', '/v1/account-management/balances'), 'balances'));
  const trades = tradeListSchema.parse(await json(await call(base, t, 'GET', '/v1/account-management/trades?limit=1000'), 'trades'));
  return {
    open: open.map((o) => o.id).sort(),
    balances: balances.map((b) => `${b.currency}:${b.balance}:${b.available}`).sort(),
    trades: trades.map((tr) => tr.trade_id).sort(),
  };
}

async function allOrders(base: string, t: Trader): Promise<Order[]> {
  const open = orderListSchema.parse(await json(await call(base, t, 'GET', '/v1/orders'), 'open orders'));
  const done = orderListSchema.parse(await json(await call(base, t, 'GET', '/v1/orders/done?limit=1000'), 'done orders'));
  return [...open, ...done];
}

/** The depth the committed orders make, replayed in id (= commit) order through a fresh engine. */
function replay(orders: Order[]): { bids: [string, string][]; asks: [string, string][] } {
  const book = createOrderBook();
  for (const o of [...orders].sort((a, b) => Number(a.id) - Number(b.id))) {
    book.place({
      id: o.id,
      ownerId: o.action,
      side: o.action as 'buy' | 'sell',
      type: 'LIMIT',
      price: Number(toUnits(o.price!) / TICK),
      qty: Number(toUnits(o.quantity!) / LOT),
    });
  }
  const d = book.depth(10_000);
  const fmt = (l: { price: number; qty: number }): [string, string] => [fromUnits(BigInt(l.price) * TICK), fromUnits(BigInt(l.qty) * LOT)];
  return { bids: d.bids.map(fmt), asks: d.asks.map(fmt) };
}

describe.skipIf(!canRun)('cluster mode: one core, three edges', () => {
  let database: ThrowawayDatabase;
  let cluster: TestCluster;
  let a: Trader;
  let b: Trader;
  const hubs: HubWatch[] = [];
  const edge = (i: number) => cluster.edges[i]!.url;

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    cluster = await startTestCluster({ databaseUrl: database.url, edges: 3, env });
    a = await register(edge(0), 'alice');
    b = await register(edge(2), 'bob');
  }, 180_000);

  afterAll(async () => {
    for (const h of hubs) await h.connection.stop().catch(() => undefined);
    await cluster?.stop();
    if (cluster) await dropRedisPrefix(cluster.prefix);
    await database?.drop();
  }, 60_000);

  it('CORE.cluster.cross-edge-fill, CORE.cluster.same-sequence-every-edge: A through edge 1 fills B through edge 3; every edge shows the same books and the trade', async () => {
    hubs.push(await watch(edge(0), a), await watch(edge(1), a), await watch(edge(2), b));
    const sell = orderSchema.parse(
      await json(await call(edge(2), b, 'POST', '/v1/orders/sell', { currency_pair: PAIR, price: '30000', quantity: '0.5' }), 'sell'),
    );
    expect(sell.status).toBe('open');
    const buy = orderSchema.parse(
      await json(
        await call(edge(0), a, 'POST', '/v1/orders/buy', { currency_pair: PAIR, price: '30000', quantity: '0.2', client_order_id: 'a-1' }),
        'buy',
      ),
    );
    expect(buy.status).toBe('done');
    expect(buy.filled).toBe('0.2');

    // The public trade reaches every edge's clients, and each side's own fill its owner.
    await waitFor(() => hubs.every((h) => h.trades.length >= 1), 'the trade on every edge');
    const tradeIds = hubs.map((h) => h.trades.map((t) => t.id));
    expect(tradeIds[1]).toEqual(tradeIds[0]);
    expect(tradeIds[2]).toEqual(tradeIds[0]);
    await waitFor(() => hubs[0]!.ownTrades.length >= 1 && hubs[2]!.ownTrades.length >= 1, 'own fills');

    // Books: the last message on every edge carries the same sequence and the same levels.
    await waitFor(() => {
      const last = hubs.map((h) => h.books.at(-1));
      return last.every((l) => l !== undefined && l.sequence === last[0]!.sequence && l.asks.length === 1);
    }, 'the same last book everywhere');
    const last = hubs.map((h) => h.books.at(-1)!);
    expect(last[1]).toEqual(last[0]);
    expect(last[2]).toEqual(last[0]);
    // Every message a client saw on one edge, the others saw with the same sequence and content.
    const bySeq = (h: HubWatch) => new Map(h.books.map((x) => [x.sequence, JSON.stringify(x)]));
    const seen = hubs.map(bySeq);
    for (const [seq, text] of seen[0]!) for (const other of seen.slice(1)) if (other.has(seq)) expect(other.get(seq)).toBe(text);
  }, 120_000);

  it('CORE.cluster.retry-idempotent: the same client_order_id through another edge answers the first order', async () => {
    const again = orderSchema.parse(
      await json(
        await call(edge(1), a, 'POST', '/v1/orders/buy', { currency_pair: PAIR, price: '30000', quantity: '0.2', client_order_id: 'a-1' }),
        'retry',
      ),
    );
    const mine = await allOrders(edge(1), a);
    expect(mine.filter((o) => o.client_order_id === 'a-1').map((o) => o.id)).toEqual([again.id]);
  }, 120_000);

  it('CORE.cluster.edge-loss-recovers: edge 3 is killed; its client reconnects to edge 2 and misses nothing', async () => {
    // B has a resting order; A trades part of it while B's edge is gone.
    const before = await privateState(edge(2), b);
    expect(before.open.length).toBe(1);
    await cluster.edges[2]!.kill();
    cluster.edges[2] = null;
    await waitFor(() => hubs[2]!.connection.state === signalR.HubConnectionState.Disconnected, 'the dead edge to drop its client');
    await json(await call(edge(0), a, 'POST', '/v1/orders/buy', { currency_pair: PAIR, price: '30000', quantity: '0.1' }), 'buy meanwhile');

    // B's client comes back through another edge (as a balancer would send it), with the same session.
    const back = await watch(edge(1), b);
    hubs.push(back);
    const after = await privateState(edge(1), b);
    expect(after.open).toEqual(before.open);
    expect(after.trades.length).toBe(before.trades.length + 1);
    expect(after.trades).toEqual(expect.arrayContaining(before.trades));
    expect(after.balances).not.toEqual(before.balances);
    // Live again: the next fill reaches B's client on its new edge.
    await json(await call(edge(0), a, 'POST', '/v1/orders/buy', { currency_pair: PAIR, price: '30000', quantity: '0.1' }), 'buy after');
    await waitFor(() => back.ownTrades.length >= 1, 'B to hear its fill on edge 2');
    expect(await privateState(edge(1), b)).toEqual(await privateState(edge(0), b));
  }, 120_000);

  it('CORE.cluster.core-unanswered-503, CORE.cluster.core-restart-rebuilds: the core is killed mid-load; edges answer 503 and serve reads; after a restart nothing acknowledged is lost', async () => {
    const edges = [edge(0), edge(1)];
    const acknowledged = new Map<string, Order>();
    const refused = new Map<string, { trader: Trader; side: string; body: Record<string, string> }>();
    const codes = new Set<string>();
    let stop = false;
    let sent = 0;
    const rnd = seededRandom(14).next;
    const clients = Array.from({ length: 6 }, async (_, c) => {
      while (!stop) {
        const trader = c % 2 === 0 ? a : b;
        const side = c % 2 === 0 ? 'buy' : 'sell';
        const price = ((3_000_000 + Math.floor(rnd() * 40) - 20) / 100).toFixed(2);
        const quantity = ((1 + Math.floor(rnd() * 50)) / 10_000).toFixed(4);
        const body = { currency_pair: PAIR, price, quantity, client_order_id: `load-${c}-${sent++}` };
        const res = await call(edges[c % 2]!, trader, 'POST', `/v1/orders/${side}`, body);
        if (res.status === 200) {
          const o = orderSchema.parse(await res.json());
          acknowledged.set(o.id, o);
        } else {
          const problem = (await res.json()) as { code: string };
          expect(res.status).toBe(503);
          codes.add(problem.code);
          refused.set(body.client_order_id, { trader, side, body });
        }
      }
    });
    const running = Promise.all(clients);
    await waitFor(() => acknowledged.size >= 300, '300 acknowledged orders', 60_000);
    await cluster.core.kill();
    await waitFor(() => codes.has('core_unavailable'), 'an edge to answer 503 core_unavailable', 30_000);
    // Reads go on without the core.
    expect((await call(edges[0]!, a, 'GET', '/v1/orders')).status).toBe(200);
    stop = true;
    await running;

    await cluster.restartCore();
    // Retries of what was refused, same client_order_id, through the other edge: at most one order each.
    for (const [, r] of [...refused].slice(0, 20)) {
      const res = await call(edge(1), r.trader, 'POST', `/v1/orders/${r.side}`, r.body);
      expect(res.status).toBe(200);
      const o = orderSchema.parse(await res.json());
      acknowledged.set(o.id, o);
    }

    const after = new Map<string, Order>();
    for (const t of [a, b]) for (const o of await allOrders(edge(0), t)) after.set(o.id, o);
    for (const [id, acked] of acknowledged) {
      const now = after.get(id);
      expect(now, `acknowledged order ${id}`).toBeDefined();
      expect(toUnits(now!.filled!)).toBeGreaterThanOrEqual(toUnits(acked.filled!));
    }
    const byClientId = new Map<string, number>();
    for (const o of after.values()) if (o.client_order_id) byClientId.set(o.client_order_id, (byClientId.get(o.client_order_id) ?? 0) + 1);
    expect([...byClientId.values()].every((n) => n === 1)).toBe(true);
    // Every fill is there.
    const filledByOrder = new Map<string, bigint>();
    for (const t of [a, b]) {
      const trades = tradeListSchema.parse(await json(await call(edge(0), t, 'GET', '/v1/account-management/trades?limit=1000'), 'trades'));
      for (const tr of trades) filledByOrder.set(tr.order_id, (filledByOrder.get(tr.order_id) ?? 0n) + toUnits(tr.quantity!));
    }
    for (const o of after.values()) expect(filledByOrder.get(o.id) ?? 0n, `fills of order ${o.id}`).toBe(toUnits(o.filled!));
    // The restarted core's books are what the committed orders make.
    const depth = await json<{ bids: [string, string][]; asks: [string, string][] }>(
      await call(cluster.core.url, null, 'GET', `/dev/exchange/depth?pair=${PAIR}&levels=10000`),
      'depth',
    );
    expect(depth).toMatchObject(replay([...after.values()]));
    // The edges resume without a restart: a crossing order through edge 1 fills.
    const best = depth.asks[0]!;
    const res = await call(edge(0), a, 'POST', '/v1/orders/buy', { currency_pair: PAIR, price: best[0], quantity: '0.0001' });
    expect(orderSchema.parse(await json(res, 'buy after restart')).status).toBe('done');
  }, 240_000);
});
