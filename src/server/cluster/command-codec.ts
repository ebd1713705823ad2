import { z } from 'zod';
import { AppError, appError, type ErrorCode } from '../errors';
import { errorCatalogue } from '../errors/catalogue';

// What travels on the command stream and the reply channels. Both sides validate: a node of
// another version, or anything else writing to these keys, must not crash the reader.

/** The exchange calls an edge forwards to the core (and the core's market snapshot). */
export const clusterMethods = [
  'placeOrderForm',
  'cancelOrder',
  'requestQuote',
  'deposit',
  'withdraw',
  'beginDeposit',
  'beginWithdrawal',
  'settleTransfer',
  'feeRates',
  'marketSnapshot',
] as const;
export type ClusterMethod = (typeof clusterMethods)[number];

export const commandSchema = z.object({
  id: z.string().min(1).max(64),
  edge: z.string().min(1).max(64),
  method: z.enum(clusterMethods),
  args: z.array(z.unknown()),
  /** Epoch ms after which the edge has already answered 503: the core drops the command unrun. */
  deadline: z.number().int(),
});
export type ClusterCommand = z.infer<typeof commandSchema>;

const problemSchema = z.object({
  code: z.string(),
  detail: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** Retry-After of a rate the core counts (order-rate.ts). */
  retryAfter: z
    .string()
    .regex(/^\d{1,6}$/)
    .optional(),
});

export const replySchema = z.union([
  z.object({ id: z.string(), ok: z.literal(true), value: z.unknown() }),
  z.object({ id: z.string(), ok: z.literal(false), error: problemSchema }),
]);
export type ClusterReply = z.infer<typeof replySchema>;

/** A failure as the reply carries it: the catalogue code and texts; anything else is `internal`. */
export function encodeError(id: string, err: unknown): ClusterReply {
  if (err instanceof AppError) {
    const retryAfter = err.headers?.['retry-after'];
    return {
      id,
      ok: false,
      error: { code: err.code, detail: err.detail, ...(err.errors ? { errors: err.errors } : {}), ...(retryAfter ? { retryAfter } : {}) },
    };
  }
  return { id, ok: false, error: { code: 'internal', detail: errorCatalogue.internal.detail } };
}

/** The same AppError on the edge as the core threw, so the edge answers the same problem. */
export function decodeError(error: z.infer<typeof problemSchema>): AppError {
  const code = (error.code in errorCatalogue ? error.code : 'internal') as ErrorCode;
  return appError(code, {
    detail: error.detail,
    ...(error.errors ? { errors: error.errors } : {}),
    ...(error.retryAfter ? { headers: { 'retry-after': error.retryAfter } } : {}),
  });
}
