import { protectionFromSlippage } from './slippage';
import { trailTrigger } from './trailing';
import { tifOf } from './validate';
import type { Order, PlaceOrder, PlaceStop } from './types';

/** The waiting stop for a validated request; a trailing stop starts from the given reference price. */
export function newStopOrder(s: PlaceStop, seq: number): Order {
  const tif = tifOf(s.type, s.tif);
  const trail = s.type === 'TRAILING_STOP' ? (s.trail ?? null) : null;
  const extreme = trail === null ? null : (s.referencePrice as number);
  return {
    id: s.id,
    ownerId: s.ownerId,
    clientOrderId: s.clientOrderId ?? '',
    side: s.side,
    type: s.type,
    tif,
    destination: 'lit',
    postOnly: false,
    price: null,
    remaining: s.qty ?? 0,
    filled: 0,
    quoteAmount: s.quoteAmount ?? null,
    expiresAt: tif === 'GTD' ? (s.expiresAt as number) : null,
    seq,
    selfTradePolicy: s.selfTradePolicy ?? null,
    stop: {
      triggerPrice: trail === null || extreme === null ? (s.triggerPrice as number) : trailTrigger(s.side, extreme, trail),
      trail,
      extreme,
      maxSlippageBps: s.maxSlippageBps ?? null,
    },
  };
}

/** The market order a fired stop becomes: same id and owner, protected by its max slippage. */
export function marketFromStop(stop: Order): PlaceOrder {
  const s = stop.stop;
  const protection = s === null || s.maxSlippageBps === null ? null : protectionFromSlippage(stop.side, s.triggerPrice, s.maxSlippageBps);
  return {
    id: stop.id,
    ownerId: stop.ownerId,
    clientOrderId: stop.clientOrderId,
    side: stop.side,
    type: 'MARKET',
    tif: 'GTC',
    ...(stop.quoteAmount === null ? { qty: stop.remaining } : { quoteAmount: stop.quoteAmount }),
    ...(protection === null ? {} : { protectionPrice: protection }),
    ...(stop.selfTradePolicy === null ? {} : { selfTradePolicy: stop.selfTradePolicy }),
  };
}
