import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { wholeNumber } from '../../../shared/api/whole-number';
import type { AppContext } from '../../context';
import { appError } from '../../errors';
import { defineRoute } from '../../http/route';
import type { Exchange } from '../exchange';

// Development only: GET /dev/exchange/depth?pair=btcusd[&levels=50] — a pair's published (lit)
// depth straight from the engine, and the engine's state hash. Lets tests (the crash test) see
// the books a restarted server rebuilt; production has the hub's order book feed instead.

const querySchema = z.object({
  pair: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]{4,20}$/, 'pair must be base and quote joined, e.g. btcusd.'),
  levels: wholeNumber('levels', 1, 10_000).optional(),
});
const level = z.tuple([z.string(), z.string()]);
const responseSchema = z.object({ pair: z.string(), bids: z.array(level), asks: z.array(level), hash: z.string() });

export function registerDevDepthRoute(app: FastifyInstance, ctx: AppContext, exchange: Exchange): void {
  defineRoute(app, ctx.authenticator, {
    method: 'GET',
    url: '/dev/exchange/depth',
    auth: false,
    query: querySchema,
    response: responseSchema,
    async handler({ query }) {
      const depth = exchange.depth(query.pair, query.levels ?? 50);
      if (!depth)
        throw appError('unknown_pair', {
          detail: `Unknown currency pair ${query.pair}.`,
          errors: { 'query.pair': [`Unknown currency pair ${query.pair}.`] },
        });
      return { ...depth, hash: exchange.stateHash(query.pair) };
    },
  });
}
