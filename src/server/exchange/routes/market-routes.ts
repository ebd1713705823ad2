import type { FastifyInstance } from 'fastify';
import { candleListSchema, candleQuerySchema } from '../../../shared/api/account';
import { paths } from '../../../shared/api/paths';
import type { AppContext } from '../../context';
import { appError } from '../../errors';
import { defineRoute } from '../../http/route';
import { exchangeReads } from '../../repositories/exchange-reads';
import type { Exchange } from '../exchange';

/** GET /v1/market/candles?pair=&interval=1d|1w[&limit=]: OHLCV of our own trades, oldest first; time = bucket start (epoch ms). */
export function registerMarketRoutes(app: FastifyInstance, ctx: AppContext, exchange: Exchange): void {
  const reads = exchangeReads(ctx.database.db, ctx.database.dialect);
  defineRoute(app, ctx.authenticator, {
    method: 'GET',
    url: paths.market.candles,
    auth: true,
    query: candleQuerySchema,
    response: candleListSchema,
    async handler({ query }) {
      if (!exchange.pairs().some((p) => p.symbol === query.pair)) {
        throw appError('unknown_pair', {
          detail: `Unknown currency pair ${query.pair}.`,
          errors: { 'query.pair': [`Unknown currency pair ${query.pair}.`] },
        });
      }
      const rows = await reads.candles(query.pair, query.interval, query.limit ?? 500);
      return rows.map((c) => ({ time: Number(c.start), open: c.open, high: c.high, low: c.low, close: c.close, volume: c.volume }));
    },
  });
}
