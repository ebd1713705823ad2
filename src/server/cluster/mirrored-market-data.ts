import type { OrderBookMessageWire, RecentTradeWire, TickerWire } from '../../shared/hub/messages';
import type { MarketData, MarketDataSubscriber } from '../market/public-market-data';

// An edge's market data: what the core published, kept as the latest book and ticker of each
// pair for connections that join later, and passed on to the edge's hub as it comes. Nothing
// is numbered or throttled here: sequences are the core's.

export interface MirroredMarketData extends MarketData {
  /** A message from the backplane (or the core's snapshot at start). */
  book(pair: string): OrderBookMessageWire | null;
  applyBook(book: OrderBookMessageWire): void;
  applyTrade(trade: RecentTradeWire): void;
  applyTicker(ticker: TickerWire): void;
  /** The core's snapshot: kept where nothing newer arrived meanwhile; not sent on. */
  load(snapshot: MarketSnapshot): void;
  /** Pairs the exchange lists, joinable before their first message arrives. */
  addPairs(pairs: readonly string[]): void;
}

export interface MarketSnapshot {
  books: OrderBookMessageWire[];
  tickers: TickerWire[];
}

export function createMirroredMarketData(pairs: readonly string[] = []): MirroredMarketData {
  const known = new Set(pairs);
  const books = new Map<string, OrderBookMessageWire>();
  const tickers = new Map<string, TickerWire>();
  const subscribers = new Set<MarketDataSubscriber>();

  function each(deliver: (s: MarketDataSubscriber) => void): void {
    for (const s of subscribers) deliver(s);
  }

  function keepBook(book: OrderBookMessageWire): void {
    known.add(book.pair);
    books.set(book.pair, book);
  }

  return {
    start() {},
    stop() {
      subscribers.clear();
    },
    // Tickers arrive whole from the core; stored trades are the core's business.
    seed() {},
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    hasPair: (pair) => known.has(pair),
    pairs: () => [...known],
    ticker: (pair) => tickers.get(pair) ?? null,
    book: (pair) => books.get(pair) ?? null,
    // The backplane delivers in the core's order, so the latest message is the book, even when
    // its sequence is lower: a restarted core numbers from the start again.
    applyBook(book) {
      keepBook(book);
      each((s) => s.book?.(book));
    },
    applyTrade(trade) {
      each((s) => s.trade?.(trade));
    },
    applyTicker(ticker) {
      known.add(ticker.pair);
      tickers.set(ticker.pair, ticker);
      each((s) => s.ticker?.(ticker));
    },
    load(snapshot) {
      // Only where the backplane has not already brought something newer.
      for (const book of snapshot.books) if (!books.has(book.pair)) keepBook(book);
      for (const ticker of snapshot.tickers) if (!tickers.has(ticker.pair)) tickers.set(ticker.pair, ticker);
    },
    addPairs(list) {
      for (const pair of list) known.add(pair);
    },
  };
}
