import { z } from 'zod';

// Wire shapes the reference server answers that the other shared files do not (yet) declare.
// Written by the server engineer; see docs/API.md ("our choice" entries).

/** GET /healthz once the server is ready. */
export const healthResponseSchema = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** One row of GET /dev/outbox.json (development only), newest first. */
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
