import { z } from 'zod';
import { wholeNumber } from './whole-number';

// Wire shapes of the exchange core that the other shared files do not declare (yet). Written by
// the exchange engineer for the lead to fold into api/orders.ts and api/account.ts; see
// docs/API.md ("Exchange").

const pairField = z.string().trim().toLowerCase().regex(/^[a-z0-9]{4,20}$/, 'pair must be base and quote joined, e.g. btcusd.');
const limitField = (max: number) => wholeNumber('limit', 1, max);

/** GET /v1/orders and GET /v1/orders/done: optional pair filter; done orders are newest first, `limit` of them (default 100). */
export const orderListQuerySchema = z.object({
  pair: pairField.optional(),
  limit: limitField(1000).optional(),
});
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

/** GET /v1/account-management/trades: newest first; `after` is the `cursor` of the last trade already seen. */
export const tradeListQuerySchema = z.object({
  pair: pairField.optional(),
  limit: limitField(1000).optional(),
  after: z.string().regex(/^\d{1,15}$/, 'after must be a trade cursor.').optional(),
});
export type TradeListQuery = z.output<typeof tradeListQuerySchema>;

/** DELETE /v1/orders/{id}. */
export const orderIdParamsSchema = z.object({ id: z.string().max(64) });
