import SqliteDatabase from 'better-sqlite3';
import { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/schema';
import { FastSqliteDialect } from '../db/sqlite-fast-dialect';
import { migrations } from '../db/migrations';
import { exchangeReads } from './exchange-reads';
import { exchangeStore } from './exchange-store';

// The order lists must stay index lookups however many orders a user or the exchange has placed:
// each query is run for real and its plan read back.

let raw: SqliteDatabase.Database | undefined;
afterEach(() => raw?.close());

/** An order row with every column a test does not care about filled in. */
const orderRow = (id: number, userId: string, clientOrderId: string | null) => ({
  id,
  user_id: userId,
  pair: 'btcusd',
  client_order_id: clientOrderId,
  side: 'buy',
  algorithm_id: 201,
  time_in_force: 'GTC',
  destination: 'Ox',
  post_only: 0,
  price: '1',
  quantity: '1',
  filled: '0',
  filled_amount: '0',
  fees: '0',
  status: 'open',
  hold_currency: 'usd',
  held: '1',
  maker_rate: '0',
  taker_rate: '0',
  live: 1,
  created_at: 0,
  updated_at: 0,
});

interface Plan {
  sql: string;
  plan: string;
}

async function setUp(): Promise<{ db: Kysely<Database>; plans: () => Plan[] }> {
  raw = new SqliteDatabase(':memory:');
  const issued: { sql: string; parameters: readonly unknown[] }[] = [];
  const db = new Kysely<Database>({
    dialect: new FastSqliteDialect(raw),
    log: (event) => {
      if (event.level === 'query') issued.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  for (const m of migrations) await m.up(db, { dialect: 'sqlite' });
  issued.length = 0;
  const sqlite = raw;
  return {
    db,
    plans: () =>
      issued.splice(0).map((q) => ({
        sql: q.sql,
        plan: sqlite
          .prepare(`explain query plan ${q.sql}`)
          .all(...(q.parameters as unknown[]))
          .map((r) => (r as { detail: string }).detail)
          .join('; '),
      })),
  };
}

describe('order queries use their indexes (spec B §7 GET /v1/orders, /v1/orders/done)', () => {
  it('CORE.db.indexes: B7 open orders of a user (with or without a pair) are read through the partial index of live orders', async () => {
    const { db, plans } = await setUp();
    const reads = exchangeReads(db, 'sqlite');
    await reads.liveOrders('u1');
    await reads.liveOrders('u1', 'btcusd');
    expect(plans().map((p) => p.plan)).toEqual([
      expect.stringContaining('USING INDEX orders_open (user_id=?)'),
      expect.stringContaining('USING INDEX orders_open (user_id=?)'),
    ]);
  });

  it('CORE.db.indexes: B7 done orders of a user are read newest first through orders_user, without a sort', async () => {
    const { db, plans } = await setUp();
    await exchangeReads(db, 'sqlite').doneOrders('u1', 50);
    const [{ plan }] = plans() as [Plan];
    expect(plan).toContain('USING INDEX orders_user (user_id=?)');
    expect(plan).not.toContain('TEMP B-TREE');
  });

  it('CORE.db.indexes: B7 at start the live orders of every user are found through the partial index, not a scan of all orders', async () => {
    const { db, plans } = await setUp();
    await exchangeStore(db, 'sqlite').loadSnapshot(0);
    const live = plans().filter((p) => /from "orders" where "live"/.test(p.sql));
    expect(live.map((p) => p.plan)).toEqual([expect.stringContaining('USING INDEX orders_open')]);
  });

  it('CORE.db.indexes: B3 idempotency: orders are found by (user, client_order_id) pairs, only those, through the unique index', async () => {
    const { db, plans } = await setUp();
    raw!.pragma('foreign_keys = OFF');
    await db
      .insertInto('orders')
      .values([orderRow(1, 'u1', 'a'), orderRow(2, 'u1', 'b'), orderRow(3, 'u2', 'a'), orderRow(4, 'u2', null)])
      .execute();
    plans();
    const found = await exchangeReads(db, 'sqlite').ordersByClientIds([
      { userId: 'u1', clientOrderId: 'a' },
      { userId: 'u2', clientOrderId: 'a' },
      { userId: 'u2', clientOrderId: 'b' },
      { userId: 'u3', clientOrderId: 'a' },
    ]);
    expect(found.map((o) => Number(o.id)).sort()).toEqual([1, 3]);
    expect(plans().map((p) => p.plan)).toEqual([
      expect.stringContaining('USING INDEX orders_user_client_id (user_id=? AND client_order_id=?)'),
    ]);
  });

  it('CORE.commit.client-key-filter: every stored client key is read, a page at a time along the unique index', async () => {
    const { db, plans } = await setUp();
    raw!.pragma('foreign_keys = OFF');
    const ids = ['a', 'b', 'c'];
    await db
      .insertInto('orders')
      .values([...ids.map((c, i) => orderRow(i + 1, 'u1', c)), orderRow(4, 'u1', null), ...ids.map((c, i) => orderRow(i + 5, 'u2', c))])
      .execute();
    plans();
    const reads = exchangeReads(db, 'sqlite');
    const seen: string[] = [];
    let after: { userId: string; clientOrderId: string } | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const page = await reads.clientKeysPage(after, 2);
      seen.push(...page.map((r) => `${r.user_id}/${r.client_order_id}`));
      if (page.length < 2) break;
      after = { userId: page[1]!.user_id, clientOrderId: page[1]!.client_order_id };
    }
    expect(seen).toEqual(['u1/a', 'u1/b', 'u1/c', 'u2/a', 'u2/b', 'u2/c']);
    for (const { plan } of plans()) expect(plan).toContain('USING COVERING INDEX orders_user_client_id');
  });
});

// Every journal line of a trade is written into each full index of transactions, so the history
// filters read ranges of as few indexes as serve them (migrations 0301 and 0420).
describe('transaction history queries use their indexes (spec A §7 GET /v1/account-management/transactions)', () => {
  it('A7.account.transactions: a transfer type reads its range of the partial index of transfer lines', async () => {
    const { db, plans } = await setUp();
    await exchangeReads(db, 'sqlite').transactions('u1', { actions: ['Deposit', 'Withdraw'], limit: 100 });
    const [{ plan }] = plans() as [Plan];
    // One range per type, merged in page order by the database.
    expect(plan.match(/USING INDEX transactions_user_transfers \(user_id=\? AND action=\?\)/g)).toHaveLength(2);
    expect(plan).toContain('MERGE (UNION ALL)');
    expect(plan).not.toContain('TEMP B-TREE');
  });

  it('A7.account.transactions: no filter, a trade type and a date window merge one range of transactions_user_currency_time per currency of the user, without a sort', async () => {
    const { db, plans } = await setUp();
    raw!.pragma('foreign_keys = OFF');
    const insert = raw!.prepare(
      "insert into transactions (id, user_id, action, currency, amount, status, created_at) values (?, ?, 'Buy', ?, '1', 'done', ?)",
    );
    for (const [id, user, currency] of [
      [1, 'u1', 'usd'],
      [2, 'u1', 'btc'],
      [3, 'u2', 'eth'],
      [4, 'u1', 'usd'],
    ] as const)
      insert.run(id, user, currency, id);
    plans();
    const reads = exchangeReads(db, 'sqlite');
    expect((await reads.transactions('u1', { limit: 100 })).map((r) => r.id)).toEqual([4, 2, 1]);
    await reads.transactions('u1', { actions: ['Buy'], limit: 100 });
    await reads.transactions('u1', { from: 1, to: 2, limit: 100 });
    const issued = plans();
    // Each read: the user's currencies (a seek to each), then one statement merging the btc and usd ranges.
    expect(issued).toHaveLength(6);
    for (const [i, { plan }] of issued.entries()) {
      if (i % 2 === 0) {
        expect(plan).toContain('USING COVERING INDEX transactions_user_currency_time (user_id=? AND currency>?)');
        continue;
      }
      expect(plan.match(/USING INDEX transactions_user_currency_time \(user_id=\? AND currency=\?/g)).toHaveLength(2);
      expect(plan).toContain('MERGE (UNION ALL)');
      expect(plan).not.toContain('TEMP B-TREE');
    }
  });

  it('A7.account.transactions: a currency reads its range of transactions_user_currency_time', async () => {
    const { db, plans } = await setUp();
    await exchangeReads(db, 'sqlite').transactions('u1', { currency: 'pax', limit: 100 });
    const [{ plan }] = plans() as [Plan];
    expect(plan).toContain('USING INDEX transactions_user_currency_time (user_id=? AND currency=?)');
    expect(plan).not.toContain('TEMP B-TREE');
  });

  it('A7.account.transactions: a trade line is written into one index only; the others are partial and never hold one', async () => {
    await setUp();
    const indexes = raw!
      .prepare("select name, sql from sqlite_master where type = 'index' and tbl_name = 'transactions' and sql is not null order by name")
      .all() as { name: string; sql: string }[];
    const isPartial = (i: { sql: string }) => / where /i.test(i.sql);
    expect(indexes.filter((i) => !isPartial(i)).map((i) => i.name)).toEqual(['transactions_user_currency_time']);
    expect(indexes.filter(isPartial).map((i) => i.name)).toEqual([
      'transactions_user_pending',
      'transactions_user_pending_time',
      'transactions_user_transfers',
    ]);
  });
});
