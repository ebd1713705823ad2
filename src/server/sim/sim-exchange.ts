import type { Side } from './pair-market';

// What the simulator sends the exchange and what it counts, shared by the simulator's loop and
// the part that places its orders.

export type PlaceResult = { ok: true; orderId: string; resting: boolean } | { ok: false; code: string };

export interface LimitOrder {
  userId: string;
  pair: string;
  side: Side;
  price: string;
  quantity: string;
  postOnly: boolean;
  timeInForce: 'GTC' | 'IOC';
}

/**
 * What the simulator needs from the exchange, for its own system accounts only. Each call must
 * enqueue its command before returning its promise, so calls made together apply in call order.
 */
export interface SimExchange {
  placeLimit(order: LimitOrder): Promise<PlaceResult>;
  /** False when the order is no longer open (filled meanwhile). */
  cancel(userId: string, orderId: string): Promise<boolean>;
  openOrderIds(userId: string): Promise<string[]>;
}

export interface SimulatorLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface SimulatorStats {
  events: number;
  quotes: number;
  takes: number;
  /** Orders the exchange refused, by code (post-only crossing, balance…). */
  refused: Record<string, number>;
  refills: number;
  errors: number;
  /** Events skipped because the exchange could not keep up with the rate. */
  dropped: number;
}
