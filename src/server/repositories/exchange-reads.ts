import { sql } from 'kysely';
import type { Executor } from '../db/database';
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

/**
 * The statements of one transaction page: a single index range walk, or one per selected type
 * (each must then yield offset + limit rows for the merge). Every condition is one the index
 * of the walk answers (the keyset cursor as a row value, which SQLite and PostgreSQL both turn
 * into a range bound), so a page reads about `limit` index entries wherever it starts; an
 * offset is skipped inside the database rather than fetched.
 */
export function transactionPageQueries(db: Executor, userId: string, f: TransactionFilter, cursor?: TransactionCursor) {
  const actions = f.actions && f.actions.length > 0 ? [...new Set(f.actions)] : [undefined];
  const offset = f.offset ?? 0;
  return actions.map((action) => {
    let q = db.selectFrom('transactions').selectAll().where('user_id', '=', userId);
    if (action !== undefined) q = q.where('action', '=', action);
    // Repeated word for word so SQLite picks the partial index of transfer lines (migration 0301);
    // left out for pending pages, whose own partial index is the narrower range.
    if (action !== undefined && isTransferAction(action) && !f.pendingOnly) q = q.where(transferActionsOnly);
    if (f.from !== undefined) q = q.where('created_at', '>=', f.from);
    if (f.to !== undefined) q = q.where('created_at', '<=', f.to);
    if (f.pendingOnly) q = q.where('status', '=', 'pending');
    if (f.currency) q = q.where('currency', '=', f.currency);
    if (cursor) q = q.where(sql<boolean>`(created_at, id) < (${cursor.at}, ${cursor.id})`);
    q = q.orderBy('created_at', 'desc').orderBy('id', 'desc');
    if (actions.length > 1) return q.limit(offset + f.limit);
    return offset > 0 ? q.limit(f.limit).offset(offset) : q.limit(f.limit);
  });
}

export function exchangeReads(db: Executor) {
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

    async fills(userId: string, limit: number, beforeId?: number, pair?: string): Promise<FillRow[]> {
      let q = db.selectFrom('fills').selectAll().where('user_id', '=', userId);
      if (beforeId !== undefined) q = q.where('id', '<', beforeId);
      if (pair) q = q.where('pair', '=', pair);
      return q.orderBy('id', 'desc').limit(limit).execute();
    },

    /**
     * Newest first by (created_at, id). With types, one index range per type (see migration
     * 0300) merged here, so a rare type never walks the user's other rows. The plans are
     * checked by tests/integration/transaction-page-plans.test.ts.
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
      const queries = transactionPageQueries(db, userId, f, cursor);
      const lists = await Promise.all(queries.map((q) => q.execute()));
      if (lists.length === 1) return lists[0]!;
      const offset = f.offset ?? 0;
      const merged = lists.flat().sort((a, b) => Number(b.created_at) - Number(a.created_at) || b.id - a.id);
      return merged.slice(offset, offset + f.limit);
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
