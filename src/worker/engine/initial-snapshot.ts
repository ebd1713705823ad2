import { tradingLimits } from '../../shared/constants';
import { pairSymbol } from '../../shared/hub/feeds';
import type { EngineSnapshot } from '../api';
import { EMPTY_BOOK } from '../book/book-view';
import { IDLE_QUOTE } from '../orders/quote-poller';

/**
 * The snapshot before the engine has said anything: what the main thread renders until the
 * worker's first update arrives (version 0, so any real snapshot supersedes it).
 */
export function initialSnapshot(base: string = tradingLimits.defaultBase, quote: string = tradingLimits.defaultQuote): EngineSnapshot {
  const empty = Object.freeze({ status: 'idle' as const, items: Object.freeze([]) as readonly never[] });
  return Object.freeze({
    version: 0,
    user: null,
    connection: Object.freeze({
      state: 'NotConnected',
      reconnecting: false,
      stale: false,
      attempt: 0,
      nextRetryAt: null,
      metrics: Object.freeze({ connectedAt: null, lastReconnectAt: null, totalReconnectAttempts: 0, activeFeedsCount: 0, connectionDuration: 0 }),
      activeFeeds: Object.freeze([]),
      leftFeeds: Object.freeze([]),
    }),
    pairs: Object.freeze({ status: 'idle', all: Object.freeze([]), rows: Object.freeze([]), quotes: Object.freeze([]), search: '', quoteFilter: 'ALL', sort: Object.freeze({ column: 'volume', direction: 'desc' }) }),
    selected: Object.freeze({ base: base.toUpperCase(), quote: quote.toUpperCase(), symbol: pairSymbol(base, quote), row: null, fee: '0' }),
    book: EMPTY_BOOK,
    recentTrades: Object.freeze({ symbol: null, items: Object.freeze([]), loading: true }),
    openOrders: empty,
    doneOrders: empty,
    trades: empty,
    balances: empty,
    errors: Object.freeze([]),
    quote: IDLE_QUOTE,
  } satisfies EngineSnapshot);
}
