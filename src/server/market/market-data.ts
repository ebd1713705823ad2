import { toUnits } from '../../shared/money/units';
import type { OrderBookMessageWire, RecentTradeWire, TickerWire } from '../../shared/hub/messages';
import type { ExchangeEvent, ExchangeEvents, PublicTradeEvent } from '../exchange/events';
import { buildBookLevels, type BookLevels, type DepthReader } from './book-message';
import { CoalescingThrottle } from './coalescing-throttle';
import { MakerQuotes, type MakerDirectory } from './maker-quotes';
import { BUCKET_MS, RollingTicker } from './rolling-ticker';
import type { Scheduler, TimerHandle } from './scheduler';

// Public market data of every pair, derived from the exchange's committed events: rolling 24 h
// tickers, throttled order-book snapshots with a per-pair sequence, and live trades. It only
// publishes to subscribers; the realtime layer decides who receives what.
// Books are read right after the exchange announced a commit (in a microtask queued by its
// events), never from a timer: between a batch being applied in memory and its commit, the
// engine holds orders nobody has been told about yet, and the makers' order events that say
// whose they are have not arrived. The throttle only decides when the latest read goes out.

export interface MarketDataOptions {
  events: ExchangeEvents;
  scheduler: Scheduler;
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

interface PairState {
  readonly ticker: RollingTicker;
  book: OrderBookMessageWire | null;
  /** Levels of `book` as JSON, to skip publishing a book whose top did not change. */
  bookKey: string;
  /** Levels read after the latest commit that differ from `book`, waiting for the throttle. */
  next: { levels: BookLevels; key: string } | null;
  sequence: number;
  lastUpdated: number;
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
  const { scheduler } = options;
  const depthLevels = options.bookLevels ?? DEFAULT_BOOK_LEVELS;
  const makers = new MakerQuotes(options.makers);
  const states = new Map<string, PairState>();
  const subscribers = new Set<MarketDataSubscriber>();
  const onError = options.onError ?? (() => {});
  let unsubscribe: (() => void) | null = null;
  let minuteTimer: TimerHandle | null = null;
  /** Pairs whose book changed in the commit being announced. */
  const stale = new Set<string>();
  let readQueued = false;

  const books = new CoalescingThrottle<string>(scheduler, options.bookIntervalMs ?? DEFAULT_BOOK_INTERVAL_MS, (pair) =>
    guard(() => publishBook(pair)),
  );
  const tickers = new CoalescingThrottle<string>(scheduler, options.tickerIntervalMs ?? DEFAULT_TICKER_INTERVAL_MS, (pair) =>
    guard(() => publishTicker(pair)),
  );

  for (const pair of options.pairs) state(pair);

  function state(pair: string): PairState {
    let s = states.get(pair);
    if (!s) {
      s = { ticker: new RollingTicker(pair), book: null, bookKey: '', next: null, sequence: 0, lastUpdated: scheduler.now() };
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
        state(event.pair).lastUpdated = scheduler.now();
        markStale(event.pair);
        break;
      case 'order': {
        const pair = makers.apply(event.userId, event.order);
        // The engine's totals are unchanged by attribution alone, but the split is not.
        if (pair) markStale(pair);
        break;
      }
      default:
        break;
    }
  }

  function onTrade(event: PublicTradeEvent): void {
    const s = state(event.pair);
    s.ticker.record(toUnits(event.price, { truncate: true }), toUnits(event.quantity, { truncate: true }), event.at);
    tickers.mark(event.pair);
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

  /** Reads the book once the whole commit has been announced (all its order events included). */
  function markStale(pair: string): void {
    stale.add(pair);
    if (readQueued) return;
    readQueued = true;
    queueMicrotask(() => {
      readQueued = false;
      for (const p of stale) guard(() => read(p));
      stale.clear();
    });
  }

  function read(pair: string): void {
    const s = state(pair);
    const levels = buildBookLevels(pair, options.readDepth, makers, depthLevels);
    const key = JSON.stringify(levels);
    s.next = key === s.bookKey && s.book ? null : { levels, key };
    if (s.next) books.mark(pair);
  }

  /** Turns the latest read into the next book message (next sequence number). */
  function commit(pair: string, s: PairState): OrderBookMessageWire | null {
    const next = s.next;
    if (!next) return null;
    s.next = null;
    s.sequence += 1;
    s.bookKey = next.key;
    s.book = { pair, ...next.levels, lastupdated: s.lastUpdated, lastpublished: scheduler.now(), sequence: s.sequence };
    return s.book;
  }

  function publishBook(pair: string): void {
    const book = commit(pair, state(pair));
    if (book) each((sub) => sub.book?.(book));
  }

  function publishTicker(pair: string): void {
    const ticker = state(pair).ticker.snapshot(scheduler.now());
    each((sub) => sub.ticker?.(ticker));
  }

  function armMinuteTimer(): void {
    const now = scheduler.now();
    const next = (Math.floor(now / BUCKET_MS) + 1) * BUCKET_MS;
    minuteTimer = scheduler.setTimeout(() => {
      // Trades leaving the 24 h window change the ticker without any new trade.
      const at = scheduler.now();
      for (const [pair, s] of states) if (s.ticker.advance(at)) tickers.mark(pair);
      armMinuteTimer();
    }, next - now);
  }

  return {
    start() {
      if (unsubscribe) return;
      unsubscribe = options.events.on((event) => guard(() => onEvent(event)));
      armMinuteTimer();
    },
    stop() {
      unsubscribe?.();
      unsubscribe = null;
      if (minuteTimer !== null) scheduler.clearTimeout(minuteTimer);
      minuteTimer = null;
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
      return s ? s.ticker.snapshot(scheduler.now()) : null;
    },
    book(pair) {
      const s = states.get(pair);
      if (!s) return null;
      if (!s.book) {
        // Nothing announced for this pair yet: its book is what storage gave the engine at start.
        read(pair);
        commit(pair, s);
      }
      return s.book;
    },
  };
}
