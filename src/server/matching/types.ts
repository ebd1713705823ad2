// Units. A book trades one pair; the caller owns that pair's tickSize and lotSize (each at most
// 8 decimals, so one lot may be 1e-8 of the base):
//   price   integer ticks      price in quote per base = ticks × tickSize
//   qty     integer lots       base amount             = lots × lotSize
//   quote   bigint             quote amount            = units × tickSize × lotSize
//           so the notional of a fill is exactly BigInt(price) * BigInt(qty), in quote units, and a
//           market buy "by amount" passes its amount in those same units.
//   time    epoch milliseconds, always passed in; the engine never reads a clock.
// Ticks and lots are JS numbers checked with Number.isSafeInteger at the boundary, so the matching
// loop stays in small-integer arithmetic; every product of price and qty is done in bigint.

export type OrderId = string;
export type OwnerId = string;
export type Side = 'buy' | 'sell';
/** Order types of spec B §3; the numeric codes live in order-type-code.ts. */
export type OrderType = 'MARKET' | 'LIMIT' | 'STOP' | 'TRAILING_STOP' | 'IOC';
export type TimeInForce = 'GTC' | 'IOC' | 'FOK' | 'GTD';
/** `dark` orders match at their price and time like any other but are left out of published depth. */
export type Destination = 'lit' | 'dark';
/**
 * What happens when a taker meets a resting order of its own owner (it never trades with it):
 * CANCEL_RESTING cancels the resting order and matching goes on; CANCEL_TAKER cancels the taker's
 * remainder and leaves the resting order; CANCEL_BOTH does both.
 */
export type SelfTradePolicy = 'CANCEL_RESTING' | 'CANCEL_TAKER' | 'CANCEL_BOTH';
/** Distance of a trailing stop's trigger from the best observed price: absolute ticks, or basis points of it. */
export type Trail = { readonly kind: 'ticks'; readonly ticks: number } | { readonly kind: 'bps'; readonly bps: number };

export type RejectReason =
  | 'INVALID_ORDER_ID'
  | 'DUPLICATE_ORDER_ID'
  | 'INVALID_OWNER_ID'
  | 'INVALID_CLIENT_ORDER_ID'
  | 'INVALID_SIDE'
  | 'INVALID_ORDER_TYPE'
  | 'INVALID_TIME_IN_FORCE'
  | 'INVALID_PRICE'
  | 'INVALID_QUANTITY'
  | 'INVALID_QUOTE_AMOUNT'
  | 'INVALID_PROTECTION_PRICE'
  | 'INVALID_EXPIRY'
  | 'INVALID_DESTINATION'
  | 'INVALID_SELF_TRADE_POLICY'
  | 'INVALID_TRIGGER_PRICE'
  | 'INVALID_TRAIL'
  | 'INVALID_REFERENCE_PRICE'
  | 'INVALID_SLIPPAGE'
  | 'INVALID_SEQUENCE'
  | 'POST_ONLY_NOT_ALLOWED'
  | 'POST_ONLY_WOULD_CROSS'
  | 'INSUFFICIENT_LIQUIDITY_FOK'
  /** The order would make its price level's total quantity exceed Number.MAX_SAFE_INTEGER lots. */
  | 'LEVEL_QUANTITY_OVERFLOW'
  | 'ORDER_NOT_FOUND'
  /** Stops wait off-book: they can be cancelled but not moved or reduced. */
  | 'ORDER_NOT_AMENDABLE'
  | 'BOOK_NOT_EMPTY'
  | 'CROSSED_BOOK';

/** Why a taker's unfilled remainder was cancelled instead of resting. */
export type CancelReason = 'UNFILLED_REMAINDER' | 'SELF_TRADE_PREVENTED';

/**
 * Final state of the taker after place/move: NEW and PARTIALLY_FILLED rest on the book (the latter
 * counts fills from before a move too); FILLED is complete; CANCELLED had its remainder cancelled
 * (with or without fills); REJECTED did nothing at all.
 */
export type OrderStatus = 'NEW' | 'PARTIALLY_FILLED' | 'FILLED' | 'CANCELLED' | 'REJECTED';

/** A request to trade now: LIMIT (201), IOC (309) or MARKET (100). Stops go through `placeStop`. */
export interface PlaceOrder {
  readonly id: OrderId;
  readonly ownerId: OwnerId;
  readonly clientOrderId?: string;
  readonly side: Side;
  readonly type: 'LIMIT' | 'IOC' | 'MARKET';
  /** Defaults: LIMIT GTC, IOC IOC, MARKET GTC (a market order never rests whatever its tif). */
  readonly tif?: TimeInForce;
  /** Limit price in ticks; LIMIT and IOC only. */
  readonly price?: number;
  /** Base quantity in lots; required except for a market buy by quote amount. */
  readonly qty?: number;
  /** MARKET buy only, instead of qty: spend up to this many quote units (see the units above). */
  readonly quoteAmount?: bigint;
  /** MARKET only: never trade above (buy) or below (sell) this price in ticks. */
  readonly protectionPrice?: number;
  /** LIMIT GTC/GTD only: reject instead of taking liquidity. */
  readonly postOnly?: boolean;
  /** Default lit; dark is for LIMIT only. */
  readonly destination?: Destination;
  /** GTD only, epoch ms. The book removes the order in `expireDue(now)` once now >= expiresAt. */
  readonly expiresAt?: number;
  /** Overrides the book's policy for this order. */
  readonly selfTradePolicy?: SelfTradePolicy;
}

/** A STOP (304) or TRAILING_STOP (308) order: waits off-book, then becomes a market order. */
export interface PlaceStop {
  readonly id: OrderId;
  readonly ownerId: OwnerId;
  readonly clientOrderId?: string;
  readonly side: Side;
  readonly type: 'STOP' | 'TRAILING_STOP';
  /** GTC (default) or GTD. */
  readonly tif?: TimeInForce;
  readonly expiresAt?: number;
  /** Lots to trade when triggered; a buy may give quoteAmount instead. */
  readonly qty?: number;
  readonly quoteAmount?: bigint;
  /** STOP only: a sell triggers when the reference price falls to or below it, a buy when it rises to or above it. */
  readonly triggerPrice?: number;
  /** TRAILING_STOP only. */
  readonly trail?: Trail;
  /** TRAILING_STOP only: the current reference (last trade) price, the first best observed price. */
  readonly referencePrice?: number;
  /** Protection for the market order made on trigger, in basis points of the trigger price (0..10000). */
  readonly maxSlippageBps?: number;
  readonly selfTradePolicy?: SelfTradePolicy;
}

export interface StopState {
  /** Current trigger in ticks; for a trailing stop it follows `extreme`. May be <= 0 for a sell trail wider than the price. */
  readonly triggerPrice: number;
  readonly trail: Trail | null;
  /** Trailing only: highest (sell) or lowest (buy) reference price seen since placement. */
  readonly extreme: number | null;
  readonly maxSlippageBps: number | null;
}

/** An order as the book holds it: resting on the book (stop === null) or waiting off-book (stop !== null). */
export interface Order {
  readonly id: OrderId;
  readonly ownerId: OwnerId;
  readonly clientOrderId: string;
  readonly side: Side;
  readonly type: OrderType;
  readonly tif: TimeInForce;
  readonly destination: Destination;
  readonly postOnly: boolean;
  /** Limit price in ticks; null for stops. */
  readonly price: number | null;
  /** Lots still open; 0 for a stop buy by quote amount. */
  readonly remaining: number;
  /** Lots filled so far (kept across moves). */
  readonly filled: number;
  /** Stop buys by amount only. */
  readonly quoteAmount: bigint | null;
  readonly expiresAt: number | null;
  /** Time priority, assigned by the book; larger is later. */
  readonly seq: number;
  /** null means the book's default policy. */
  readonly selfTradePolicy: SelfTradePolicy | null;
  readonly stop: StopState | null;
}

export interface Fill {
  readonly takerOrderId: OrderId;
  readonly makerOrderId: OrderId;
  readonly takerOwnerId: OwnerId;
  readonly makerOwnerId: OwnerId;
  readonly takerSide: Side;
  /** The maker's price, in ticks. */
  readonly price: number;
  readonly qty: number;
  /** Lots the maker has left after this fill; 0 means it left the book. */
  readonly makerRemaining: number;
}

export interface MatchResult {
  readonly orderId: OrderId;
  readonly status: OrderStatus;
  /** Set when status is REJECTED (a RejectReason) or CANCELLED (a CancelReason). */
  readonly reason: RejectReason | CancelReason | null;
  readonly fills: readonly Fill[];
  /** Lots filled by this call. */
  readonly filledQty: number;
  /** Lots not filled: resting when NEW/PARTIALLY_FILLED, cancelled otherwise; 0 for a buy by quote amount. */
  readonly remainingQty: number;
  /** Buy by quote amount only: quote units not spent. */
  readonly quoteRemaining: bigint | null;
  /** The order as it now rests, or null. */
  readonly resting: Order | null;
  /** Resting orders of the taker's owner cancelled by self-trade prevention, in the order met. */
  readonly selfTradeCancelled: readonly Order[];
}

export type ReduceResult =
  { readonly ok: true; readonly order: Order; readonly removed: boolean } | { readonly ok: false; readonly reason: RejectReason };

export type StopResult = { readonly ok: true; readonly order: Order } | { readonly ok: false; readonly reason: RejectReason };

export interface TriggeredStop {
  /** The stop as it was when it fired (it has left the book). */
  readonly order: Order;
  /** The market order to place now, same id and owner, protection price from maxSlippageBps. */
  readonly market: PlaceOrder;
}

export interface L2Level {
  readonly price: number;
  readonly qty: number;
  readonly orders: number;
}

/** Bids best (highest) first, asks best (lowest) first. */
export interface Depth {
  readonly bids: readonly L2Level[];
  readonly asks: readonly L2Level[];
}

export interface DepthOptions {
  /** Count dark orders too; default false, the published view. */
  readonly includeHidden?: boolean;
}

export type RestoreResult = { readonly ok: true } | { readonly ok: false; readonly reason: RejectReason; readonly orderId: OrderId | null };

export interface BookConfig {
  /** Default CANCEL_RESTING. */
  readonly selfTradePolicy?: SelfTradePolicy;
}

/** A price-time priority book for one pair, in memory, without I/O. */
export interface OrderBook {
  place(order: PlaceOrder): MatchResult;
  /** Cancels a resting or stop order. O(1) for resting orders. */
  cancel(orderId: OrderId): Order | null;
  /**
   * Cancel + re-place at a new price (and optionally a new quantity), losing time priority; the
   * re-placed order may match. When REJECTED the order still rests, unchanged.
   */
  move(orderId: OrderId, price: number, qty?: number): MatchResult;
  /** Lowers the open quantity by `byQty` keeping time priority; reducing to zero or below removes the order. */
  reduce(orderId: OrderId, byQty: number): ReduceResult;
  get(orderId: OrderId): Order | null;
  bestBid(options?: DepthOptions): L2Level | null;
  bestAsk(options?: DepthOptions): L2Level | null;
  depth(levels: number, options?: DepthOptions): Depth;
  /** Every order: bids best first then asks best first, each level oldest first; then stops by seq. */
  orders(): IterableIterator<Order>;
  /** Fingerprint of everything `orders()` yields, in that order. */
  stateHash(): string;
  /** Removes GTD orders and stops with expiresAt <= nowMs; returns them by (expiresAt, seq). */
  expireDue(nowMs: number): Order[];
  placeStop(stop: PlaceStop): StopResult;
  /** Feeds a reference (last trade) price; returns the stops it fired, by seq, for the caller to place. */
  triggerStops(referencePrice: number): TriggeredStop[];
  /** Rebuilds an empty book from `orders()` output of another book (any order; seq decides priority). */
  restore(orders: Iterable<Order>): RestoreResult;
  readonly restingCount: number;
  readonly stopCount: number;
}
