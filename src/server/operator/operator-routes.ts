import type { FastifyInstance } from 'fastify';
import { paths } from '../../shared/api/paths';
import {
  auditQuerySchema,
  auditResponseSchema,
  eddDecisionResponseSchema,
  eddDecisionSchema,
  ledgerQuerySchema,
  ledgerResponseSchema,
  OPERATOR_ROLE,
  operatorEddDetailSchema,
  operatorEddListQuerySchema,
  operatorEddListSchema,
  operatorIdParamsSchema,
  requireEddResponseSchema,
  requireEddSchema,
  wireCreditResponseSchema,
  wireCreditSchema,
  withdrawalDecisionSchema,
  withdrawalListQuerySchema,
  withdrawalListSchema,
  withdrawalReviewSchema,
} from '../../shared/api/operator';
import type { AppContext } from '../context';
import { appError } from '../errors';
import type { Exchange } from '../exchange';
import { defineRoute } from '../http/route';
import { exchangeReads } from '../repositories/exchange-reads';
import { appendAudit } from './audit-log';
import { creditWire } from './wire-credits';
import { requireEdd, reviewEddRequest } from './edd-review';
import type { WithdrawalReviewRow, WithdrawalReviews } from './withdrawal-reviews';

// The operator console's calls. Every route is declared with roles: ['operator'], so the
// server refuses anyone else with 403 before validation or the handler run.

const roles = [OPERATOR_ROLE] as const;
const iso = (ms: number) => new Date(ms).toISOString();
/** Route paths with a parameter, written out so Fastify sees `:id` rather than an encoded one. */
const eddRequestPath = `${paths.operator.eddRequests}/:id`;

function withdrawalWire(r: WithdrawalReviewRow) {
  return { ...r, status: r.status as 'pending' | 'approved' | 'rejected', created_at: iso(r.created_at) };
}

export function registerOperatorRoutes(app: FastifyInstance, ctx: AppContext, exchange: Exchange, withdrawals: WithdrawalReviews): void {
  const { authenticator, database } = ctx;
  const db = database.db;

  defineRoute(app, authenticator, {
    method: 'GET',
    url: paths.operator.eddRequests,
    auth: true,
    roles,
    query: operatorEddListQuerySchema,
    response: operatorEddListSchema,
    async handler({ query }) {
      const rows = await db
        .selectFrom('edd_requests')
        .innerJoin('users', 'users.id', 'edd_requests.user_id')
        .select([
          'edd_requests.id',
          'edd_requests.user_id',
          'users.email',
          'edd_requests.required_form',
          'edd_requests.status',
          'edd_requests.created_at',
        ])
        .where('edd_requests.status', '=', query.status)
        .orderBy('edd_requests.created_at', 'asc')
        .limit(200)
        .execute();
      return { data: rows.map(({ created_at, ...r }) => ({ ...r, date_added: iso(created_at) })) };
    },
  });

  defineRoute(app, authenticator, {
    method: 'GET',
    url: eddRequestPath,
    auth: true,
    roles,
    params: operatorIdParamsSchema,
    response: operatorEddDetailSchema,
    async handler({ params }) {
      const row = await db
        .selectFrom('edd_requests')
        .innerJoin('users', 'users.id', 'edd_requests.user_id')
        .selectAll('edd_requests')
        .select('users.email')
        .where('edd_requests.id', '=', params.id)
        .executeTakeFirst();
      if (!row) throw appError('edd_request_not_found');
      const files = await db
        .selectFrom('edd_files')
        .select(['id', 'original_name', 'doc_type', 'content_type', 'size'])
        .where('request_id', '=', row.id)
        .execute();
      return {
        id: row.id,
        user_id: row.user_id,
        email: row.email,
        required_form: row.required_form,
        status: row.status,
        date_added: iso(row.created_at),
        responses: JSON.parse(row.responses) as [],
        files,
        review_note: row.review_note,
      };
    },
  });

  defineRoute(app, authenticator, {
    method: 'POST',
    url: `${eddRequestPath}/review`,
    auth: true,
    roles,
    params: operatorIdParamsSchema,
    body: eddDecisionSchema,
    response: eddDecisionResponseSchema,
    async handler({ auth, params, body }) {
      return reviewEddRequest(ctx, params.id, body.decision, body.note, auth.user.id);
    },
  });

  defineRoute(app, authenticator, {
    method: 'POST',
    url: paths.operator.requireEdd,
    auth: true,
    roles,
    body: requireEddSchema,
    response: requireEddResponseSchema,
    async handler({ auth, body }) {
      return requireEdd(ctx, body.userId, body.note, auth.user.id);
    },
  });

  registerMoneyRoutes(app, ctx, exchange, withdrawals);
}

/** Large withdrawals, wire credits, ledgers and the audit log. */
function registerMoneyRoutes(app: FastifyInstance, ctx: AppContext, exchange: Exchange, withdrawals: WithdrawalReviews): void {
  const { authenticator, database } = ctx;
  const db = database.db;
  const reads = exchangeReads(db, database.dialect);

  defineRoute(app, authenticator, {
    method: 'GET',
    url: paths.operator.withdrawals,
    auth: true,
    roles,
    query: withdrawalListQuerySchema,
    response: withdrawalListSchema,
    async handler({ query }) {
      return { data: (await withdrawals.list(query.status)).map(withdrawalWire) };
    },
  });

  defineRoute(app, authenticator, {
    method: 'POST',
    url: `${paths.operator.withdrawals}/:id/review`,
    auth: true,
    roles,
    params: operatorIdParamsSchema,
    body: withdrawalDecisionSchema,
    response: withdrawalReviewSchema,
    async handler({ auth, params, body }) {
      return withdrawalWire(await withdrawals.decide(params.id, body.decision, body.note, auth.user.id));
    },
  });

  defineRoute(app, authenticator, {
    method: 'POST',
    url: paths.operator.wireCredits,
    auth: true,
    roles,
    body: wireCreditSchema,
    response: wireCreditResponseSchema,
    async handler({ auth, body }) {
      return creditWire(ctx, exchange, body, auth.user.id);
    },
  });

  defineRoute(app, authenticator, {
    method: 'GET',
    url: paths.operator.ledger,
    auth: true,
    roles,
    query: ledgerQuerySchema,
    response: ledgerResponseSchema,
    async handler({ auth, query }) {
      const user = await db
        .selectFrom('users')
        .select(['id', 'email', 'enhanced_due_diligence_required'])
        .where('id', '=', query.userId)
        .executeTakeFirst();
      if (!user) throw appError('user_not_found');
      // Newest first, read as the customer's own history is (one index range per currency).
      const lines = (await reads.transactions(user.id, { limit: query.limit })).map(
        ({ id, action, currency, amount, status, ref, created_at }) => ({
          id,
          action,
          currency,
          amount,
          status,
          ref,
          created_at,
        }),
      );
      await appendAudit(db, { actorId: auth.user.id, action: 'ledger.read', subject: user.id }, ctx.clock.now());
      return {
        user_id: user.id,
        email: user.email,
        enhanced_due_diligence_required: !!user.enhanced_due_diligence_required,
        lines: lines.map((l) => ({ ...l, created_at: iso(l.created_at) })),
      };
    },
  });

  defineRoute(app, authenticator, {
    method: 'GET',
    url: paths.operator.audit,
    auth: true,
    roles,
    query: auditQuerySchema,
    response: auditResponseSchema,
    async handler({ query }) {
      const rows = await db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(query.limit).execute();
      return { data: rows.map((r) => ({ ...r, created_at: iso(r.created_at) })) };
    },
  });
}
