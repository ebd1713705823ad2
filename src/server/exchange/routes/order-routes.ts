import type { FastifyInstance } from 'fastify';
import { orderFormSchema, orderListSchema, orderSchema, quoteRequestSchema, quoteResponseSchema } from '../../../shared/api/orders';
import { orderIdParamsSchema, orderListQuerySchema } from '../../../shared/api/exchange-extras';
import { paths } from '../../../shared/api/paths';
import { sides } from '../../../shared/orders/order-types';
import type { AppContext } from '../../context';
import { byUser, rateLimit } from '../../http/rate-limit';
import { defineRoute } from '../../http/route';
import { exchangeReads } from '../../repositories/exchange-reads';
import type { Exchange } from '../exchange';
import { rowToOrderWire } from '../order-record';

/** Spec B §7 order calls: open and done orders, cancel, create (our path: /v1/orders/buy|sell), request for quote. */
export function registerOrderRoutes(app: FastifyInstance, ctx: AppContext, exchange: Exchange): void {
  const { authenticator, database, config } = ctx;
  const reads = exchangeReads(database.db);
  // Per-user rates, counted in memory before the order reaches the writer's queue; both sides
  // share one order budget. The open-order cap is checked by the writer itself.
  const orderRate = rateLimit(app, config.rateLimits.ordersPerUser, byUser, 'order_rate_limited');
  const cancelRate = rateLimit(app, config.rateLimits.cancelsPerUser, byUser, 'cancel_rate_limited');
  const quoteRate = rateLimit(app, config.rateLimits.quotesPerUser, byUser, 'quote_rate_limited');
  const limits = { maxOpenOrders: config.maxOpenOrdersPerUser };

  defineRoute(app, authenticator, {
    method: 'GET',
    url: paths.orders.open,
    auth: true,
    query: orderListQuerySchema,
    response: orderListSchema,
    async handler({ auth, query }) {
      const rows = await reads.liveOrders(auth.user.id, query.pair);
      return rows.map(rowToOrderWire);
    },
  });

  defineRoute(app, authenticator, {
    method: 'GET',
    url: paths.orders.done,
    auth: true,
    query: orderListQuerySchema,
    response: orderListSchema,
    async handler({ auth, query }) {
      const rows = await reads.doneOrders(auth.user.id, query.limit ?? 100, query.pair);
      return rows.map(rowToOrderWire);
    },
  });

  defineRoute(app, authenticator, {
    method: 'DELETE',
    // paths.orders.cancel() would percent-encode the ':' of the route parameter.
    url: `${paths.orders.open}/:id`,
    auth: true,
    params: orderIdParamsSchema,
    response: orderSchema,
    preHandler: [cancelRate],
    async handler({ auth, params }) {
      return exchange.cancelOrder(auth.user.id, params.id);
    },
  });

  for (const side of sides) {
    defineRoute(app, authenticator, {
      method: 'POST',
      url: paths.orders.create(side),
      auth: true,
      body: orderFormSchema,
      response: orderSchema,
      preHandler: [orderRate],
      async handler({ auth, body }) {
        return exchange.placeOrderForm(auth.user.id, side, body, limits);
      },
    });
  }

  defineRoute(app, authenticator, {
    method: 'POST',
    url: paths.orders.requestForQuote,
    auth: true,
    body: quoteRequestSchema,
    response: quoteResponseSchema,
    preHandler: [quoteRate],
    async handler({ auth, body }) {
      return exchange.requestQuote(auth.user.id, body);
    },
  });
}
