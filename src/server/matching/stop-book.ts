import type { Order, OrderId, PlaceStop } from './types';

/**
 * Stops (304) and trailing stops (308) waiting off-book for their trigger. The book owns one and
 * hands it validated requests and sequence numbers; fired stops leave it and come back to the
 * caller as market orders to place.
 */
export interface StopBook {
  readonly size: number;
  has(id: OrderId): boolean;
  get(id: OrderId): Order | null;
  add(stop: PlaceStop, seq: number): Order;
  /** Takes back a stop exactly as `values()` gave it (already validated). */
  restore(stop: Order): void;
  remove(id: OrderId): Order | null;
  /** Moves trailing triggers with the reference price, then removes and returns every stop it reaches, by seq. */
  trigger(referencePrice: number): Order[];
  /** Removes and returns the GTD stops with expiresAt <= nowMs, by (expiresAt, seq). */
  expireDue(nowMs: number): Order[];
  /** By seq. */
  values(): IterableIterator<Order>;
  clear(): void;
}
