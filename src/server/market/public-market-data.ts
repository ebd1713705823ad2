import { toUnits } from '../../shared/money/units';
import type { OrderBookMessageWire, RecentTradeWire, TickerWire } from '../../shared/hub/messages';
import type { ExchangeEvent, ExchangeEvents, PublicTradeEvent } from '../exchange/events';
import type { DepthReader } from './book-levels';
import { BookPublisher, type PairBook } from './book-publisher';
import { MakerQuotes, type MakerDirectory } from './maker-quotes';
import { RollingTicker } from './rolling-ticker';
import { TickerPublisher } from './ticker-publisher';
import type { Timers } from '../time/timers';

// Public market data of every pair, derived from the exchange's committed events: rolling 24 h
// tickers, throttled order-book snapshots with a per-pair sequence, and live trades. It only
// publishes to subscribers; the realtime layer decides who receives what. The books are read
// and paced by the book publisher, the tickers by the ticker publisher.

export interface MarketDataOptions {
  events: ExchangeEvents;
  timers: Timers;
  readDepth: DepthReader;
  makers: MakerDirectory;
  /** Pair symbols known at start (btcusd…); pairs first seen in events are added as they come. */
  pairs: readonly string[];
  /** Levels per side in a book message (each of bids, asks and the market-making lists). */
  bookLevels?: number;
  /** At most one book message per pair per this many ms. */
  bookIntervalMs?: number;
  /** At most one ticker per pair per this many ms. */
  tickerIntervalMs?: number;
  onError?: (error: unknown) => void;
}

export interface MarketDataSubscriber {
  trade?(trade: RecentTradeWire): void;
  ticker?(ticker: TickerWire): void;
  book?(book: OrderBookMessageWire): void;
}

/** A stored trade used to rebuild the tickers at startup. */
export interface TradeRecord {
  pair: string;
  price: string;
  quantity: string;
  /** Epoch ms. */
  at: number;
}

export const DEFAULT_BOOK_LEVELS = 25;
export const DEFAULT_BOOK_INTERVAL_MS = 50;
/**
 * The ticker carries the last price the header shows beside the trade tape: a tenth of a second
 * keeps the two in step to the eye, while a busy pair still sends at most ten a second.
 */
export const DEFAULT_TICKER_INTERVAL_MS = 100;

interface PairState extends PairBook {
  readonly ticker: RollingTicker;
}

export interface MarketData {
  start(): void;
  stop(): void;
  /** Feeds one stored trade into its pair's ticker (startup). */
  seed(trade: TradeRecord): void;
  subscribe(subscriber: MarketDataSubscriber): () => void;
  hasPair(pair: string): boolean;
  pairs(): string[];
  /** The current 24 h ticker of a pair; null for an unknown pair. */
  ticker(pair: string): TickerWire | null;
  /** The latest published book of a pair (built now if none was yet); null for an unknown pair. */
  book(pair: string): OrderBookMessageWire | null;
}

export function createMarketData(options: MarketDataOptions): MarketData {
  const { timers } = options;
  const makers = new MakerQuotes(options.makers);
  const states = new Map<string, PairState>();
  const subscribers = new Set<MarketDataSubscriber>();
  const onError = options.onError ?? (() => {});
  let unsubscribe: (() => void) | null = null;

  const books = new BookPublisher({
    timers,
    readDepth: options.readDepth,
    makers,
    levels: options.bookLevels ?? DEFAULT_BOOK_LEVELS,
    intervalMs: options.bookIntervalMs ?? DEFAULT_BOOK_INTERVAL_MS,
    pair: state,
    publish: (book) => each((sub) => sub.book?.(book)),
    guard,
  });
  const tickers = new TickerPublisher({
    timers,
    intervalMs: options.tickerIntervalMs ?? DEFAULT_TICKER_INTERVAL_MS,
    ticker: (pair) => state(pair).ticker,
    all: () => states,
    publish: (ticker) => each((sub) => sub.ticker?.(ticker)),
    guard,
  });

  for (const pair of options.pairs) state(pair);

  function state(pair: string): PairState {
    let s = states.get(pair);
    if (!s) {
      s = { ticker: new RollingTicker(pair), book: null, bookKey: '', next: null, sequence: 0, lastUpdated: timers.now() };
      states.set(pair, s);
    }
    return s;
  }

  function guard(work: () => void): void {
    try {
      work();
    } catch (error) {
      onError(error);
    }
  }

  function each(deliver: (s: MarketDataSubscriber) => void): void {
    for (const subscriber of subscribers) guard(() => deliver(subscriber));
  }

  function onEvent(event: ExchangeEvent): void {
    switch (event.type) {
      case 'trade':
        onTrade(event);
        break;
      case 'book':
        state(event.pair).lastUpdated = timers.now();
        books.changed(event.pair);
        break;
      case 'order': {
        const pair = makers.apply(event.userId, event.order);
        // The engine's totals are unchanged by attribution alone, but the split is not.
        if (pair) books.changed(pair);
        break;
      }
      default:
        break;
    }
  }

  function onTrade(event: PublicTradeEvent): void {
    const s = state(event.pair);
    s.ticker.record(toUnits(event.price, { truncate: true }), toUnits(event.quantity, { truncate: true }), event.at);
    tickers.changed(event.pair);
    const trade: RecentTradeWire = {
      timestamp: event.at / 1000,
      pair: event.pair,
      price: event.price,
      quantity: event.quantity,
      side: event.side,
      id: event.tradeId,
    };
    each((sub) => sub.trade?.(trade));
  }

  return {
    start() {
      if (unsubscribe) return;
      unsubscribe = options.events.on((event) => guard(() => onEvent(event)));
      tickers.start();
    },
    stop() {
      unsubscribe?.();
      unsubscribe = null;
      books.stop();
      tickers.stop();
    },
    seed(t) {
      state(t.pair).ticker.record(toUnits(t.price, { truncate: true }), toUnits(t.quantity, { truncate: true }), t.at);
    },
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    hasPair: (pair) => states.has(pair),
    pairs: () => [...states.keys()],
    ticker(pair) {
      const s = states.get(pair);
      return s ? s.ticker.snapshot(timers.now()) : null;
    },
    book(pair) {
      const s = states.get(pair);
      return s ? books.latest(pair, s) : null;
    },
  };
}
