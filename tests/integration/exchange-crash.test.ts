import { individualRegistration } from '../support/registration';
import fs from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { orderListSchema, orderSchema, tradeListSchema, type Order } from '../../src/shared/api/orders';
import { toUnits, fromUnits } from '../../src/shared/money/units';
import { createDatabase } from '../../src/server/db/database';
import { createOrderBook } from '../../src/server/matching';
import { auditLedger } from '../../src/server/ledger/audit';
import { startServer, type RunningServer } from '../e2e/support/server';
import { seededRandom } from '../../src/server/lib/seeded-random';
import { createThrowawayDatabase, describeEachStore, type ThrowawayDatabase } from '../support/postgres';

// Crash: the real server (src/server/main.ts) in a child process takes a stream of orders over
// HTTP from several clients and is SIGKILLed mid-stream. Started again on the same DATA_DIR:
// every acknowledged order and fill is there, the books are exactly what the committed orders
// make (replayed through a fresh engine), and the ledger balances. On PostgreSQL too (whenever a
// server answers): the server and its restart then share a throwaway database.

const PASSWORD = 'Crash!Passw0rd#1';
const TRADERS = 4;
const CLIENTS = 8;
const TICK = toUnits('0.01');
const LOT = toUnits('0.00001');

interface Session {
  id: string;
  cookie: string;
}

async function call(base: string, s: Session | null, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(s ? { 'x-auth-method': 'cookie', cookie: s.cookie } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function register(base: string, i: number): Promise<Session> {
  const res = await call(
    base,
    null,
    'POST',
    '/v1/users/register',
    individualRegistration({
      first_name: 'Crash',
      last_name: `Trader${i}`,
      email: `crash.${process.pid}.${i}@example.com`,
      password: PASSWORD,
    }),
  );
  expect(res.status).toBe(200);
  const user = ((await res.json()) as { user_details: { id: string } }).user_details;
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { id: user.id, cookie };
}

async function login(base: string, i: number): Promise<string> {
  const res = await call(base, null, 'POST', '/v1/auth/login', { email: `crash.${process.pid}.${i}@example.com`, password: PASSWORD });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function allOrders(base: string, s: Session): Promise<Order[]> {
  const open = orderListSchema.parse(await (await call(base, s, 'GET', '/v1/orders')).json());
  const done = orderListSchema.parse(await (await call(base, s, 'GET', '/v1/orders/done?limit=1000')).json());
  return [...open, ...done];
}

/** The published depth the committed orders make, replayed in id (= commit) order through a fresh engine. */
function replay(orders: Order[]): { bids: [string, string][]; asks: [string, string][] } {
  const book = createOrderBook();
  for (const o of [...orders].sort((a, b) => Number(a.id) - Number(b.id))) {
    const result = book.place({
      id: o.id,
      // Buyers only buy and sellers only sell in this stream, so one owner per side is exact.
      ownerId: o.action,
      side: o.action as 'buy' | 'sell',
      type: 'LIMIT',
      price: Number(toUnits(o.price!) / TICK),
      qty: Number(toUnits(o.quantity!) / LOT),
    });
    expect(result.status).not.toBe('REJECTED');
  }
  const d = book.depth(10_000);
  const fmt = (l: { price: number; qty: number }): [string, string] => [fromUnits(BigInt(l.price) * TICK), fromUnits(BigInt(l.qty) * LOT)];
  return { bids: d.bids.map(fmt), asks: d.asks.map(fmt) };
}

/**
 * The stream sends orders as fast as its clients can from a few traders, far above the
 * per-user defaults meant for one person (ORDER_RATE_LIMIT, MAX_OPEN_ORDERS): lifted here.
 */
const serverEnv = { SIM_RATE: '0', ORDER_RATE_LIMIT: '1000000/1s', MAX_OPEN_ORDERS: '1000000' };

describeEachStore('exchange crash', (store) => {
  let server: RunningServer | null = null;
  let pg: ThrowawayDatabase | undefined;
  afterAll(async () => {
    await server?.kill();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    await pg?.drop();
  });

  it('API.commit.survives-sigkill: SIGKILL mid-stream, restart: every acknowledged order and fill is there, the books are as they were, the ledger balances', async () => {
    if (store === 'postgres') pg = await createThrowawayDatabase();
    const env = { ...serverEnv, ...(pg ? { DATABASE_URL: pg.url } : {}) };
    server = await startServer({ env });
    const base = server.url;
    const traders: Session[] = [];
    for (let i = 0; i < TRADERS; i++) {
      const s = await register(base, i);
      for (const [currency, amount] of [
        ['usd', '10000000'],
        ['btc', '1000'],
      ] as const) {
        expect((await call(base, s, 'POST', '/dev/faucet', { currency, amount })).status).toBe(200);
      }
      traders.push(s);
    }

    // The stream: limit orders around a mid from several clients; each owner only buys or only
    // sells at crossing prices so self-trade prevention never cancels anything (the replay below
    // stays a pure function of the orders).
    const acknowledged = new Map<string, Order>();
    let stop = false;
    let killing = false;
    let sent = 0;
    const rnd = seededRandom(7).next;
    const failures: unknown[] = [];
    const clients = Array.from({ length: CLIENTS }, async (_, c) => {
      while (!stop) {
        const trader = traders[c % TRADERS]!;
        const side = c % TRADERS < TRADERS / 2 ? 'buy' : 'sell';
        const offset = Math.floor(rnd() * 40) - 20;
        const price = ((3_000_000 + offset) / 100).toFixed(2);
        const quantity = ((1 + Math.floor(rnd() * 50)) / 10_000).toFixed(4);
        sent++;
        try {
          const order = { currency_pair: 'btcusd', price, quantity, client_order_id: `c${c}-${sent}` };
          const res = await call(base, trader, 'POST', `/v1/orders/${side}`, order);
          if (res.status === 200) {
            const o = orderSchema.parse(await res.json());
            acknowledged.set(o.id, o);
          } else if (!killing) {
            throw new Error(`order refused: ${res.status} ${await res.text()}`);
          }
        } catch (err) {
          if (!killing) throw err;
        }
      }
    });
    const settled = clients.map((p) => p.catch((err: unknown) => failures.push(err)));
    while (acknowledged.size < 400 && failures.length === 0) await new Promise((r) => setTimeout(r, 20));
    expect(failures).toEqual([]);
    killing = true;
    await server.kill(); // mid-stream: requests are in flight
    stop = true;
    await Promise.all(settled);
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(acknowledged.size);

    // The data on disk, as the killed process left it: the ledger balances.
    const database = createDatabase({ dataDir: server.dataDir, databaseUrl: pg?.url });
    try {
      expect((await auditLedger(database.db)).problems).toEqual([]);
    } finally {
      await database.close();
    }

    const dataDir = server.dataDir;
    server = await startServer({ dataDir, env });
    const base2 = server.url;
    for (let i = 0; i < TRADERS; i++) traders[i]!.cookie = await login(base2, i);

    const after = new Map<string, Order>();
    for (const s of traders) for (const o of await allOrders(base2, s)) after.set(o.id, o);
    // Every acknowledged order is there, with at least the fills it was acknowledged with.
    for (const [id, acked] of acknowledged) {
      const now = after.get(id);
      expect(now, `acknowledged order ${id}`).toBeDefined();
      expect(toUnits(now!.filled!)).toBeGreaterThanOrEqual(toUnits(acked.filled!));
    }
    // Every fill is there: each order's trades add up to what it says it filled.
    const filledByOrder = new Map<string, bigint>();
    for (const s of traders) {
      const trades = tradeListSchema.parse(await (await call(base2, s, 'GET', '/v1/account-management/trades?limit=1000')).json());
      for (const tr of trades) filledByOrder.set(tr.order_id, (filledByOrder.get(tr.order_id) ?? 0n) + toUnits(tr.quantity!));
    }
    for (const o of after.values()) expect(filledByOrder.get(o.id) ?? 0n, `fills of order ${o.id}`).toBe(toUnits(o.filled!));

    // The books: what the restarted engine holds is exactly what the committed orders make.
    const depth = (await (await call(base2, null, 'GET', '/dev/exchange/depth?pair=btcusd&levels=10000')).json()) as {
      bids: [string, string][];
      asks: [string, string][];
    };
    expect(depth).toMatchObject(replay([...after.values()]));
    expect(depth.bids.length + depth.asks.length).toBeGreaterThan(0);

    // And it keeps trading: a crossing order fills against the restored book.
    const best = depth.asks[0]!;
    const buyer = traders[0]!;
    const res = await call(base2, buyer, 'POST', '/v1/orders/buy', { currency_pair: 'btcusd', price: best[0], quantity: '0.0001' });
    expect(orderSchema.parse(await res.json()).status).toBe('done');
  });
});
