import { z } from 'zod';
import { currencyCode } from './currency-code';
import { positiveDecimalString } from '../money/decimal-field';

// The operator console's calls (beyond the specs; docs/API.md "Operator console"). Every one
// needs the `operator` role, which only the command-line script grants.

export const OPERATOR_ROLE = 'operator';

const userId = z.string({ error: 'userId is required.' }).trim().min(1, 'userId is required.').max(64, 'userId is at most 64 characters.');
const note = z.string().trim().min(1, 'A note is required.').max(2000);
const idParam = z.object({ id: z.string().min(1).max(64) });
export const operatorIdParamsSchema = idParam;

export const eddReviewStatuses = ['Submitted', 'Approved', 'Rejected'] as const;

export const operatorEddListQuerySchema = z.object({ status: z.enum(eddReviewStatuses).default('Submitted') });
export const operatorEddSummarySchema = z.object({
  id: z.string(),
  user_id: z.string(),
  email: z.string(),
  required_form: z.string(),
  status: z.string(),
  date_added: z.string(),
});
export const operatorEddListSchema = z.object({ data: z.array(operatorEddSummarySchema) });

export const operatorEddDetailSchema = operatorEddSummarySchema.extend({
  responses: z.array(
    z.object({ id: z.string(), response: z.string(), optional_free_form: z.string().optional(), prompt_type: z.string().optional() }),
  ),
  files: z.array(z.object({ id: z.string(), original_name: z.string(), doc_type: z.string(), content_type: z.string(), size: z.number() })),
  review_note: z.string().nullable(),
});
export type OperatorEddDetail = z.infer<typeof operatorEddDetailSchema>;

export const eddDecisionSchema = z.object({ decision: z.enum(['approve', 'reject']), note });
export const eddDecisionResponseSchema = z.object({
  id: z.string(),
  status: z.enum(eddReviewStatuses),
  enhanced_due_diligence_required: z.boolean(),
});

export const requireEddSchema = z.object({ userId, note });
export const requireEddResponseSchema = z.object({ user_id: z.string(), enhanced_due_diligence_required: z.literal(true) });

export const withdrawalReviewStatuses = ['pending', 'approved', 'rejected'] as const;
export const withdrawalListQuerySchema = z.object({ status: z.enum(withdrawalReviewStatuses).default('pending') });
export const withdrawalReviewSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  currency: z.string(),
  amount: z.string(),
  destination: z.string(),
  /** The customer's email (in the list). */
  email: z.string().optional(),
  status: z.enum(withdrawalReviewStatuses),
  note: z.string().nullable(),
  created_at: z.string(),
});
export const withdrawalListSchema = z.object({ data: z.array(withdrawalReviewSchema) });
export const withdrawalDecisionSchema = eddDecisionSchema;

export const wireCreditSchema = z.object({
  userId,
  currency: currencyCode(),
  amount: positiveDecimalString('amount'),
  reference: z
    .string({ error: 'reference is required.' })
    .trim()
    .min(1, { message: 'reference is required.', abort: true })
    .min(4, 'reference is at least 4 characters.')
    .max(64, 'reference is at most 64 characters.')
    .regex(/^[A-Za-z0-9-]+$/, 'reference is letters, digits and dashes.'),
});
export const wireCreditResponseSchema = z.object({
  reference: z.string(),
  user_id: z.string(),
  currency: z.string(),
  amount: z.string(),
  balance: z.string(),
});

export const ledgerQuerySchema = z.object({ userId, limit: z.coerce.number().int().min(1).max(500).default(100) });
export const ledgerResponseSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  enhanced_due_diligence_required: z.boolean(),
  lines: z.array(
    z.object({
      id: z.number(),
      action: z.string(),
      currency: z.string(),
      amount: z.string(),
      status: z.string(),
      ref: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});

export const auditQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });
export const auditResponseSchema = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      actor_id: z.string(),
      action: z.string(),
      subject: z.string().nullable(),
      detail: z.string(),
      created_at: z.string(),
    }),
  ),
});
