import type { OrderWire } from '../../shared/api/orders';
import type { CoreState } from './core-state';
import { toOrderWire } from './order-record';
import { finish } from './settle';

// DELETE /v1/orders/{id} inside the writer. Only live orders of the caller can be cancelled;
// anything else comes back as null and the caller tells "not yours / unknown" (404) from
// "already done" (409) with what storage says, once this batch has committed.

export function cancelOrder(state: CoreState, userId: string, orderId: number): OrderWire | null {
  const record = state.live.get(orderId);
  if (!record || record.userId !== userId) return null;
  state.book(record.pair.symbol).cancel(String(orderId));
  finish(state, record, 'cancelled', 'Cancelled by the user.');
  return toOrderWire(record);
}
