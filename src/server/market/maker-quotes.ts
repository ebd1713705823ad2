import { toUnits } from '../../shared/money/units';
import type { OrderWire } from '../../shared/api/orders';

// A shadow of the resting orders of market-making accounts, built from their order events, so
// a published book can say which named source quotes which level (spec B §3 market_making)
// while the engine's depth stays the single truth for the totals.

export type BookSide = 'bids' | 'asks';

/** Source name of a market-making account, or undefined for an ordinary user. */
export type MakerDirectory = (userId: string) => string | undefined;

interface RestingQuote {
  pair: string;
  side: BookSide;
  price: bigint;
  remaining: bigint;
  source: string;
}

/** Statuses after which an order no longer rests (spec B §4 plus the usual synonyms). */
const CLOSED = new Set(['done', 'filled', 'completed', 'cancelled', 'canceled', 'rejected', 'expired']);

export class MakerQuotes {
  private readonly byOrder = new Map<string, RestingQuote>();
  /** pair → side → price → source → quantity. */
  private readonly books = new Map<string, Record<BookSide, Map<bigint, Map<string, bigint>>>>();

  constructor(private readonly directory: MakerDirectory) {}

  isMaker(userId: string): boolean {
    return this.directory(userId) !== undefined;
  }

  /** Applies an order event; returns the pair whose maker levels changed, or null. */
  apply(userId: string, order: OrderWire): string | null {
    const source = this.directory(userId);
    if (source === undefined) return null;
    const id = String(order.id);
    const previous = this.byOrder.get(id);
    if (previous) this.remove(id, previous);
    const next = restingQuote(order, source);
    if (next) {
      this.byOrder.set(id, next);
      const levels = this.side(next.pair, next.side);
      let bySource = levels.get(next.price);
      if (!bySource) {
        bySource = new Map();
        levels.set(next.price, bySource);
      }
      bySource.set(source, (bySource.get(source) ?? 0n) + next.remaining);
    }
    return next?.pair ?? previous?.pair ?? null;
  }

  /** Total maker quantity resting at a price. */
  quantityAt(pair: string, side: BookSide, price: bigint): bigint {
    const bySource = this.books.get(pair)?.[side].get(price);
    if (!bySource) return 0n;
    let total = 0n;
    for (const q of bySource.values()) total += q;
    return total;
  }

  /** Number of distinct maker prices on a side. */
  priceCount(pair: string, side: BookSide): number {
    return this.books.get(pair)?.[side].size ?? 0;
  }

  /** Best-first levels, one per (price, source), sources alphabetical within a price; at most `limit`. */
  levels(pair: string, side: BookSide, limit: number): Array<[price: bigint, quantity: bigint, source: string]> {
    const levels = this.books.get(pair)?.[side];
    if (!levels || levels.size === 0) return [];
    const prices = [...levels.keys()].sort((a, b) => (side === 'bids' ? cmp(b, a) : cmp(a, b)));
    const out: Array<[bigint, bigint, string]> = [];
    for (const price of prices) {
      const bySource = levels.get(price)!;
      for (const source of [...bySource.keys()].sort()) {
        if (out.length >= limit) return out;
        out.push([price, bySource.get(source)!, source]);
      }
    }
    return out;
  }

  private side(pair: string, side: BookSide): Map<bigint, Map<string, bigint>> {
    let book = this.books.get(pair);
    if (!book) {
      book = { bids: new Map(), asks: new Map() };
      this.books.set(pair, book);
    }
    return book[side];
  }

  private remove(id: string, quote: RestingQuote): void {
    this.byOrder.delete(id);
    const levels = this.side(quote.pair, quote.side);
    const bySource = levels.get(quote.price);
    if (!bySource) return;
    const left = (bySource.get(quote.source) ?? 0n) - quote.remaining;
    if (left > 0n) bySource.set(quote.source, left);
    else bySource.delete(quote.source);
    if (bySource.size === 0) levels.delete(quote.price);
  }
}

function cmp(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The lit part of an order that rests on the book, or null when nothing of it rests. */
function restingQuote(order: OrderWire, source: string): RestingQuote | null {
  if (CLOSED.has(order.status.toLowerCase())) return null;
  if (order.destination !== undefined && order.destination.toLowerCase().startsWith('dark')) return null;
  if (order.price === undefined || order.price === null || order.quantity === undefined || order.quantity === null) return null;
  // Stops wait off the book until triggered; only limit orders rest.
  const type = order.type.toLowerCase();
  if (type.includes('stop') || type === 'market') return null;
  const action = order.action.toLowerCase();
  const side: BookSide | null = action === 'buy' ? 'bids' : action === 'sell' ? 'asks' : null;
  if (!side) return null;
  try {
    const remaining = toUnits(String(order.quantity), { truncate: true }) - toUnits(String(order.filled ?? '0'), { truncate: true });
    if (remaining <= 0n) return null;
    return { pair: order.pair.toLowerCase(), side, price: toUnits(String(order.price), { truncate: true }), remaining, source };
  } catch {
    return null;
  }
}
