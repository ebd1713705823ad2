import { HeapStopBook } from './heap-stop-book';
import { IndexedHeap } from './indexed-heap';
import { byExpiry, NO_FILLS, NO_ORDERS, rejected } from './match-result';
import { affordableLots } from './notional';
import { OrderNode } from './order-node';
import type { PriceLevel } from './price-level';
import { PriceLevelTree } from './price-level-tree';
import { hashOrders } from './state-hash';
import { marketFromStop } from './stop-order';
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
  RejectReason,
  RestoreResult,
  SelfTradePolicy,
  StopResult,
  TriggeredStop,
} from './types';
import { checkPlace, checkRestored, checkStop, isLots, isTicks, restsOnBook, tifOf } from './validate';

const MAX = Number.MAX_SAFE_INTEGER;

const expiryFirst = (a: OrderNode, b: OrderNode): boolean =>
  (a.expiresAt as number) < (b.expiresAt as number) || (a.expiresAt === b.expiresAt && a.seq < b.seq);
const expirySlot = (n: OrderNode): number => n.expiryIndex;
const setExpirySlot = (n: OrderNode, i: number): void => {
  n.expiryIndex = i;
};

/** Would resting `qty` more lots push the level's total past a safe integer (after taking `ownQty`, a moving order's old size, out)? */
function overflows(level: PriceLevel | null, qty: number, ownQty: number): boolean {
  return level !== null && level.qty - ownQty > MAX - qty;
}

/**
 * The production book. Each side is a red-black tree of price levels (best level cached), each
 * level an intrusive FIFO; a Map from id to node makes cancel O(1) (plus an O(log n) tree delete
 * when the order was the last at its price). Ticks and lots stay JS numbers; only market buys by
 * quote amount touch bigint.
 */
export class FastOrderBook implements OrderBook {
  private readonly bids = new PriceLevelTree();
  private readonly asks = new PriceLevelTree();
  private readonly byId = new Map<OrderId, OrderNode>();
  private readonly gtd = new IndexedHeap(expiryFirst, expirySlot, setExpirySlot);
  private readonly stops = new HeapStopBook();
  private readonly policy: SelfTradePolicy;
  private seq = 0;
  /**
   * The taker's own-side level that admit() looked up for the overflow check, reused by rest() to
   * save a second tree descent. Matching only touches the other side, so it stays valid; a move
   * may empty it (count 0, unlinked from the tree), which rest() checks.
   */
  private restLevel: PriceLevel | null = null;
  // Per-pass scratch, reset by each matching pass.
  private fills: Fill[] | null = null;
  private selfTradeCancelled: Order[] | null = null;
  private stoppedBySelfTrade = false;
  private filledQty = 0;

  constructor(config: BookConfig = {}) {
    this.policy = config.selfTradePolicy ?? 'CANCEL_RESTING';
  }

  get restingCount(): number {
    return this.byId.size;
  }

  get stopCount(): number {
    return this.stops.size;
  }

  place(o: PlaceOrder): MatchResult {
    const invalid = checkPlace(o);
    if (invalid !== null) return rejected(o.id, invalid);
    if (this.byId.has(o.id) || this.stops.has(o.id)) return rejected(o.id, 'DUPLICATE_ORDER_ID');
    const tif = tifOf(o.type, o.tif);
    const buy = o.side === 'buy';
    // A market order is a taker whose limit is its protection price, or the whole price range.
    const limit = o.type === 'MARKET' ? (o.protectionPrice ?? (buy ? MAX : 1)) : (o.price as number);
    const taker = new OrderNode(
      o.id,
      o.ownerId,
      o.clientOrderId ?? '',
      o.side,
      o.type,
      tif,
      o.destination ?? 'lit',
      o.postOnly ?? false,
      limit,
      o.qty ?? 0,
      0,
      tif === 'GTD' ? (o.expiresAt as number) : null,
      o.selfTradePolicy ?? null,
    );
    const quote = o.quoteAmount ?? null;
    const refused = this.admit(taker, quote, 0);
    if (refused !== null) return rejected(o.id, refused);
    taker.seq = ++this.seq;
    return quote === null ? this.matchLots(taker) : this.matchQuote(taker, quote);
  }

  cancel(orderId: OrderId): Order | null {
    const node = this.byId.get(orderId);
    if (node === undefined) return this.stops.remove(orderId);
    this.removeResting(node);
    return node.snapshot();
  }

  move(orderId: OrderId, price: number, qty?: number): MatchResult {
    const old = this.byId.get(orderId);
    if (old === undefined) return rejected(orderId, this.stops.has(orderId) ? 'ORDER_NOT_AMENDABLE' : 'ORDER_NOT_FOUND');
    if (!isTicks(price)) return rejected(orderId, 'INVALID_PRICE');
    const remaining = qty ?? old.remaining;
    if (!isLots(remaining) || !Number.isSafeInteger(old.filled + remaining)) return rejected(orderId, 'INVALID_QUANTITY');
    const node = new OrderNode(
      old.id,
      old.ownerId,
      old.clientOrderId,
      old.side,
      old.type,
      old.tif,
      old.destination,
      old.postOnly,
      price,
      remaining,
      old.filled,
      old.expiresAt,
      old.selfTradePolicy,
    );
    // Checked while the old order still rests, so a refused move leaves it exactly as it was.
    const refused = this.admit(node, null, old.price === price ? old.remaining : 0);
    if (refused !== null) return rejected(orderId, refused);
    this.removeResting(old);
    node.seq = ++this.seq;
    return this.matchLots(node);
  }

  reduce(orderId: OrderId, byQty: number): ReduceResult {
    const node = this.byId.get(orderId);
    if (node === undefined) return { ok: false, reason: this.stops.has(orderId) ? 'ORDER_NOT_AMENDABLE' : 'ORDER_NOT_FOUND' };
    if (!isLots(byQty)) return { ok: false, reason: 'INVALID_QUANTITY' };
    if (byQty >= node.remaining) {
      this.removeResting(node);
      return { ok: true, order: node.snapshot(), removed: true };
    }
    (node.level as PriceLevel).take(node, byQty);
    return { ok: true, order: node.snapshot(), removed: false };
  }

  get(orderId: OrderId): Order | null {
    const node = this.byId.get(orderId);
    return node === undefined ? this.stops.get(orderId) : node.snapshot();
  }

  bestBid(options?: DepthOptions): L2Level | null {
    return this.best(this.bids, options?.includeHidden === true);
  }

  bestAsk(options?: DepthOptions): L2Level | null {
    return this.best(this.asks, options?.includeHidden === true);
  }

  depth(levels: number, options?: DepthOptions): Depth {
    const hidden = options?.includeHidden === true;
    return { bids: this.side(this.bids, levels, hidden), asks: this.side(this.asks, levels, hidden) };
  }

  *orders(): IterableIterator<Order> {
    for (const node of this.nodes()) yield node.snapshot();
    yield* this.stops.values();
  }

  stateHash(): string {
    return hashOrders(this.hashable());
  }

  expireDue(nowMs: number): Order[] {
    if (!Number.isSafeInteger(nowMs)) return [];
    const out: Order[] = [];
    for (let n = this.gtd.peek(); n !== undefined && (n.expiresAt as number) <= nowMs; n = this.gtd.peek()) {
      this.removeResting(n);
      out.push(n.snapshot());
    }
    const stops = this.stops.expireDue(nowMs);
    if (stops.length === 0) return out;
    return out.concat(stops).sort(byExpiry);
  }

  placeStop(s: PlaceStop): StopResult {
    const invalid = checkStop(s);
    if (invalid !== null) return { ok: false, reason: invalid };
    if (this.byId.has(s.id) || this.stops.has(s.id)) return { ok: false, reason: 'DUPLICATE_ORDER_ID' };
    return { ok: true, order: this.stops.add(s, ++this.seq) };
  }

  triggerStops(referencePrice: number): TriggeredStop[] {
    if (!isTicks(referencePrice)) return [];
    return this.stops.trigger(referencePrice).map((order) => ({ order, market: marketFromStop(order) }));
  }

  restore(orders: Iterable<Order>): RestoreResult {
    if (this.byId.size > 0 || this.stops.size > 0) return { ok: false, reason: 'BOOK_NOT_EMPTY', orderId: null };
    const list = [...orders];
    for (const o of list) {
      const invalid = checkRestored(o);
      if (invalid !== null) return { ok: false, reason: invalid, orderId: typeof o.id === 'string' ? o.id : null };
    }
    list.sort((a, b) => a.seq - b.seq);
    const failure = this.load(list);
    if (failure !== null) {
      this.clear();
      return failure;
    }
    return { ok: true };
  }

  private load(list: Order[]): RestoreResult | null {
    let lastSeq = 0;
    for (const o of list) {
      if (o.seq === lastSeq) return { ok: false, reason: 'INVALID_SEQUENCE', orderId: o.id };
      lastSeq = o.seq;
      if (this.byId.has(o.id) || this.stops.has(o.id)) return { ok: false, reason: 'DUPLICATE_ORDER_ID', orderId: o.id };
      if (o.stop !== null) {
        this.stops.restore(o);
        continue;
      }
      const price = o.price as number;
      const node = new OrderNode(
        o.id,
        o.ownerId,
        o.clientOrderId,
        o.side,
        o.type,
        o.tif,
        o.destination,
        o.postOnly,
        price,
        o.remaining,
        o.filled,
        o.expiresAt,
        o.selfTradePolicy,
      );
      if (overflows(this.ownLevel(node), node.remaining, 0)) return { ok: false, reason: 'LEVEL_QUANTITY_OVERFLOW', orderId: o.id };
      node.seq = o.seq;
      this.restLevel = null;
      this.rest(node);
    }
    const bid = this.bids.first();
    const ask = this.asks.first();
    if (bid !== null && ask !== null && bid.price >= ask.price) {
      return { ok: false, reason: 'CROSSED_BOOK', orderId: (ask.head as OrderNode).id };
    }
    this.seq = lastSeq;
    return null;
  }

  private clear(): void {
    this.bids.clear();
    this.asks.clear();
    this.byId.clear();
    this.gtd.clear();
    this.stops.clear();
    this.seq = 0;
  }

  /** The refusals that must leave the book untouched: post-only crossing, level overflow, FOK shortfall. */
  private admit(taker: OrderNode, quote: bigint | null, ownQtyAtLevel: number): RejectReason | null {
    const buy = taker.side === 'buy';
    this.restLevel = null;
    if (taker.postOnly) {
      const best = (buy ? this.asks : this.bids).first();
      if (best !== null && (buy ? best.price <= taker.price : best.price >= taker.price)) return 'POST_ONLY_WOULD_CROSS';
    }
    if (restsOnBook(taker.type, taker.tif)) {
      const level = this.ownLevel(taker);
      if (overflows(level, taker.remaining, ownQtyAtLevel)) return 'LEVEL_QUANTITY_OVERFLOW';
      this.restLevel = level;
    }
    if (taker.tif === 'FOK') {
      const policy = taker.selfTradePolicy ?? this.policy;
      const fills = quote === null ? this.canFillLots(taker, policy) : this.canSpendQuote(taker, quote, policy);
      if (!fills) return 'INSUFFICIENT_LIQUIDITY_FOK';
    }
    return null;
  }

  /** The existing level on the order's own side at its price, where it would rest. */
  private ownLevel(node: OrderNode): PriceLevel | null {
    return node.side === 'buy' ? this.bids.find(-node.price) : this.asks.find(node.price);
  }

  /** FOK dry run for a base quantity: the same walk as matchLots, without touching anything. */
  private canFillLots(taker: OrderNode, policy: SelfTradePolicy): boolean {
    const buy = taker.side === 'buy';
    const book = buy ? this.asks : this.bids;
    let need = taker.remaining;
    for (let level = book.first(); level !== null; level = book.next(level)) {
      if (buy ? level.price > taker.price : level.price < taker.price) return false;
      for (let m = level.head; m !== null; m = m.next) {
        if (m.ownerId === taker.ownerId) {
          if (policy !== 'CANCEL_RESTING') return false;
          continue;
        }
        need -= m.remaining;
        if (need <= 0) return true;
      }
    }
    return false;
  }

  /** FOK dry run for a quote amount: would matchQuote end FILLED? */
  private canSpendQuote(taker: OrderNode, quote: bigint, policy: SelfTradePolicy): boolean {
    let left = quote;
    let lastPrice = 0n;
    for (let level = this.asks.first(); level !== null && level.price <= taker.price; level = this.asks.next(level)) {
      const p = BigInt(level.price);
      for (let m = level.head; m !== null; m = m.next) {
        if (left < p) return lastPrice > 0n;
        if (m.ownerId === taker.ownerId) {
          if (policy !== 'CANCEL_RESTING') return false;
          continue;
        }
        left -= p * BigInt(affordableLots(left, level.price, m.remaining));
        lastPrice = p;
      }
    }
    return left < lastPrice;
  }

  private matchLots(taker: OrderNode): MatchResult {
    const buy = taker.side === 'buy';
    const book = buy ? this.asks : this.bids;
    const limit = taker.price;
    const owner = taker.ownerId;
    const policy = taker.selfTradePolicy ?? this.policy;
    this.startPass();
    let level = book.first();
    while (level !== null && (buy ? level.price <= limit : level.price >= limit)) {
      let maker = level.head;
      while (maker !== null) {
        const next = maker.next;
        if (maker.ownerId === owner) {
          if (this.selfTrade(maker, policy)) break;
          maker = next;
          continue;
        }
        const want = taker.remaining;
        const qty = maker.remaining < want ? maker.remaining : want;
        level.take(maker, qty);
        maker.filled += qty;
        taker.remaining = want - qty;
        taker.filled += qty;
        this.fill(taker, maker, level.price, qty);
        if (maker.remaining === 0) this.detach(maker);
        if (taker.remaining === 0) break;
        maker = next;
      }
      if (level.count === 0) book.remove(level);
      if (this.stoppedBySelfTrade || taker.remaining === 0) break;
      level = book.first();
    }
    return this.finish(taker, null, taker.remaining === 0);
  }

  /**
   * A market buy spending a quote amount: at each maker, buy the whole lots the rest of the amount
   * affords at its price. It is complete once the rest cannot buy one lot at the next price it
   * meets, or at the last price it paid (every later price is higher).
   */
  private matchQuote(taker: OrderNode, quote: bigint): MatchResult {
    const limit = taker.price;
    const owner = taker.ownerId;
    const policy = taker.selfTradePolicy ?? this.policy;
    this.startPass();
    let left = quote;
    let lastPrice = 0n;
    let exhausted = false;
    let level = this.asks.first();
    while (level !== null && level.price <= limit) {
      const p = BigInt(level.price);
      let maker = level.head;
      while (maker !== null) {
        if (left < p) {
          exhausted = true;
          break;
        }
        const next = maker.next;
        if (maker.ownerId === owner) {
          if (this.selfTrade(maker, policy)) break;
          maker = next;
          continue;
        }
        const qty = affordableLots(left, level.price, maker.remaining);
        level.take(maker, qty);
        maker.filled += qty;
        taker.filled += qty;
        left -= p * BigInt(qty);
        lastPrice = p;
        this.fill(taker, maker, level.price, qty);
        if (maker.remaining === 0) this.detach(maker);
        maker = next;
      }
      if (level.count === 0) this.asks.remove(level);
      if (exhausted || this.stoppedBySelfTrade) break;
      level = this.asks.first();
    }
    return this.finish(taker, left, this.filledQty > 0 && (exhausted || left < lastPrice));
  }

  private startPass(): void {
    this.fills = null;
    this.selfTradeCancelled = null;
    this.stoppedBySelfTrade = false;
    this.filledQty = 0;
  }

  private fill(taker: OrderNode, maker: OrderNode, price: number, qty: number): void {
    this.filledQty += qty;
    (this.fills ??= []).push({
      takerOrderId: taker.id,
      makerOrderId: maker.id,
      takerOwnerId: taker.ownerId,
      makerOwnerId: maker.ownerId,
      takerSide: taker.side,
      price,
      qty,
      makerRemaining: maker.remaining,
    });
  }

  /** Applies the self-trade policy to a resting order of the taker's owner; true when the taker must stop. */
  private selfTrade(maker: OrderNode, policy: SelfTradePolicy): boolean {
    if (policy !== 'CANCEL_TAKER') {
      this.detach(maker);
      (this.selfTradeCancelled ??= []).push(maker.snapshot());
    }
    if (policy === 'CANCEL_RESTING') return false;
    this.stoppedBySelfTrade = true;
    return true;
  }

  private finish(taker: OrderNode, quoteLeft: bigint | null, complete: boolean): MatchResult {
    let status: MatchResult['status'];
    let reason: MatchResult['reason'] = null;
    let resting: Order | null = null;
    if (complete) {
      status = 'FILLED';
    } else if (this.stoppedBySelfTrade) {
      status = 'CANCELLED';
      reason = 'SELF_TRADE_PREVENTED';
    } else if (quoteLeft === null && restsOnBook(taker.type, taker.tif)) {
      this.rest(taker);
      status = taker.filled > 0 ? 'PARTIALLY_FILLED' : 'NEW';
      resting = taker.snapshot();
    } else {
      status = 'CANCELLED';
      reason = 'UNFILLED_REMAINDER';
    }
    return {
      orderId: taker.id,
      status,
      reason,
      fills: this.fills ?? NO_FILLS,
      filledQty: this.filledQty,
      remainingQty: taker.remaining,
      quoteRemaining: quoteLeft,
      resting,
      selfTradeCancelled: this.selfTradeCancelled ?? NO_ORDERS,
    };
  }

  private rest(node: OrderNode): void {
    const buy = node.side === 'buy';
    let level = this.restLevel;
    this.restLevel = null;
    if (level === null || level.count === 0) level = (buy ? this.bids : this.asks).getOrCreate(buy ? -node.price : node.price, node.price);
    level.append(node);
    this.byId.set(node.id, node);
    if (node.expiresAt !== null) this.gtd.push(node);
  }

  /** Takes a node off its level and out of the indexes; the caller drops the level if it empties. */
  private detach(node: OrderNode): void {
    (node.level as PriceLevel).unlink(node);
    this.byId.delete(node.id);
    if (node.expiryIndex >= 0) this.gtd.remove(node);
  }

  private removeResting(node: OrderNode): void {
    const level = node.level as PriceLevel;
    this.detach(node);
    if (level.count === 0) (node.side === 'buy' ? this.bids : this.asks).remove(level);
  }

  private best(tree: PriceLevelTree, hidden: boolean): L2Level | null {
    for (let level = tree.first(); level !== null; level = tree.next(level)) {
      if (hidden) return { price: level.price, qty: level.qty, orders: level.count };
      if (level.litCount > 0) return { price: level.price, qty: level.litQty, orders: level.litCount };
    }
    return null;
  }

  private side(tree: PriceLevelTree, levels: number, hidden: boolean): L2Level[] {
    const out: L2Level[] = [];
    for (let level = tree.first(); level !== null && out.length < levels; level = tree.next(level)) {
      if (hidden) out.push({ price: level.price, qty: level.qty, orders: level.count });
      else if (level.litCount > 0) out.push({ price: level.price, qty: level.litQty, orders: level.litCount });
    }
    return out;
  }

  private *nodes(): IterableIterator<OrderNode> {
    for (const tree of [this.bids, this.asks]) {
      for (const level of tree.levels()) {
        for (let n = level.head; n !== null; n = n.next) yield n;
      }
    }
  }

  /** Nodes carry every field the hash reads, so hashing need not copy the book. */
  private *hashable(): IterableIterator<Order> {
    for (const n of this.nodes()) yield n;
    yield* this.stops.values();
  }
}

export function createOrderBook(config?: BookConfig): OrderBook {
  return new FastOrderBook(config);
}
