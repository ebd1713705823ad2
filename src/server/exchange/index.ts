import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ExchangeEvents } from './events';
import { createExchange, type Exchange, type ExchangeOptions } from './exchange';
import { registerAccountRoutes } from './routes/account-routes';
import { registerDevDepthRoute } from './routes/dev-depth-route';
import { registerFaucetRoute } from './routes/faucet-route';
import { registerMarketRoutes } from './routes/market-routes';
import { registerOrderRoutes } from './routes/order-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The exchange core service (orders, ledger, books); `app.exchange.events` is its event bus. */
    exchange: Exchange;
  }
}

/**
 * Creates and starts the exchange on the app's database and clock, registers its routes and
 * stops it (answering what is queued) when the app closes, before the database closes.
 */
export async function registerExchange(
  app: FastifyInstance,
  ctx: AppContext,
  options: Partial<Omit<ExchangeOptions, 'database'>> = {},
): Promise<Exchange> {
  const exchange = createExchange({
    database: ctx.database,
    clock: ctx.clock,
    events: options.events ?? new ExchangeEvents(),
    log: app.log,
    // EXCHANGE_COMMIT=inline writes SQLite batches on the main connection instead of the writer thread.
    ...(process.env.EXCHANGE_COMMIT === 'inline' ? { inlineCommit: true } : {}),
    ...options,
  });
  await exchange.start();
  app.decorate('exchange', exchange);
  app.addHook('onClose', async () => exchange.stop());
  registerOrderRoutes(app, ctx, exchange);
  registerAccountRoutes(app, ctx, exchange);
  registerMarketRoutes(app, ctx, exchange);
  if (ctx.config.devRoutes) {
    registerFaucetRoute(app, ctx, exchange);
    registerDevDepthRoute(app, ctx, exchange);
  }
  return exchange;
}

export { createExchange, type Exchange, type ExchangeOptions } from './exchange';
export { ExchangeEvents } from './events';
