import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { createDocumentStore, type DocumentStore } from './document-store';
import { registerEddRoutes } from './edd-routes';
import { watchTradingVolume } from './volume-watch';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where EDD documents are kept (operators read them through it). */
    eddDocuments: DocumentStore;
  }
}

/** The EDD questionnaire routes, the document store behind them and the volume side of the rule. */
export async function registerEdd(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const store = createDocumentStore(ctx.config.dataDir);
  app.decorate('eddDocuments', store);
  const unwatch = watchTradingVolume(ctx, app.exchange.events, app.log);
  app.addHook('onClose', async () => unwatch());
  await registerEddRoutes(app, ctx, store);
}

export { assertMayPlaceOrders, evaluateEddRequirement, eddRequiredBy, markEddRequired } from './requirement';
export { isOperator, OPERATOR_ROLE } from './edd-routes';
