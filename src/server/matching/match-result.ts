import type { Fill, MatchResult, Order, OrderId, RejectReason } from './types';

// Shared, frozen empties: most placements neither fill nor cancel anything, and allocating two
// empty arrays per order is measurable in the hot path.
export const NO_FILLS: readonly Fill[] = Object.freeze([] as Fill[]);
export const NO_ORDERS: readonly Order[] = Object.freeze([] as Order[]);

export function rejected(orderId: OrderId, reason: RejectReason): MatchResult {
  return {
    orderId,
    status: 'REJECTED',
    reason,
    fills: NO_FILLS,
    filledQty: 0,
    remainingQty: 0,
    quoteRemaining: null,
    resting: null,
    selfTradeCancelled: NO_ORDERS,
  };
}

/** Expired orders come from the book and the stops; both lists are merged by (expiresAt, seq). */
export function byExpiry(a: Order, b: Order): number {
  return (a.expiresAt as number) - (b.expiresAt as number) || a.seq - b.seq;
}
