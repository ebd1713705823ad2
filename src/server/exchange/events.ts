import type { BalanceWire } from '../../shared/api/account';
import type { OrderWire, TradeWire } from '../../shared/api/orders';

// The exchange core's domain events, emitted AFTER the database transaction that made them
// durable has committed. Market data, the hub and the simulator listen here; none of them
// reaches into the order service.

/** A public trade on a pair (one per fill). Decimal strings; time in epoch ms. */
export interface PublicTradeEvent {
  type: 'trade';
  pair: string; // btcusd
  tradeId: string;
  price: string;
  quantity: string;
  /** Taker side. */
  side: 'buy' | 'sell';
  at: number;
}

/** The published (lit) book of a pair changed; market data reads the depth lazily. */
export interface BookChangedEvent {
  type: 'book';
  pair: string;
}

/** A user's order changed status or fill (spec B §4 statuses). */
export interface UserOrderEvent {
  type: 'order';
  userId: string;
  order: OrderWire;
}

/** A user's own fill, as the trades list shows it. */
export interface UserTradeEvent {
  type: 'user-trade';
  userId: string;
  trade: TradeWire;
}

/** A user's balances changed (only the currencies that changed). */
export interface UserBalanceEvent {
  type: 'balance';
  userId: string;
  balances: BalanceWire[];
}

/**
 * A user's 30-day traded volume went above the configured alert level (CoreOptions
 * volumeAlertUsd): raised by the trade that crossed it, once per user while the exchange runs.
 */
export interface UserVolumeAlertEvent {
  type: 'volume-alert';
  userId: string;
  /** The 30-day USD volume after that trade. */
  volume30dUsd: string;
}

export type ExchangeEvent = PublicTradeEvent | BookChangedEvent | UserOrderEvent | UserTradeEvent | UserBalanceEvent | UserVolumeAlertEvent;

export type ExchangeListener = (event: ExchangeEvent) => void;

/** A synchronous, allocation-light event bus: listeners must not throw or block. */
export class ExchangeEvents {
  private readonly listeners = new Set<ExchangeListener>();

  on(listener: ExchangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: ExchangeEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
