import { orderIdParamsSchema } from '../../../shared/api/orders';

/** An order id of a path as the exchange numbers orders; null when it cannot be one. */
export function orderNumber(id: string): number | null {
  if (!/^\d{1,15}$/.test(id)) return null;
  const n = Number(id);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** DELETE /v1/orders/:id: an id that cannot be an order is answered like an unknown one (404), not 400. */
export const cancelParamsSchema = orderIdParamsSchema.transform(({ id }) => ({ id: orderNumber(id) }));
