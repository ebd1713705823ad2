import {
  auditResponseSchema,
  eddDecisionResponseSchema,
  ledgerResponseSchema,
  operatorEddDetailSchema,
  operatorEddListSchema,
  requireEddResponseSchema,
  wireCreditResponseSchema,
  withdrawalListSchema,
  withdrawalReviewSchema,
} from '../../../shared/api/operator';
import { paths } from '../../../shared/api/paths';
import { http } from '../../http/client';

// The operator console's calls (docs/API.md "Operator console"); failures show the global toast.

export const operatorApi = {
  eddRequests: () => http.get(paths.operator.eddRequests, { schema: operatorEddListSchema }),
  eddRequest: (id: string) => http.get(paths.operator.eddRequest(id), { schema: operatorEddDetailSchema }),
  reviewEdd: (id: string, decision: 'approve' | 'reject', note: string) =>
    http.post(paths.operator.eddReview(id), { decision, note }, { schema: eddDecisionResponseSchema }),
  requireEdd: (userId: string, note: string) =>
    http.post(paths.operator.requireEdd, { userId, note }, { schema: requireEddResponseSchema }),
  withdrawals: () => http.get(paths.operator.withdrawals, { schema: withdrawalListSchema }),
  reviewWithdrawal: (id: string, decision: 'approve' | 'reject', note: string) =>
    http.post(paths.operator.withdrawalReview(id), { decision, note }, { schema: withdrawalReviewSchema }),
  creditWire: (body: { userId: string; currency: string; amount: string; reference: string }) =>
    http.post(paths.operator.wireCredits, body, { schema: wireCreditResponseSchema }),
  ledger: (userId: string) => http.get(paths.operator.ledger, { query: { userId }, schema: ledgerResponseSchema }),
  audit: () => http.get(paths.operator.audit, { schema: auditResponseSchema }),
};
