import type { FastifyInstance } from 'fastify';
import { orderFormSchema, orderListSchema, orderSchema, quoteRequestSchema, quoteResponseSchema } from '../../../shared/api/orders';
import { orderIdParamsSchema, orderListQuerySchema } from '../../../shared/api/exchange-extras';
import { paths } from '../../../shared/api/paths';
import { sides } from '../../../shared/orders/order-types';
import type { AppContext } from '../../context';
import { defineRoute } from '../../http/route';
import { exchangeReads } from '../../repositories/exchange-reads';
import type { Exchange } from '../exchange';
import { rowToOrderWire } from '../order-record';

/** Spec B §7 order calls: open and done orders, cancel, create (our path: /v1/orders/buy|sell), request for quote. */
export function registerOrderRoutes(app: FastifyInstance, ctx: AppContext, exchange: Exchange): void {
  const { authenticator, database } = ctx;
  const reads = exchangeReads(database.db);

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
      async handler({ auth, body }) {
        return exchange.placeOrderForm(auth.user.id, side, body);
      },
    });
  }

  defineRoute(app, authenticator, {
    method: 'POST',
    url: paths.orders.requestForQuote,
    auth: true,
    body: quoteRequestSchema,
    response: quoteResponseSchema,
    async handler({ auth, body }) {
      return exchange.requestQuote(auth.user.id, body);
    },
  });
}
