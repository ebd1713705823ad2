import { trailTrigger } from './trailing';
import type { Order, OrderType, PlaceOrder, PlaceStop, RejectReason, SelfTradePolicy, TimeInForce, Trail } from './types';

// Boundary checks shared by the fast and the reference book, so both see exactly the same valid
// requests and the matching code can trust every tick and lot to be a safe integer.

export const BPS = 10_000;

const TIF_BY_TYPE: Readonly<Record<OrderType, readonly TimeInForce[]>> = {
  // Spec B §5 "Time in force by type"; IOC (309) is a limit IOC and takes nothing else.
  MARKET: ['GTC', 'FOK'],
  LIMIT: ['GTC', 'IOC', 'FOK', 'GTD'],
  IOC: ['IOC'],
  STOP: ['GTC', 'GTD'],
  TRAILING_STOP: ['GTC', 'GTD'],
};

const POLICIES: readonly SelfTradePolicy[] = ['CANCEL_RESTING', 'CANCEL_TAKER', 'CANCEL_BOTH'];

export function isLots(n: unknown): n is number {
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 1;
}

export const isTicks = isLots;

function isCount(n: unknown): n is number {
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
}

// JSON-born requests carry null where TypeScript says undefined; both mean "not given".
function absent(v: unknown): v is null | undefined {
  return v === undefined || v === null;
}

export function tifOf(type: OrderType, tif: TimeInForce | undefined): TimeInForce {
  return tif ?? (type === 'IOC' ? 'IOC' : 'GTC');
}

export function restsOnBook(type: OrderType, tif: TimeInForce): boolean {
  return type === 'LIMIT' && (tif === 'GTC' || tif === 'GTD');
}

function checkIdentity(o: { id: unknown; ownerId: unknown; clientOrderId?: unknown; side: unknown }): RejectReason | null {
  if (typeof o.id !== 'string' || o.id.length === 0) return 'INVALID_ORDER_ID';
  if (typeof o.ownerId !== 'string' || o.ownerId.length === 0) return 'INVALID_OWNER_ID';
  if (!absent(o.clientOrderId) && typeof o.clientOrderId !== 'string') return 'INVALID_CLIENT_ORDER_ID';
  if (o.side !== 'buy' && o.side !== 'sell') return 'INVALID_SIDE';
  return null;
}

function checkTifAndExpiry(type: OrderType, tif: TimeInForce, expiresAt: unknown): RejectReason | null {
  if (!TIF_BY_TYPE[type].includes(tif)) return 'INVALID_TIME_IN_FORCE';
  if (tif === 'GTD') return isCount(expiresAt) ? null : 'INVALID_EXPIRY';
  return absent(expiresAt) ? null : 'INVALID_EXPIRY';
}

function checkPolicy(policy: unknown): RejectReason | null {
  return absent(policy) || POLICIES.includes(policy as SelfTradePolicy) ? null : 'INVALID_SELF_TRADE_POLICY';
}

/** Base quantity or (buys only) quote amount: exactly one of them. */
function checkSize(side: unknown, qty: unknown, quoteAmount: unknown): RejectReason | null {
  if (absent(quoteAmount)) return isLots(qty) ? null : 'INVALID_QUANTITY';
  if (side !== 'buy' || !absent(qty)) return 'INVALID_QUOTE_AMOUNT';
  return typeof quoteAmount === 'bigint' && quoteAmount > 0n ? null : 'INVALID_QUOTE_AMOUNT';
}

export function isTrail(trail: unknown): trail is Trail {
  if (typeof trail !== 'object' || trail === null) return false;
  const t = trail as { kind?: unknown; ticks?: unknown; bps?: unknown };
  if (t.kind === 'ticks') return isTicks(t.ticks);
  // A trail of the whole price or more could never fire for a sell.
  return t.kind === 'bps' && isLots(t.bps) && t.bps < BPS;
}

function isSlippage(bps: unknown): boolean {
  return isCount(bps) && bps <= BPS;
}

export function checkPlace(o: PlaceOrder): RejectReason | null {
  const identity = checkIdentity(o);
  if (identity !== null) return identity;
  if (o.type !== 'LIMIT' && o.type !== 'IOC' && o.type !== 'MARKET') return 'INVALID_ORDER_TYPE';
  const tif = tifOf(o.type, o.tif);
  const timing = checkTifAndExpiry(o.type, tif, o.expiresAt);
  if (timing !== null) return timing;
  const policy = checkPolicy(o.selfTradePolicy);
  if (policy !== null) return policy;
  if (!absent(o.destination) && o.destination !== 'lit' && !(o.destination === 'dark' && o.type === 'LIMIT')) {
    return 'INVALID_DESTINATION';
  }
  if (!absent(o.postOnly) && typeof o.postOnly !== 'boolean') return 'POST_ONLY_NOT_ALLOWED';
  if (o.postOnly === true && !restsOnBook(o.type, tif)) return 'POST_ONLY_NOT_ALLOWED';
  if (o.type === 'MARKET') {
    if (!absent(o.price)) return 'INVALID_PRICE';
    if (!absent(o.protectionPrice) && !isTicks(o.protectionPrice)) return 'INVALID_PROTECTION_PRICE';
    return checkSize(o.side, o.qty, o.quoteAmount);
  }
  if (!isTicks(o.price)) return 'INVALID_PRICE';
  if (!isLots(o.qty)) return 'INVALID_QUANTITY';
  if (!absent(o.quoteAmount)) return 'INVALID_QUOTE_AMOUNT';
  if (!absent(o.protectionPrice)) return 'INVALID_PROTECTION_PRICE';
  return null;
}

export function checkStop(s: PlaceStop): RejectReason | null {
  const identity = checkIdentity(s);
  if (identity !== null) return identity;
  if (s.type !== 'STOP' && s.type !== 'TRAILING_STOP') return 'INVALID_ORDER_TYPE';
  const timing = checkTifAndExpiry(s.type, tifOf(s.type, s.tif), s.expiresAt);
  if (timing !== null) return timing;
  const policy = checkPolicy(s.selfTradePolicy);
  if (policy !== null) return policy;
  const size = checkSize(s.side, s.qty, s.quoteAmount);
  if (size !== null) return size;
  if (!absent(s.maxSlippageBps) && !isSlippage(s.maxSlippageBps)) return 'INVALID_SLIPPAGE';
  if (s.type === 'STOP') {
    if (!isTicks(s.triggerPrice)) return 'INVALID_TRIGGER_PRICE';
    if (!absent(s.trail)) return 'INVALID_TRAIL';
    return absent(s.referencePrice) ? null : 'INVALID_REFERENCE_PRICE';
  }
  if (!absent(s.triggerPrice)) return 'INVALID_TRIGGER_PRICE';
  if (!isTrail(s.trail)) return 'INVALID_TRAIL';
  return isTicks(s.referencePrice) ? null : 'INVALID_REFERENCE_PRICE';
}

/** An order handed to `restore`: it must be something a book could have produced. */
export function checkRestored(o: Order): RejectReason | null {
  const identity = checkIdentity(o);
  if (identity !== null) return identity;
  if (typeof o.clientOrderId !== 'string') return 'INVALID_CLIENT_ORDER_ID';
  if (!isLots(o.seq)) return 'INVALID_SEQUENCE';
  const timing = TIF_BY_TYPE[o.type] === undefined ? 'INVALID_ORDER_TYPE' : checkTifAndExpiry(o.type, o.tif, o.expiresAt);
  if (timing !== null) return timing;
  const policy = checkPolicy(o.selfTradePolicy);
  if (policy !== null) return policy;
  if (!isCount(o.filled) || !isCount(o.remaining) || !Number.isSafeInteger(o.filled + o.remaining)) return 'INVALID_QUANTITY';
  const s = o.stop;
  if (s === null) {
    if (!restsOnBook(o.type, o.tif)) return 'INVALID_ORDER_TYPE';
    if (o.destination !== 'lit' && o.destination !== 'dark') return 'INVALID_DESTINATION';
    if (typeof o.postOnly !== 'boolean') return 'POST_ONLY_NOT_ALLOWED';
    if (!isTicks(o.price)) return 'INVALID_PRICE';
    if (o.remaining < 1) return 'INVALID_QUANTITY';
    return o.quoteAmount === null ? null : 'INVALID_QUOTE_AMOUNT';
  }
  if (o.type !== 'STOP' && o.type !== 'TRAILING_STOP') return 'INVALID_ORDER_TYPE';
  if (o.destination !== 'lit') return 'INVALID_DESTINATION';
  if (o.postOnly !== false) return 'POST_ONLY_NOT_ALLOWED';
  if (o.price !== null) return 'INVALID_PRICE';
  if (o.filled !== 0) return 'INVALID_QUANTITY';
  const size = checkSize(o.side, o.remaining === 0 ? null : o.remaining, o.quoteAmount);
  if (size !== null) return size;
  if (s.maxSlippageBps !== null && !isSlippage(s.maxSlippageBps)) return 'INVALID_SLIPPAGE';
  if (o.type === 'STOP') {
    if (s.trail !== null || s.extreme !== null) return 'INVALID_TRAIL';
    return isTicks(s.triggerPrice) ? null : 'INVALID_TRIGGER_PRICE';
  }
  if (!isTrail(s.trail) || !isTicks(s.extreme)) return 'INVALID_TRAIL';
  return s.triggerPrice === trailTrigger(o.side, s.extreme, s.trail) ? null : 'INVALID_TRIGGER_PRICE';
}
