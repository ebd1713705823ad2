import { tradingLimits } from '../../shared/constants';
import { pairSymbol } from '../../shared/hub/feeds';
import { DEFAULT_ORDER_TYPE } from '../../shared/orders/order-types';
import type {
  ChartView,
  PortfolioValuation,
  ConnectionView,
  EngineSnapshot,
  Loadable,
  OrderBookView,
  OrderEntryView,
  PairSort,
  PairsView,
  QuoteView,
  RecentTradesView,
  SelectedPairView,
} from '../api';

// The engine's starting values, written once: the idle engine publishes them, the engine's
// parts start from them (and return to them on reset), and the page thread renders them until
// the worker's first update arrives. The page thread runs this file too (through ../public.ts),
// so it imports nothing but src/shared and the types of ../api.

export const EMPTY_VALUATION: PortfolioValuation = Object.freeze({
  byCurrency: Object.freeze({}),
  totalUsd: null,
  unpriced: Object.freeze([]),
  pricing: Object.freeze([]),
});

export const EMPTY_LOADABLE: Loadable<never> = Object.freeze({ status: 'idle', items: Object.freeze([]) });

export const INITIAL_CONNECTION: ConnectionView = Object.freeze({
  state: 'NotConnected',
  reconnecting: false,
  stale: false,
  attempt: 0,
  nextRetryAt: null,
  metrics: Object.freeze({
    connectedAt: null,
    lastReconnectAt: null,
    totalReconnectAttempts: 0,
    activeFeedsCount: 0,
    connectionDuration: 0,
  }),
  activeFeeds: Object.freeze([]),
  leftFeeds: Object.freeze([]),
});

/** Spec B §4: the pair table starts sorted by volume, descending. */
export const DEFAULT_PAIR_SORT: PairSort = Object.freeze({ column: 'volume', direction: 'desc' });

export const INITIAL_PAIRS: PairsView = Object.freeze({
  status: 'idle',
  all: Object.freeze([]),
  rows: Object.freeze([]),
  quotes: Object.freeze([]),
  search: '',
  quoteFilter: 'ALL',
  sort: DEFAULT_PAIR_SORT,
});

/** A book with nothing applied yet ('Loading...'). */
export const EMPTY_BOOK: OrderBookView = Object.freeze({
  symbol: null,
  asks: [],
  bids: [],
  bestBid: null,
  bestAsk: null,
  mid: null,
  spread: null,
  spreadPct: null,
  tick: null,
  stale: false,
  sequence: null,
  loading: true,
  asksEmpty: true,
  bidsEmpty: true,
  updatedAt: null,
});

export const INITIAL_RECENT_TRADES: RecentTradesView = Object.freeze({ symbol: null, items: Object.freeze([]), loading: true });

export const IDLE_QUOTE: QuoteView = Object.freeze({
  status: 'idle',
  input: null,
  quoteId: null,
  quantity: null,
  amount: null,
  price: null,
  error: null,
  refreshing: false,
  updatedAt: null,
});

/** No chart asked for yet: the daily interval is the default (spec B §2). */
export const EMPTY_CHART: ChartView = Object.freeze({ symbol: null, interval: '1d', status: 'idle', candles: Object.freeze([]) });

const NO_FIELD_SET = Object.freeze({ price: 0, quantity: 0, amount: 0, stopAmount: 0, stopPercent: 0 });

/** An empty Limit buy draft (spec B §3: Limit is the default type). */
export const INITIAL_ORDER_ENTRY: OrderEntryView = Object.freeze({
  side: 'buy',
  type: DEFAULT_ORDER_TYPE,
  trailUnit: 'amount',
  values: Object.freeze({ price: '', quantity: '', amount: '', stopAmount: '', stopPercent: '' }),
  revision: 0,
  edits: 0,
  setAt: NO_FIELD_SET,
  lastEdited: Object.freeze(['quantity', 'price'] as const),
  clientOrderId: '',
  submitting: false,
  priceDecimals: tradingLimits.priceDecimals,
  initialStopPrice: null,
  trailEstimate: null,
});

/** The selected pair as the engine shows it before the pair list knows it. */
export function selectedPair(base: string, quote: string): SelectedPairView {
  return Object.freeze({ base: base.toUpperCase(), quote: quote.toUpperCase(), symbol: pairSymbol(base, quote), row: null, fee: '0' });
}

/**
 * The snapshot before the engine has said anything (version 0, so any real snapshot
 * supersedes it), for the saved pair or the default one.
 */
export function initialSnapshot(base: string = tradingLimits.defaultBase, quote: string = tradingLimits.defaultQuote): EngineSnapshot {
  return Object.freeze({
    version: 0,
    user: null,
    connection: INITIAL_CONNECTION,
    pairs: INITIAL_PAIRS,
    selected: selectedPair(base, quote),
    book: EMPTY_BOOK,
    recentTrades: INITIAL_RECENT_TRADES,
    openOrders: EMPTY_LOADABLE,
    doneOrders: EMPTY_LOADABLE,
    trades: EMPTY_LOADABLE,
    balances: EMPTY_LOADABLE,
    valuation: EMPTY_VALUATION,
    errors: Object.freeze([]),
    quote: IDLE_QUOTE,
    chart: EMPTY_CHART,
    chartLast: null,
    orderEntry: INITIAL_ORDER_ENTRY,
  });
}
