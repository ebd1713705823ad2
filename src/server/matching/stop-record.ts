import { trailTrigger } from './trailing';
import type { Order, OrderId, OrderType, OwnerId, SelfTradePolicy, Side, TimeInForce, Trail } from './types';

/** A waiting stop of the heap stop book; the three indexes are its slots in the book's heaps. */
export class StopRecord {
  triggerIndex = -1;
  extremeIndex = -1;
  expiryIndex = -1;
  triggerPrice: number;
  extreme: number | null;
  readonly id: OrderId;
  readonly ownerId: OwnerId;
  readonly clientOrderId: string;
  readonly side: Side;
  readonly type: OrderType;
  readonly tif: TimeInForce;
  readonly remaining: number;
  readonly quoteAmount: bigint | null;
  readonly expiresAt: number | null;
  readonly seq: number;
  readonly selfTradePolicy: SelfTradePolicy | null;
  readonly trail: Trail | null;
  readonly maxSlippageBps: number | null;

  constructor(o: Order) {
    const s = o.stop as NonNullable<Order['stop']>;
    this.id = o.id;
    this.ownerId = o.ownerId;
    this.clientOrderId = o.clientOrderId;
    this.side = o.side;
    this.type = o.type;
    this.tif = o.tif;
    this.remaining = o.remaining;
    this.quoteAmount = o.quoteAmount;
    this.expiresAt = o.expiresAt;
    this.seq = o.seq;
    this.selfTradePolicy = o.selfTradePolicy;
    this.trail = s.trail;
    this.maxSlippageBps = s.maxSlippageBps;
    this.triggerPrice = s.triggerPrice;
    this.extreme = s.extreme;
  }

  /** A trailing stop moves its extreme to a better reference price and its trigger with it. */
  follow(referencePrice: number): void {
    this.extreme = referencePrice;
    this.triggerPrice = trailTrigger(this.side, referencePrice, this.trail as Trail);
  }

  snapshot(): Order {
    return {
      id: this.id,
      ownerId: this.ownerId,
      clientOrderId: this.clientOrderId,
      side: this.side,
      type: this.type,
      tif: this.tif,
      destination: 'lit',
      postOnly: false,
      price: null,
      remaining: this.remaining,
      filled: 0,
      quoteAmount: this.quoteAmount,
      expiresAt: this.expiresAt,
      seq: this.seq,
      selfTradePolicy: this.selfTradePolicy,
      stop: { triggerPrice: this.triggerPrice, trail: this.trail, extreme: this.extreme, maxSlippageBps: this.maxSlippageBps },
    };
  }
}
