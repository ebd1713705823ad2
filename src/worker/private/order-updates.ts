import type { Order, Trade } from '../../shared/api/orders';
import { isCancelledStatus, isDoneStatus } from '../../shared/orders/order-types';
import { Decimal } from '../decimal/decimal';

// Spec B §4 "Order status (live updates over the push channel)", as pure list transitions:
//   cancelled/canceled          → out of open, put or merged into done
//   done/filled/completed       → out of open, merged or added into done, and a trade added
//   anything else               → updated or added in open

export interface OrderLists {
  readonly open: readonly Order[];
  readonly done: readonly Order[];
  readonly trades: readonly Trade[];
}

/** Trade id of the trade synthesised from a done order, until the real trade arrives. */
export const syntheticTradeId = (orderId: string) => `order:${orderId}`;

export function applyOrderUpdate(lists: OrderLists, order: Order): OrderLists {
  if (isCancelledStatus(order.status)) {
    return { open: without(lists.open, order.id), done: upsert(lists.done, order), trades: lists.trades };
  }
  if (isDoneStatus(order.status)) {
    const done = upsert(lists.done, order);
    const hasTrade = lists.trades.some((t) => t.order_id === order.id);
    return {
      open: without(lists.open, order.id),
      done,
      trades: hasTrade ? lists.trades : Object.freeze([tradeFromOrder(merged(lists.done, order)), ...lists.trades]),
    };
  }
  return { open: upsert(lists.open, order), done: lists.done, trades: lists.trades };
}

/** A pushed trade replaces the synthesised one of its order, or an earlier copy of itself. */
export function applyTradeUpdate(trades: readonly Trade[], trade: Trade): readonly Trade[] {
  const synthetic = syntheticTradeId(trade.order_id);
  const i = trades.findIndex((t) => t.trade_id === trade.trade_id || t.trade_id === synthetic);
  if (i < 0) return Object.freeze([trade, ...trades]);
  const next = [...trades];
  next[i] = trade;
  // A second synthetic leftover cannot exist: one per order.
  return Object.freeze(next);
}

function merged(list: readonly Order[], order: Order): Order {
  const old = list.find((o) => o.id === order.id);
  return old ? { ...old, ...defined(order) } : order;
}

/** Merges into an existing entry (same id) in place, else adds at the top. */
function upsert(list: readonly Order[], order: Order): readonly Order[] {
  const i = list.findIndex((o) => o.id === order.id);
  if (i < 0) return Object.freeze([order, ...list]);
  const next = [...list];
  next[i] = { ...list[i]!, ...defined(order) };
  return Object.freeze(next);
}

function without(list: readonly Order[], id: string): readonly Order[] {
  return list.some((o) => o.id === id) ? Object.freeze(list.filter((o) => o.id !== id)) : list;
}

/** Fields an update leaves out keep their earlier values. */
function defined(order: Order): Partial<Order> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(order)) if (v !== undefined) out[k] = v;
  return out as Partial<Order>;
}

/** The trade a done order implies: filled quantity at its average price. */
export function tradeFromOrder(order: Order): Trade {
  const quantity = order.filled ?? order.quantity ?? '0';
  const price = order.vwap ?? order.price ?? '0';
  const amount = order.filled_amount ?? new Decimal(quantity || '0').mul(price || '0').toFixed();
  const fees = order.fees ?? '0';
  // Net of fees: a buyer pays amount + fees, a seller receives amount − fees.
  const net = order.action.toLowerCase() === 'buy' ? new Decimal(amount).plus(fees) : new Decimal(amount).minus(fees);
  return {
    cursor: order.id,
    trade_id: syntheticTradeId(order.id),
    order_id: order.id,
    date_updated: order.date_updated ?? order.date_added,
    action: order.action,
    currency_pair: order.pair,
    quantity,
    amount,
    price,
    fees,
    net_amount: net.toFixed(),
  };
}
