import { z } from 'zod';

// The JSON problem body every 4xx and 5xx answer carries (RFC 9457 shape plus field errors).
export const problemSchema = z.object({
  type: z.string().optional(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  /** Stable machine code from the server's error catalogue. */
  code: z.string().optional(),
  /** Validation errors: field path (dotted) → messages. */
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type Problem = z.infer<typeof problemSchema>;
