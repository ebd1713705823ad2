import type { FastifyInstance } from 'fastify';
import {
  orderFormSchema,
  orderListSchema,
  orderSchema,
  orderTypeParamsSchema,
  quoteRequestSchema,
  quoteResponseSchema,
  typedOrderFormSchema,
} from '../../../shared/api/orders';
import { orderListQuerySchema } from '../../../shared/api/orders';
import { paths } from '../../../shared/api/paths';
import { sides } from '../../../shared/orders/order-types';
import type { AppContext } from '../../context';
import { appError, validationError } from '../../errors';
import { byUser, rateLimit } from '../../http/rate-limit';
import { assertMayPlaceOrders } from '../../edd/requirement';
import { defineRoute } from '../../http/route';
import { exchangeReads } from '../../repositories/exchange-reads';
import type { Exchange } from '../exchange';
import { rowToOrderWire } from '../order-record';
import { cancelParamsSchema } from './order-number';

/** Spec B §7 order calls: open and done orders, cancel, create (our path: /v1/orders/buy|sell), request for quote. */
export function registerOrderRoutes(app: FastifyInstance, ctx: AppContext, exchange: Exchange): void {
  const { authenticator, database, config } = ctx;
  const reads = exchangeReads(database.db, database.dialect);
  // Per-user rates. Orders are counted by the exchange (both sides share one budget), beside the
  // open-order cap the writer checks: in a cluster that is the core, which every order reaches
  // anyway, so an edge spends no shared-counter round trip on each (order-rate.ts). Cancels and
  // requests for quote are counted here, in memory or in the cluster's Redis.
  const cancelRate = rateLimit(app, config.rateLimits.cancelsPerUser, byUser, 'cancel_rate_limited');
  const quoteRate = rateLimit(app, config.rateLimits.quotesPerUser, byUser, 'quote_rate_limited');
  const limits = { maxOpenOrders: config.maxOpenOrdersPerUser, rate: config.rateLimits.ordersPerUser };

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
    params: cancelParamsSchema,
    response: orderSchema,
    preHandler: [cancelRate],
    async handler({ auth, params }) {
      if (params.id === null) throw appError('order_not_found');
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
      async handler({ auth, body }) {
        await assertMayPlaceOrders(ctx, auth);
        return exchange.placeOrderForm(auth.user.id, side, body, limits);
      },
    });
  }

  // Spec B §7 POST /v1/orders/{orderType}: the same order through the same code, the type in
  // the path and the side in the body. The fixed paths above (buy, sell, request-for-quote)
  // take precedence over this parameter.
  defineRoute(app, authenticator, {
    method: 'POST',
    url: `${paths.orders.open}/:orderType`,
    auth: true,
    params: orderTypeParamsSchema,
    body: typedOrderFormSchema,
    response: orderSchema,
    async handler({ request, auth, params, body }) {
      const { side, ...form } = body;
      // The parsed form defaults algorithm_id to Limit: only one the caller sent can disagree.
      const sent = (request.body as Record<string, unknown>).algorithm_id !== undefined;
      if (sent && form.algorithm_id !== params.orderType) {
        throw validationError({ algorithm_id: ['algorithm_id must match the order type in the path.'] });
      }
      return exchange.placeOrderForm(auth.user.id, side, { ...form, algorithm_id: params.orderType }, limits);
    },
  });

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
