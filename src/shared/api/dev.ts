import { z } from 'zod';
import { currencyCode } from './currency-code';
import { positiveDecimalString } from '../money/decimal-field';

// The development routes (only with DEV_ROUTES; see docs/API.md "Development routes"): the
// outbox every mail and SMS lands in, and the faucet.

/** One row of GET /dev/outbox.json, newest first. */
export const outboxEntrySchema = z.object({
  id: z.number().int(),
  to: z.string(),
  channel: z.enum(['email', 'sms']),
  subject: z.string().nullable(),
  body: z.string(),
  code: z.string().nullable(),
  link: z.string().nullable(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;
export const outboxListSchema = z.array(outboxEntrySchema);

/** POST /dev/faucet: credit the logged-in user. */
export const faucetRequestSchema = z.object({
  currency: currencyCode('currency', 'upper'),
  amount: positiveDecimalString('amount'),
});
