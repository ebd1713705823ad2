import type { OrderWire } from '../../shared/api/orders';
import { fromUnits, toUnits, UNIT } from '../../shared/money/units';
import { orderTypeName, type Destination, type OrderStatus, type Side, type TimeInForce } from '../../shared/orders/order-types';
import type { OrderRow } from '../db/schema';
import type { PairSpec } from './pair-spec';

// The exchange's own view of an order: everything the wire, the ledger and storage need, in
// units. The engine keeps only what matching needs (ticks, lots, seq); this record keeps the
// money (what is held, filled, paid in fees) and the status the user sees.

/** Spec B §4 statuses we emit (shared/orders/order-types). */
export type ExchangeOrderStatus = OrderStatus;

export interface OrderRecord {
  id: number;
  userId: string;
  pair: PairSpec;
  clientOrderId: string | null;
  side: Side;
  algorithmId: number;
  tif: TimeInForce;
  destination: Destination;
  postOnly: boolean;
  /** Limit price, or a stop's trigger price as entered (units). */
  price: bigint | null;
  /** Current trigger of a stop (a trailing stop's moves). */
  stopPrice: bigint | null;
  stopAmount: string | null;
  stopPercent: string | null;
  maxSlippage: string | null;
  /** Base quantity ordered (units); null for a buy by amount. */
  quantity: bigint | null;
  /** Quote amount of a buy by amount (units). */
  amount: bigint | null;
  filled: bigint;
  filledAmount: bigint;
  fees: bigint;
  status: ExchangeOrderStatus;
  reason: string | null;
  holdCurrency: string;
  held: bigint;
  makerRate: bigint;
  takerRate: bigint;
  expires: number | null;
  quoteId: string | null;
  /** Resting on the book or waiting as a stop. */
  live: boolean;
  createdAt: number;
  updatedAt: number;
}

const iso = (ms: number) => new Date(ms).toISOString();
const opt = (v: bigint | null) => (v === null ? null : fromUnits(v));

/** Average fill price, truncated to 8 decimals; '0' before any fill. */
export function vwap(record: Pick<OrderRecord, 'filled' | 'filledAmount'>): string {
  return record.filled === 0n ? '0' : fromUnits((record.filledAmount * UNIT) / record.filled);
}

/** The order as GET /v1/orders and the push channel show it (orderSchema wire shape). */
export function toOrderWire(r: OrderRecord): OrderWire {
  return {
    id: String(r.id),
    client_order_id: r.clientOrderId,
    date_added: iso(r.createdAt),
    date_updated: iso(r.updatedAt),
    status: r.status,
    filled: fromUnits(r.filled),
    filled_amount: fromUnits(r.filledAmount),
    vwap: vwap(r),
    price: opt(r.price),
    quantity: opt(r.quantity),
    amount: opt(r.amount),
    pair: r.pair.symbol,
    action: r.side,
    type: orderTypeName(r.algorithmId) ?? String(r.algorithmId),
    algorithm_id: r.algorithmId,
    time_in_force: r.tif,
    destination: r.destination,
    stop_price: opt(r.stopPrice),
    expires: r.expires,
    fees: fromUnits(r.fees),
    reason: r.reason,
  };
}

/** The same wire shape straight from a stored row (reads never touch the writer's memory). */
export function rowToOrderWire(row: OrderRow): OrderWire {
  return {
    id: String(row.id),
    client_order_id: row.client_order_id,
    date_added: iso(Number(row.created_at)),
    date_updated: iso(Number(row.updated_at)),
    status: row.status,
    filled: row.filled,
    filled_amount: row.filled_amount,
    vwap: vwap({ filled: toUnits(row.filled), filledAmount: toUnits(row.filled_amount) }),
    price: row.price,
    quantity: row.quantity,
    amount: row.amount,
    pair: row.pair,
    action: row.side,
    type: orderTypeName(row.algorithm_id) ?? String(row.algorithm_id),
    algorithm_id: row.algorithm_id,
    time_in_force: row.time_in_force,
    destination: row.destination,
    stop_price: row.stop_price,
    expires: row.expires === null ? null : Number(row.expires),
    fees: row.fees,
    reason: row.reason,
  };
}

/** The row written for a record; `engineState` is the engine's JSON while the order is live. */
export function toOrderRow(r: OrderRecord, engineState: string | null): OrderRow {
  return {
    id: r.id,
    user_id: r.userId,
    pair: r.pair.symbol,
    client_order_id: r.clientOrderId,
    side: r.side,
    algorithm_id: r.algorithmId,
    time_in_force: r.tif,
    destination: r.destination,
    post_only: r.postOnly ? 1 : 0,
    price: opt(r.price),
    stop_price: opt(r.stopPrice),
    stop_amount: r.stopAmount,
    stop_percent: r.stopPercent,
    max_slippage: r.maxSlippage,
    quantity: opt(r.quantity),
    amount: opt(r.amount),
    filled: fromUnits(r.filled),
    filled_amount: fromUnits(r.filledAmount),
    fees: fromUnits(r.fees),
    status: r.status,
    reason: r.reason,
    hold_currency: r.holdCurrency,
    held: fromUnits(r.held),
    maker_rate: fromUnits(r.makerRate),
    taker_rate: fromUnits(r.takerRate),
    expires: r.expires,
    quote_id: r.quoteId,
    live: r.live ? 1 : 0,
    engine_state: r.live ? engineState : null,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

const units = (v: string | null) => (v === null ? null : toUnits(v));

/** A live order loaded at start. */
export function recordFromRow(row: OrderRow, pair: PairSpec): OrderRecord {
  return {
    id: Number(row.id),
    userId: row.user_id,
    pair,
    clientOrderId: row.client_order_id,
    side: row.side as Side,
    algorithmId: row.algorithm_id,
    tif: row.time_in_force as TimeInForce,
    destination: row.destination as Destination,
    postOnly: row.post_only === 1,
    price: units(row.price),
    stopPrice: units(row.stop_price),
    stopAmount: row.stop_amount,
    stopPercent: row.stop_percent,
    maxSlippage: row.max_slippage,
    quantity: units(row.quantity),
    amount: units(row.amount),
    filled: toUnits(row.filled),
    filledAmount: toUnits(row.filled_amount),
    fees: toUnits(row.fees),
    status: row.status as ExchangeOrderStatus,
    reason: row.reason,
    holdCurrency: row.hold_currency,
    held: toUnits(row.held),
    makerRate: toUnits(row.maker_rate),
    takerRate: toUnits(row.taker_rate),
    expires: row.expires === null ? null : Number(row.expires),
    quoteId: row.quote_id,
    live: row.live === 1,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}
