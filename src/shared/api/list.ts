import { z } from 'zod';

/**
 * List answers (orders, done orders, trades, balances): our server sends a bare array; another
 * back end may wrap it as `{ data: [...] }`. Both read as the array.
 */
export function listResponse<S extends z.ZodType>(item: S) {
  return z
    .union([z.array(item), z.object({ data: z.array(item) }).passthrough()])
    .transform((v) => (Array.isArray(v) ? v : v.data) as z.output<S>[]);
}
