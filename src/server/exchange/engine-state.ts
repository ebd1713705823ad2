import type { Order } from '../matching';

// A live order's engine state is stored as JSON (orders.engine_state) and handed back to
// OrderBook.restore at start, so time priority (seq), trailing extremes and every field the
// book needs survive a restart exactly. bigint is the one type JSON lacks.

export function engineStateToJson(order: Order): string {
  // quoteAmount is the only bigint an engine order has; no replacer keeps JSON.stringify fast.
  const q = order.quoteAmount;
  return JSON.stringify(q === null ? order : { ...order, quoteAmount: { $big: q.toString() } });
}

export function engineStateFromJson(json: string): Order {
  return JSON.parse(json, (_k, v: unknown) => {
    if (v !== null && typeof v === 'object' && '$big' in v && typeof (v as { $big: unknown }).$big === 'string') {
      return BigInt((v as { $big: string }).$big);
    }
    return v;
  }) as Order;
}
