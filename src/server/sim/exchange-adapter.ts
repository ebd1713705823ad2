import { orderTypeCodes } from '../../shared/orders/order-types';
import type { AppDatabase } from '../db/database';
import { AppError } from '../errors';
import type { Exchange } from '../exchange/exchange';
import { exchangeReads } from '../repositories/exchange-reads';
import type { SimExchange } from './sim-exchange';

// The simulator's orders go through the same service calls as a user's HTTP orders (validation,
// holds, matching, ledger, events); refusals come back as the catalogue's error codes.

const RESTING = new Set(['open', 'partially filled']);

export function simExchangeOf(exchange: Exchange, database: AppDatabase): SimExchange {
  const reads = exchangeReads(database.db, database.dialect);
  return {
    placeLimit(o) {
      const form = {
        currency_pair: o.pair,
        algorithm_id: o.timeInForce === 'IOC' ? orderTypeCodes.IOC : orderTypeCodes.Limit,
        price: o.price,
        quantity: o.quantity,
        ...(o.postOnly ? { post_only: true } : {}),
      };
      return exchange.placeOrder(o.userId, o.side, form).then(
        (order) => ({ ok: true as const, orderId: String(order.id), resting: RESTING.has(order.status) }),
        (error: unknown) => {
          if (error instanceof AppError) return { ok: false as const, code: error.code };
          throw error;
        },
      );
    },
    cancel(userId, orderId) {
      return exchange.cancelOrder(userId, Number(orderId)).then(
        () => true,
        (error: unknown) => {
          if (error instanceof AppError) return false;
          throw error;
        },
      );
    },
    async openOrderIds(userId) {
      const rows = await reads.liveOrders(userId);
      return rows.map((r) => String(r.id));
    },
  };
}
