import { sql, type SelectQueryBuilder } from 'kysely';
import type { Dialect, Executor } from '../db/database';
import type { CandleRow, FillRow, OrderRow, TransactionRow } from '../db/schema';
import { isTransferAction, transferActionsOnly } from './transfer-actions';

// Reads behind the exchange's GET endpoints. They see only committed batches, which is exactly
// what has been acknowledged to clients.

export interface TransactionFilter {
  from?: number | undefined;
  to?: number | undefined;
  /** Capitalised actions: 'Buy', 'Deposit'… */
  actions?: string[] | undefined;
  pendingOnly?: boolean | undefined;
  currency?: string | undefined;
  /** Rows with an id below this (newest first paging). */
  beforeId?: number | undefined;
  offset?: number | undefined;
  limit: number;
}

/** Where a page starts: below this row, in the (created_at, id) order. */
export interface TransactionCursor {
  at: number;
  id: number;
}

/** One index range of a transaction page: some actions (null: any) of one currency (null: any). */
interface PageRange {
  actions: readonly string[] | null;
  currency: string | null;
  /** A transfer type's range of the partial index transactions_user_transfers. */
  transfer: boolean;
}

/**
 * Whether a page of `f` is merged from one range per currency of the user (see
 * transactionPageQueries), so that the caller must list those currencies first.
 */
export function pageNeedsCurrencies(f: TransactionFilter): boolean {
  if (f.currency || f.pendingOnly) return false;
  return !f.actions || f.actions.length === 0 || f.actions.some((a) => !isTransferAction(a));
}

function pageRanges(f: TransactionFilter, userCurrencies: readonly string[]): PageRange[] {
  const actions = f.actions && f.actions.length > 0 ? [...new Set(f.actions)] : null;
  const currency = f.currency || null;
  // Lines of any currency newest first: one range of transactions_user_currency_time per
  // currency, since trade lines (most of a busy account) are in no index of the user's time
  // order alone (migration 0420).
  const perCurrency = (of: readonly string[] | null): PageRange[] =>
    currency !== null
      ? [{ actions: of, currency, transfer: false }]
      : userCurrencies.map((c) => ({ actions: of, currency: c, transfer: false }));
  // Pending lines are few: their partial indexes hold them in page order, per type or not.
  if (f.pendingOnly)
    return actions ? actions.map((a) => ({ actions: [a], currency, transfer: false })) : [{ actions: null, currency, transfer: false }];
  if (!actions) return perCurrency(null);
  const ranges: PageRange[] = actions.filter(isTransferAction).map((a) => ({ actions: [a], currency, transfer: true }));
  const trades = actions.filter((a) => !isTransferAction(a));
  if (trades.length > 0) ranges.push(...perCurrency(trades));
  return ranges;
}

/**
 * The statement of one transaction page (none when the user has no currency to read): a single
 * index range walk, or several (one per selected transfer type, one per currency of
 * `userCurrencies` when the page is not limited to one currency, see pageNeedsCurrencies)
 * merged by the database in page order as they are read (SQLite's MERGE (UNION ALL), PostgreSQL's
 * Merge Append), so that neither a sort nor more than offset + limit rows are needed. Every
 * condition is one the index of its walk answers (the keyset cursor as a row value, which SQLite
 * and PostgreSQL both turn into a range bound), so a page reads about `limit` index entries
 * wherever it starts; an offset is skipped inside the database rather than fetched.
 */
export function transactionPageQueries(
  db: Executor,
  dialect: Dialect,
  userId: string,
  f: TransactionFilter,
  cursor?: TransactionCursor,
  userCurrencies: readonly string[] = [],
) {
  const offset = f.offset ?? 0;
  const ranges = pageRanges(f, userCurrencies).map((range) => {
    let q = db.selectFrom('transactions').selectAll().where('user_id', '=', userId);
    if (range.currency !== null) q = q.where('currency', '=', range.currency);
    if (range.actions?.length === 1) q = q.where('action', '=', range.actions[0]!);
    else if (range.actions) q = q.where('action', 'in', [...range.actions]);
    // Repeated word for word so SQLite picks the partial index of transfer lines (migration 0301).
    if (range.transfer) q = q.where(transferActionsOnly);
    if (f.from !== undefined) q = q.where('created_at', '>=', f.from);
    if (f.to !== undefined) q = q.where('created_at', '<=', f.to);
    if (f.pendingOnly) q = q.where('status', '=', 'pending');
    if (cursor) q = q.where(sql<boolean>`(created_at, id) < (${cursor.at}, ${cursor.id})`);
    return q;
  });
  if (ranges.length === 0) return [];
  if (ranges.length === 1) {
    const q = ranges[0]!.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit);
    return [offset > 0 ? q.offset(offset) : q];
  }
  // The ranges are merged in FROM, where both databases read them in step instead of sorting
  // them all: SQLite's MERGE (UNION ALL) takes plain ranges in index order, while PostgreSQL's
  // Merge Append needs each range in its own order (and then bounded: offset + limit rows).
  const union =
    dialect === 'postgres'
      ? unionAll(
          ranges.map((q, i) =>
            db
              .selectFrom(
                q
                  .orderBy('created_at', 'desc')
                  .orderBy('id', 'desc')
                  .limit(offset + f.limit)
                  .as(`r${i}`),
              )
              .selectAll(),
          ),
        )
      : unionAll(ranges);
  const page = db.selectFrom(union.as('page')).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit);
  return [offset > 0 ? page.offset(offset) : page];
}

function unionAll<DB, TB extends keyof DB, O>(list: readonly SelectQueryBuilder<DB, TB, O>[]): SelectQueryBuilder<DB, TB, O> {
  return list.slice(1).reduce((all, q) => all.unionAll(q), list[0]!);
}

export function exchangeReads(db: Executor, dialect: Dialect) {
  /**
   * The currencies `userId` has journal lines in: one seek of transactions_user_currency_time
   * per currency (a recursive walk from each to the next), however many lines each has.
   */
  async function userCurrencies(userId: string): Promise<string[]> {
    const { rows } = await sql<{ currency: string | null }>`
      with recursive c(currency) as (
        select min(currency) from transactions where user_id = ${userId}
        union all
        select (select min(t.currency) from transactions t where t.user_id = ${userId} and t.currency > c.currency)
        from c where c.currency is not null
      )
      select currency from c where currency is not null`.execute(db);
    return rows.map((r) => r.currency!);
  }

  return {
    async liveOrders(userId: string, pair?: string): Promise<OrderRow[]> {
      let q = db.selectFrom('orders').selectAll().where('user_id', '=', userId).where('live', '=', 1);
      if (pair) q = q.where('pair', '=', pair);
      return q.orderBy('id', 'desc').execute();
    },

    async doneOrders(userId: string, limit: number, pair?: string): Promise<OrderRow[]> {
      let q = db.selectFrom('orders').selectAll().where('user_id', '=', userId).where('live', '=', 0);
      if (pair) q = q.where('pair', '=', pair);
      return q.orderBy('id', 'desc').limit(limit).execute();
    },

    async order(id: number): Promise<OrderRow | undefined> {
      return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Orders of the given (user, client_order_id) pairs, in few statements (the writer's
     * idempotency check, once per batch). Written as SQL rather than with the query builder,
     * whose expression tree for a row-value IN list cost the event loop more than the lookups.
     */
    async ordersByClientIds(keys: readonly { userId: string; clientOrderId: string }[]): Promise<OrderRow[]> {
      const out: OrderRow[] = [];
      for (let i = 0; i < keys.length; i += 400) {
        const chunk = keys.slice(i, i + 400);
        const list = sql.join(chunk.map((k) => sql`(${k.userId}, ${k.clientOrderId})`));
        const { rows } = await sql<OrderRow>`select * from orders where (user_id, client_order_id) in (${list})`.execute(db);
        out.push(...rows);
      }
      return out;
    },

    /**
     * Every stored (user_id, client_order_id), a page of `pageSize` at a time after `after`, in
     * the order of the index orders_user_client_id (which covers them): for the exchange's
     * client-key filter at load.
     */
    async clientKeysPage(
      after: { userId: string; clientOrderId: string } | null,
      pageSize: number,
    ): Promise<{ user_id: string; client_order_id: string }[]> {
      let q = db
        .selectFrom('orders')
        .select(['user_id', 'client_order_id'])
        .where('client_order_id', 'is not', null)
        .orderBy('user_id')
        .orderBy('client_order_id')
        .limit(pageSize);
      // A row-value comparison: both databases walk the index from there.
      if (after) q = q.where(sql<boolean>`(user_id, client_order_id) > (${after.userId}, ${after.clientOrderId})`);
      const rows = await q.execute();
      return rows.map((r) => ({ user_id: r.user_id, client_order_id: r.client_order_id ?? '' }));
    },

    async fills(userId: string, limit: number, beforeId?: number, pair?: string): Promise<FillRow[]> {
      let q = db.selectFrom('fills').selectAll().where('user_id', '=', userId);
      if (beforeId !== undefined) q = q.where('id', '<', beforeId);
      if (pair) q = q.where('pair', '=', pair);
      return q.orderBy('id', 'desc').limit(limit).execute();
    },

    userCurrencies,

    /**
     * Newest first by (created_at, id): the ranges of transactionPageQueries (one per transfer
     * type, one per currency) merged as they are read, so a rare type or currency never walks
     * the user's other rows. The plans are checked by tests/integration/transaction-page-plans.test.ts.
     */
    async transactions(userId: string, f: TransactionFilter): Promise<TransactionRow[]> {
      let cursor: TransactionCursor | undefined;
      if (f.beforeId !== undefined) {
        const row = await db
          .selectFrom('transactions')
          .select(['created_at'])
          .where('id', '=', f.beforeId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (!row) return [];
        cursor = { at: Number(row.created_at), id: f.beforeId };
      }
      const currencies = pageNeedsCurrencies(f) ? await userCurrencies(userId) : [];
      const [page] = transactionPageQueries(db, dialect, userId, f, cursor, currencies);
      return page ? page.execute() : [];
    },

    async candles(pair: string, interval: string, limit: number): Promise<CandleRow[]> {
      const rows = await db
        .selectFrom('candles')
        .selectAll()
        .where('pair', '=', pair)
        .where('interval', '=', interval)
        .orderBy('start', 'desc')
        .limit(limit)
        .execute();
      return rows.reverse();
    },
  };
}
export type ExchangeReads = ReturnType<typeof exchangeReads>;
