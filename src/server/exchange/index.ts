import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { toUnits } from '../../shared/money/units';
import type { AppContext } from '../context';
import { ExchangeEvents } from './events';
import { createExchange, type Exchange, type ExchangeOptions } from './exchange';
import { registerTradingAccountRoutes } from './routes/trading-account-routes';
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
  options: Partial<Omit<ExchangeOptions, 'database'>> & { instance?: Exchange } = {},
): Promise<Exchange> {
  // A cluster's edge brings its own: the core's exchange reached over the command stream.
  const exchange =
    options.instance ??
    createExchange({
      database: ctx.database,
      clock: ctx.clock,
      events: options.events ?? new ExchangeEvents(),
      log: app.log,
      ...(ctx.config.exchangeCommit === 'inline' ? { inlineCommit: true } : {}),
      ...options,
      // The tiers and the EDD volume level of the configuration, unless the caller brings its own core options.
      core: { feeTiers: ctx.config.money.feeTiers, volumeAlertUsd: usdUnits(ctx.config.eddVolumeThresholdUsd), ...options.core },
    });
  await exchange.start();
  app.decorate('exchange', exchange);
  app.addHook('onClose', async () => exchange.stop());
  registerOrderRoutes(app, ctx, exchange);
  registerTradingAccountRoutes(app, ctx, exchange);
  registerMarketRoutes(app, ctx, exchange);
  if (ctx.config.devRoutes) {
    registerFaucetRoute(app, ctx, exchange);
    registerDevDepthRoute(app, ctx, exchange);
  }
  return exchange;
}

/** A configured USD amount (a number) in units, without a binary float's digits beyond 8 decimals. */
function usdUnits(usd: number): bigint {
  return toUnits(new Decimal(usd).toFixed(8, Decimal.ROUND_DOWN));
}

export { createExchange, type Exchange, type ExchangeOptions } from './exchange';
export { ExchangeEvents } from './events';
