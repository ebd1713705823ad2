import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerOperatorRoutes } from './operator-routes';
import { createWithdrawalReviews, type WithdrawalReviews } from './withdrawal-reviews';

declare module 'fastify' {
  interface FastifyInstance {
    /** Large withdrawals waiting for an operator; the withdrawal processor holds and pays through it. */
    withdrawalReviews: WithdrawalReviews;
  }
}

/** The operator console's routes and the withdrawal review queue. */
export function registerOperator(app: FastifyInstance, ctx: AppContext): void {
  const withdrawals = createWithdrawalReviews(ctx);
  app.decorate('withdrawalReviews', withdrawals);
  registerOperatorRoutes(app, ctx, app.exchange, withdrawals);
}

export { appendAudit } from './audit-log';
export { setOperatorRole, listOperators } from './roles';
export type { WithdrawalDecisionHandlers, WithdrawalHold, WithdrawalReviews } from './withdrawal-reviews';
