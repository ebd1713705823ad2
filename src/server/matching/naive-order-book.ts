import { byExpiry, NO_FILLS, NO_ORDERS, rejected } from './match-result';
import { hashOrders } from './state-hash';
import { marketFromStop, newStopOrder } from './stop-order';
import { improvesExtreme, stopFires, trailTrigger } from './trailing';
import type {
  BookConfig,
  Depth,
  DepthOptions,
  Fill,
  L2Level,
  MatchResult,
  Order,
  OrderBook,
  OrderId,
  PlaceOrder,
  PlaceStop,
  ReduceResult,
  RestoreResult,
  SelfTradePolicy,
  Side,
  StopResult,
  StopState,
  TriggeredStop,
} from './types';
import { checkPlace, checkRestored, checkStop, isLots, isTicks, restsOnBook, tifOf } from './validate';

// The reference book the fuzz test holds the fast one to. Everything is a plain array, scanned and
// sorted on every call: slow on purpose, so each rule reads like its definition. It shares only
// the boundary checks, the hash and the trail arithmetic with the fast book.

type Rec = { -readonly [K in Exclude<keyof Order, 'stop'>]: Order[K] } & {
  stop: { -readonly [K in keyof StopState]: StopState[K] } | null;
};

const MAX = BigInt(Number.MAX_SAFE_INTEGER);

function copy(r: Rec): Order {
  return { ...r, stop: r.stop === null ? null : { ...r.stop } };
}

/** Price-time priority for makers on the given side: best price first, then lowest seq. */
function priority(side: Side): (a: Rec, b: Rec) => number {
  return side === 'buy'
    ? (a, b) => (b.price as number) - (a.price as number) || a.seq - b.seq
    : (a, b) => (a.price as number) - (b.price as number) || a.seq - b.seq;
}

function crosses(takerSide: Side, limit: number | null, makerPrice: number): boolean {
  if (limit === null) return true;
  return takerSide === 'buy' ? makerPrice <= limit : makerPrice >= limit;
}

interface Outcome {
  fills: Fill[];
  selfTradeCancelled: Order[];
  filledQty: number;
  stoppedBySelfTrade: boolean;
  quoteLeft: bigint | null;
  complete: boolean;
}

/** Matches `taker` against `book` (mutating both); `limit` null means any price. */
function matchAgainst(book: Rec[], taker: Rec, limit: number | null, quote: bigint | null, policy: SelfTradePolicy): Outcome {
  const makers = book.filter((m) => m.side !== taker.side && crosses(taker.side, limit, m.price as number));
  makers.sort(priority(taker.side === 'buy' ? 'sell' : 'buy'));
  const gone = new Set<Rec>();
  const out: Outcome = { fills: [], selfTradeCancelled: [], filledQty: 0, stoppedBySelfTrade: false, quoteLeft: quote, complete: false };
  let exhausted = false;
  let lastPrice = 0n;
  for (const m of makers) {
    const price = m.price as number;
    if (quote === null && taker.remaining === 0) break;
    if (out.quoteLeft !== null && out.quoteLeft < BigInt(price)) {
      exhausted = true;
      break;
    }
    if (m.ownerId === taker.ownerId) {
      if (policy !== 'CANCEL_TAKER') {
        gone.add(m);
        out.selfTradeCancelled.push(copy(m));
      }
      if (policy !== 'CANCEL_RESTING') {
        out.stoppedBySelfTrade = true;
        break;
      }
      continue;
    }
    let qty: number;
    if (out.quoteLeft === null) {
      qty = Math.min(m.remaining, taker.remaining);
      taker.remaining -= qty;
    } else {
      const affordable = out.quoteLeft / BigInt(price);
      qty = affordable < BigInt(m.remaining) ? Number(affordable) : m.remaining;
      out.quoteLeft -= BigInt(price) * BigInt(qty);
      lastPrice = BigInt(price);
    }
    m.remaining -= qty;
    m.filled += qty;
    taker.filled += qty;
    out.filledQty += qty;
    out.fills.push({
      takerOrderId: taker.id,
      makerOrderId: m.id,
      takerOwnerId: taker.ownerId,
      makerOwnerId: m.ownerId,
      takerSide: taker.side,
      price,
      qty,
      makerRemaining: m.remaining,
    });
    if (m.remaining === 0) gone.add(m);
  }
  for (let i = book.length - 1; i >= 0; i--) if (gone.has(book[i] as Rec)) book.splice(i, 1);
  out.complete = out.quoteLeft === null ? taker.remaining === 0 : out.filledQty > 0 && (exhausted || out.quoteLeft < lastPrice);
  return out;
}

export class NaiveOrderBook implements OrderBook {
  private book: Rec[] = [];
  private stops: Rec[] = [];
  private seq = 0;
  private readonly policy: SelfTradePolicy;

  constructor(config: BookConfig = {}) {
    this.policy = config.selfTradePolicy ?? 'CANCEL_RESTING';
  }

  get restingCount(): number {
    return this.book.length;
  }

  get stopCount(): number {
    return this.stops.length;
  }

  place(o: PlaceOrder): MatchResult {
    const invalid = checkPlace(o);
    if (invalid !== null) return rejected(o.id, invalid);
    if (this.exists(o.id)) return rejected(o.id, 'DUPLICATE_ORDER_ID');
    const tif = tifOf(o.type, o.tif);
    const taker: Rec = {
      id: o.id,
      ownerId: o.ownerId,
      clientOrderId: o.clientOrderId ?? '',
      side: o.side,
      type: o.type,
      tif,
      destination: o.destination ?? 'lit',
      postOnly: o.postOnly ?? false,
      price: o.type === 'MARKET' ? null : (o.price as number),
      remaining: o.qty ?? 0,
      filled: 0,
      quoteAmount: null,
      expiresAt: tif === 'GTD' ? (o.expiresAt as number) : null,
      seq: 0,
      selfTradePolicy: o.selfTradePolicy ?? null,
      stop: null,
    };
    const limit = o.type === 'MARKET' ? (o.protectionPrice ?? null) : taker.price;
    return this.execute(taker, limit, o.quoteAmount ?? null, null);
  }

  cancel(orderId: OrderId): Order | null {
    const r = this.book.find((m) => m.id === orderId) ?? this.stops.find((s) => s.id === orderId);
    if (r === undefined) return null;
    this.book = this.book.filter((m) => m !== r);
    this.stops = this.stops.filter((s) => s !== r);
    return copy(r);
  }

  move(orderId: OrderId, price: number, qty?: number): MatchResult {
    const old = this.book.find((m) => m.id === orderId);
    if (old === undefined) {
      return rejected(orderId, this.stops.some((s) => s.id === orderId) ? 'ORDER_NOT_AMENDABLE' : 'ORDER_NOT_FOUND');
    }
    if (!isTicks(price)) return rejected(orderId, 'INVALID_PRICE');
    const remaining = qty ?? old.remaining;
    if (!isLots(remaining) || !Number.isSafeInteger(old.filled + remaining)) return rejected(orderId, 'INVALID_QUANTITY');
    return this.execute({ ...old, price, remaining, seq: 0 }, price, null, old);
  }

  reduce(orderId: OrderId, byQty: number): ReduceResult {
    const r = this.book.find((m) => m.id === orderId);
    if (r === undefined) {
      return { ok: false, reason: this.stops.some((s) => s.id === orderId) ? 'ORDER_NOT_AMENDABLE' : 'ORDER_NOT_FOUND' };
    }
    if (!isLots(byQty)) return { ok: false, reason: 'INVALID_QUANTITY' };
    if (byQty >= r.remaining) {
      this.book = this.book.filter((m) => m !== r);
      return { ok: true, order: copy(r), removed: true };
    }
    r.remaining -= byQty;
    return { ok: true, order: copy(r), removed: false };
  }

  get(orderId: OrderId): Order | null {
    const r = this.book.find((m) => m.id === orderId) ?? this.stops.find((s) => s.id === orderId);
    return r === undefined ? null : copy(r);
  }

  bestBid(options?: DepthOptions): L2Level | null {
    return this.levels('buy', options?.includeHidden === true)[0] ?? null;
  }

  bestAsk(options?: DepthOptions): L2Level | null {
    return this.levels('sell', options?.includeHidden === true)[0] ?? null;
  }

  depth(levels: number, options?: DepthOptions): Depth {
    const hidden = options?.includeHidden === true;
    const n = Math.max(0, levels);
    return { bids: this.levels('buy', hidden).slice(0, n), asks: this.levels('sell', hidden).slice(0, n) };
  }

  *orders(): IterableIterator<Order> {
    yield* this.sorted().map(copy);
  }

  stateHash(): string {
    return hashOrders(this.sorted());
  }

  expireDue(nowMs: number): Order[] {
    if (!Number.isSafeInteger(nowMs)) return [];
    const due = (r: Rec): boolean => r.expiresAt !== null && r.expiresAt <= nowMs;
    const out = [...this.book.filter(due), ...this.stops.filter(due)].map(copy);
    this.book = this.book.filter((r) => !due(r));
    this.stops = this.stops.filter((r) => !due(r));
    return out.sort(byExpiry);
  }

  placeStop(s: PlaceStop): StopResult {
    const invalid = checkStop(s);
    if (invalid !== null) return { ok: false, reason: invalid };
    if (this.exists(s.id)) return { ok: false, reason: 'DUPLICATE_ORDER_ID' };
    const order = newStopOrder(s, ++this.seq);
    this.stops.push(this.mutable(order));
    return { ok: true, order };
  }

  triggerStops(referencePrice: number): TriggeredStop[] {
    if (!isTicks(referencePrice)) return [];
    const fired: Rec[] = [];
    for (const s of this.stops) {
      const st = s.stop as NonNullable<Rec['stop']>;
      if (st.trail !== null && improvesExtreme(s.side, st.extreme as number, referencePrice)) {
        st.extreme = referencePrice;
        st.triggerPrice = trailTrigger(s.side, referencePrice, st.trail);
      }
      if (stopFires(s.side, st.triggerPrice, referencePrice)) fired.push(s);
    }
    this.stops = this.stops.filter((s) => !fired.includes(s));
    return fired
      .sort((a, b) => a.seq - b.seq)
      .map(copy)
      .map((order) => ({ order, market: marketFromStop(order) }));
  }

  restore(orders: Iterable<Order>): RestoreResult {
    if (this.book.length > 0 || this.stops.length > 0) return { ok: false, reason: 'BOOK_NOT_EMPTY', orderId: null };
    const list = [...orders];
    for (const o of list) {
      const invalid = checkRestored(o);
      if (invalid !== null) return { ok: false, reason: invalid, orderId: typeof o.id === 'string' ? o.id : null };
    }
    list.sort((a, b) => a.seq - b.seq);
    for (let i = 0; i < list.length; i++) {
      const o = list[i] as Order;
      if (list.slice(0, i).some((p) => p.seq === o.seq)) return { ok: false, reason: 'INVALID_SEQUENCE', orderId: o.id };
      if (list.slice(0, i).some((p) => p.id === o.id)) return { ok: false, reason: 'DUPLICATE_ORDER_ID', orderId: o.id };
      if (o.stop === null && this.levelTotal(list.slice(0, i + 1), o.side, o.price as number, null) > MAX) {
        return { ok: false, reason: 'LEVEL_QUANTITY_OVERFLOW', orderId: o.id };
      }
    }
    const book = list.filter((o) => o.stop === null);
    const bids = book.filter((o) => o.side === 'buy').map((o) => o.price as number);
    const asks = book.filter((o) => o.side === 'sell');
    const crossing = asks.find((a) => bids.some((b) => b >= (a.price as number)));
    if (crossing !== undefined) return { ok: false, reason: 'CROSSED_BOOK', orderId: crossing.id };
    this.book = book.map((o) => this.mutable(o));
    this.stops = list.filter((o) => o.stop !== null).map((o) => this.mutable(o));
    this.seq = list.length === 0 ? 0 : (list[list.length - 1] as Order).seq;
    return { ok: true };
  }

  private execute(taker: Rec, limit: number | null, quote: bigint | null, replacing: Rec | null): MatchResult {
    const policy = taker.selfTradePolicy ?? this.policy;
    if (taker.postOnly && this.book.some((m) => m.side !== taker.side && crosses(taker.side, taker.price, m.price as number))) {
      return rejected(taker.id, 'POST_ONLY_WOULD_CROSS');
    }
    const rests = restsOnBook(taker.type, taker.tif);
    if (rests && this.levelTotal(this.book, taker.side, taker.price as number, replacing) + BigInt(taker.remaining) > MAX) {
      return rejected(taker.id, 'LEVEL_QUANTITY_OVERFLOW');
    }
    // FOK, by definition: try it on a copy of the book and keep it only if it filled completely.
    if (taker.tif === 'FOK') {
      const trial = matchAgainst(
        this.book.map((m) => ({ ...m })),
        { ...taker },
        limit,
        quote,
        policy,
      );
      if (!trial.complete) return rejected(taker.id, 'INSUFFICIENT_LIQUIDITY_FOK');
    }
    if (replacing !== null) this.book = this.book.filter((m) => m !== replacing);
    taker.seq = ++this.seq;
    const out = matchAgainst(this.book, taker, limit, quote, policy);
    let status: MatchResult['status'];
    let reason: MatchResult['reason'] = null;
    let resting: Order | null = null;
    if (out.complete) {
      status = 'FILLED';
    } else if (out.stoppedBySelfTrade) {
      status = 'CANCELLED';
      reason = 'SELF_TRADE_PREVENTED';
    } else if (rests) {
      this.book.push(taker);
      status = taker.filled > 0 ? 'PARTIALLY_FILLED' : 'NEW';
      resting = copy(taker);
    } else {
      status = 'CANCELLED';
      reason = 'UNFILLED_REMAINDER';
    }
    return {
      orderId: taker.id,
      status,
      reason,
      fills: out.fills.length === 0 ? NO_FILLS : out.fills,
      filledQty: out.filledQty,
      remainingQty: taker.remaining,
      quoteRemaining: out.quoteLeft,
      resting,
      selfTradeCancelled: out.selfTradeCancelled.length === 0 ? NO_ORDERS : out.selfTradeCancelled,
    };
  }

  private exists(id: OrderId): boolean {
    return this.book.some((m) => m.id === id) || this.stops.some((s) => s.id === id);
  }

  private levelTotal(orders: readonly Order[], side: Side, price: number, except: Rec | null): bigint {
    return orders
      .filter((o) => o !== except && o.stop === null && o.side === side && o.price === price)
      .reduce((sum, o) => sum + BigInt(o.remaining), 0n);
  }

  private levels(side: Side, hidden: boolean): L2Level[] {
    const shown = this.book.filter((m) => m.side === side && (hidden || m.destination === 'lit')).sort(priority(side));
    const out: L2Level[] = [];
    for (const m of shown) {
      const last = out[out.length - 1];
      if (last !== undefined && last.price === m.price)
        out[out.length - 1] = { price: last.price, qty: last.qty + m.remaining, orders: last.orders + 1 };
      else out.push({ price: m.price as number, qty: m.remaining, orders: 1 });
    }
    return out;
  }

  private sorted(): Rec[] {
    return [
      ...this.book.filter((m) => m.side === 'buy').sort(priority('buy')),
      ...this.book.filter((m) => m.side === 'sell').sort(priority('sell')),
      ...[...this.stops].sort((a, b) => a.seq - b.seq),
    ];
  }

  private mutable(o: Order): Rec {
    return { ...o, stop: o.stop === null ? null : { ...o.stop } };
  }
}

export function createNaiveOrderBook(config?: BookConfig): OrderBook {
  return new NaiveOrderBook(config);
}
