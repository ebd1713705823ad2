import { sql } from 'kysely';
import type { Executor } from '../db/database';
import type { CandleRow, FillRow, OrderRow, TransactionRow } from '../db/schema';

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

    async transactions(userId: string, f: TransactionFilter): Promise<TransactionRow[]> {
      let q = db.selectFrom('transactions').selectAll().where('user_id', '=', userId);
      if (f.from !== undefined) q = q.where('created_at', '>=', f.from);
      if (f.to !== undefined) q = q.where('created_at', '<=', f.to);
      if (f.actions && f.actions.length > 0) q = q.where('action', 'in', f.actions);
      if (f.pendingOnly) q = q.where('status', '=', 'pending');
      if (f.currency) q = q.where('currency', '=', f.currency);
      if (f.beforeId !== undefined) q = q.where('id', '<', f.beforeId);
      q = q.orderBy('id', 'desc').limit(f.limit);
      if (f.offset) q = q.offset(f.offset);
      return q.execute();
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
