import type { Destination, Order, OrderId, OrderType, OwnerId, SelfTradePolicy, Side, TimeInForce } from './types';
import type { PriceLevel } from './price-level';

/**
 * A resting order of the fast book, and at the same time a link of its price level's FIFO: the
 * prev/next pointers make cancel O(1) once the id map has found the node.
 */
export class OrderNode implements Order {
  prev: OrderNode | null = null;
  next: OrderNode | null = null;
  level: PriceLevel | null = null;
  /** Position in the book's GTD expiry heap, -1 when not in it. */
  expiryIndex = -1;
  remaining: number;
  filled: number;
  seq = 0;
  readonly dark: boolean;
  // Book orders never carry these; present so a node can be hashed as an Order without copying.
  readonly quoteAmount = null;
  readonly stop = null;

  constructor(
    readonly id: OrderId,
    readonly ownerId: OwnerId,
    readonly clientOrderId: string,
    readonly side: Side,
    readonly type: OrderType,
    readonly tif: TimeInForce,
    readonly destination: Destination,
    readonly postOnly: boolean,
    readonly price: number,
    remaining: number,
    filled: number,
    readonly expiresAt: number | null,
    readonly selfTradePolicy: SelfTradePolicy | null,
  ) {
    this.remaining = remaining;
    this.filled = filled;
    this.dark = destination === 'dark';
  }

  /** A detached copy: callers must never hold a live node, whose fields keep changing. */
  snapshot(): Order {
    return {
      id: this.id,
      ownerId: this.ownerId,
      clientOrderId: this.clientOrderId,
      side: this.side,
      type: this.type,
      tif: this.tif,
      destination: this.destination,
      postOnly: this.postOnly,
      price: this.price,
      remaining: this.remaining,
      filled: this.filled,
      quoteAmount: null,
      expiresAt: this.expiresAt,
      seq: this.seq,
      selfTradePolicy: this.selfTradePolicy,
      stop: null,
    };
  }
}
