import {
  initialSnapshot,
  type BookLevel,
  type ConnectionView,
  type EngineSnapshot,
  type OrderBookView,
  type PairRow,
  type PairsView,
  type RecentTradeRow,
  type RecentTradesView,
  type SelectedPairView,
} from '../../../../worker/public';

// EngineSnapshot objects for component tests, built the way the engine publishes them
// (frozen slices, best levels first). Each builder takes overrides of its slice.

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export function level(price: string, quantity: string, overrides: Partial<BookLevel> = {}): BookLevel {
  return Object.freeze({ price, quantity, size: quantity, source: 'ox', flash: null, depthPct: 50, ...overrides });
}

export function pairRow(base: string, quote: string, overrides: Partial<PairRow> = {}): PairRow {
  return Object.freeze({
    symbol: `${base}${quote}`.toLowerCase(),
    base,
    quote,
    formattedSymbol: `${base}/${quote}`,
    fee: '0.002',
    last: '60000',
    open: '59000',
    high: '61000',
    low: '58000',
    volume: '1234.5',
    vwap: '60000',
    changePct: '1.69',
    volumeLabel: '1.23K',
    volumeUsd: '74070000.00',
    volumeUsdLabel: '$74.07M',
    tickerSeen: true,
    ...overrides,
  });
}

export function connectionView(overrides: Partial<ConnectionView> = {}): ConnectionView {
  return Object.freeze({
    state: 'Connected',
    reconnecting: false,
    stale: false,
    attempt: 0,
    nextRetryAt: null,
    metrics: { connectedAt: 0, lastReconnectAt: null, totalReconnectAttempts: 0, activeFeedsCount: 0, connectionDuration: 0 },
    activeFeeds: [],
    leftFeeds: [],
    ...overrides,
  });
}

export function bookView(overrides: Partial<OrderBookView> = {}): OrderBookView {
  const asks = overrides.asks ?? [level('60001.5', '0.5'), level('60002', '1.25')];
  const bids = overrides.bids ?? [level('60000.5', '0.75'), level('59999', '2')];
  return Object.freeze({
    symbol: 'btcusd',
    bestBid: bids[0]?.price ?? null,
    bestAsk: asks[0]?.price ?? null,
    mid: '60001.00',
    spread: '1.00',
    spreadPct: '0.00',
    tick: 'up',
    stale: false,
    sequence: 1,
    loading: false,
    updatedAt: 0,
    ...overrides,
    asks,
    bids,
    asksEmpty: asks.length === 0,
    bidsEmpty: bids.length === 0,
  });
}

export function pairsView(overrides: Partial<PairsView> = {}): PairsView {
  const defaults: PairsView = {
    status: 'ready',
    all: [],
    rows: [],
    quotes: ['BTC', 'USD'],
    search: '',
    quoteFilter: 'ALL',
    sort: { column: 'volume', direction: 'desc' },
  };
  const all = overrides.all ?? [
    pairRow('BTC', 'USD'),
    pairRow('ETH', 'USD', { last: '3000', changePct: '-2.10' }),
    pairRow('ETH', 'BTC', { last: '0.050123', changePct: '0.50', high: '0.0512', low: '0.0491' }),
  ];
  return Object.freeze({ ...defaults, ...overrides, all, rows: overrides.rows ?? all });
}

export function selectedView(base = 'BTC', quote = 'USD', row: PairRow | null = pairRow(base, quote)): SelectedPairView {
  return Object.freeze({ base, quote, symbol: `${base}${quote}`.toLowerCase(), row, fee: row?.fee ?? '0' });
}

export function trade(i: number, overrides: Partial<RecentTradeRow> = {}): RecentTradeRow {
  return Object.freeze({
    id: `t${i}`,
    timestamp: 1_700_000_000 + i,
    price: '60000.5',
    quantity: '0.015',
    side: i % 2 === 0 ? 'buy' : 'sell',
    ...overrides,
  });
}

export function recentTradesView(overrides: Partial<RecentTradesView> = {}): RecentTradesView {
  return Object.freeze({ symbol: 'btcusd', items: [trade(1), trade(2)], loading: false, ...overrides });
}

export function snapshot(overrides: Partial<Mutable<EngineSnapshot>> = {}): EngineSnapshot {
  const empty = Object.freeze({ status: 'ready' as const, items: [] });
  const base: EngineSnapshot = {
    version: 1,
    user: { id: '1' },
    connection: connectionView(),
    pairs: pairsView(),
    selected: selectedView(),
    book: bookView(),
    recentTrades: recentTradesView(),
    openOrders: empty,
    doneOrders: empty,
    trades: empty,
    balances: empty,
    valuation: initialSnapshot().valuation,
    errors: [],
    quote: initialSnapshot().quote,
    chart: initialSnapshot().chart,
    chartLast: null,
    orderEntry: initialSnapshot().orderEntry,
  };
  return Object.freeze({ ...base, ...overrides });
}
