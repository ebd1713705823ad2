// The protocol between the main thread and the engine worker, written as types only (comlink
// style): the worker exposes an `EngineApi`; the main thread holds `Comlink.Remote<EngineApi>`.
// Everything crossing the boundary is structured-clonable data, except `EngineHost` and
// `SnapshotListener`, which the main thread passes wrapped in `Comlink.proxy`.
//
// Money, prices and quantities are canonical decimal strings (no binary floats); only
// presentation ratios (depthPct) are numbers.

import type { Balance, CurrencyPair } from '../shared/api/account';
import type { Order, Trade } from '../shared/api/orders';
import type { OrderEntryField, TrailUnit } from '../shared/orders/order-entry-form';
import type { Destination, OrderTypeName, Side, TimeInForce } from '../shared/orders/order-types';
import type { CandleInterval } from '../shared/market/candle-buckets';

/* ---------------------------------------------------------------- connection */

/** Spec B §4 connection states. 'NotConnected' is the spec's "Initial (Not Connected)". */
export type ConnectionState =
  'NotConnected' | 'Connecting' | 'Connected' | 'Authenticated' | 'Disconnected' | 'AuthenticationFailed' | 'Failed';

/** Spec B §3 connection metrics. Times are epoch ms from the engine's clock. */
export interface ConnectionMetrics {
  readonly connectedAt: number | null;
  readonly lastReconnectAt: number | null;
  readonly totalReconnectAttempts: number;
  readonly activeFeedsCount: number;
  /**
   * Length of the current connection as of the last connection event (or of the previous
   * connection once it ended). Not ticking, so the slice keeps identity between events; a UI
   * that shows a live duration computes it from connectedAt.
   */
  readonly connectionDuration: number;
}

export interface ConnectionView {
  readonly state: ConnectionState;
  /** True while our reconnect loop (or the transport's stateful reconnect) is running. */
  readonly reconnecting: boolean;
  /** True after a reconnect until every restored feed has produced a fresh message. */
  readonly stale: boolean;
  /** Reconnect attempt number (1-based) of the pending/next attempt; 0 when none. */
  readonly attempt: number;
  /** When the next reconnect attempt fires (epoch ms), or null. */
  readonly nextRetryAt: number | null;
  readonly metrics: ConnectionMetrics;
  /** Feeds we are (or want to be) joined to, sorted. */
  readonly activeFeeds: readonly string[];
  /** Feeds deliberately left (spec B §4), sorted. */
  readonly leftFeeds: readonly string[];
}

/* ---------------------------------------------------------------- errors */

export type EngineErrorCode =
  | 'USER_NOT_AUTHENTICATED'
  | 'CONNECTION_FAILED'
  | 'AUTHENTICATION_FAILED'
  | 'FEEDS_JOIN_FAILED'
  | 'FEEDS_LEAVE_FAILED'
  | 'RESTORE_FAILED'
  | 'CONNECTION_TIMEOUT'
  | 'CONNECTION_NOT_AVAILABLE'
  | 'FAILED_TO_CONNECT'
  | 'READY_TIMEOUT'
  | 'HUB_ERROR'
  | 'QUOTE_FAILED'
  | 'PAIRS_LOAD_FAILED'
  | 'REQUEST_FAILED';

/** One entry of the error stream (spec B §8); the snapshot keeps the latest 5. */
export interface EngineError {
  /** Monotonic per engine; stable React key and dismissal handle. */
  readonly id: number;
  readonly code: EngineErrorCode;
  /** The spec B §8 text, ready to show. */
  readonly message: string;
  readonly at: number;
  readonly feeds?: readonly string[];
}

/* ---------------------------------------------------------------- market data */

export type SortColumn = 'pair' | 'price' | 'change' | 'volume';
export type SortDirection = 'desc' | 'asc';
export interface PairSort {
  readonly column: SortColumn;
  readonly direction: SortDirection;
}

/** A currency pair joined with its latest ticker (spec B §2 pair selector row). */
export interface PairRow {
  /** Lower-case base+quote, e.g. "btcusd"; the feed symbol. */
  readonly symbol: string;
  /** Upper-case codes as shown. */
  readonly base: string;
  readonly quote: string;
  readonly formattedSymbol: string;
  /** Pair fee as a fraction, e.g. "0.002"; "0" when the server sends none. */
  readonly fee: string;
  readonly last: string | null;
  readonly open: string | null;
  readonly high: string | null;
  readonly low: string | null;
  readonly volume: string | null;
  readonly vwap: string | null;
  /** 24 h change in percent, 2 decimals; null unless open and last exist and open ≠ 0. */
  readonly changePct: string | null;
  /** Base volume abbreviated with K/M/B (spec B §9), e.g. "1.23K"; null without volume. */
  readonly volumeLabel: string | null;
  /** Approximate USD value of the volume, 2 decimals; null when no USD route exists. */
  readonly volumeUsd: string | null;
  /** volumeUsd abbreviated, e.g. "$1.2M"; null with volumeUsd. */
  readonly volumeUsdLabel: string | null;
  /** Whether a ticker has arrived for the pair (last null then means it never traded). */
  readonly tickerSeen: boolean;
}

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface PairsView {
  readonly status: LoadStatus;
  /** Every pair, in server order. */
  readonly all: readonly PairRow[];
  /** After search, quote filter and sort: what the table shows. */
  readonly rows: readonly PairRow[];
  /** Quote currencies for the filter buttons (without 'ALL'), upper case, sorted. */
  readonly quotes: readonly string[];
  readonly search: string;
  /** 'ALL' or an upper-case quote currency. */
  readonly quoteFilter: string;
  /** null = the "none" step of the sort cycle (server order). */
  readonly sort: PairSort | null;
}

export interface SelectedPairView {
  /** Upper case, e.g. "BTC". */
  readonly base: string;
  readonly quote: string;
  /** Lower-case feed symbol, e.g. "btcusd". */
  readonly symbol: string;
  /** The pair row when the pair list knows the pair. */
  readonly row: PairRow | null;
  /** Pair fee fraction used by the order helpers. */
  readonly fee: string;
  /** What withdrawing the base currency costs, in the base (spec B §7); absent until known or after a failed lookup. */
  readonly withdrawalFee?: string;
}

export type FlashKind = 'new' | 'changed';

export interface BookLevel {
  /** Canonical decimal string; also the level's identity. */
  readonly price: string;
  readonly quantity: string;
  /** Cumulative quantity from the best price to this level. */
  readonly size: string;
  /** Source name of the first level merged at this price. */
  readonly source: string;
  /** Set for 0.6 s after the level appears or its quantity changes. */
  readonly flash: FlashKind | null;
  /** quantity / largest quantity on this side × 100 (presentation only). */
  readonly depthPct: number;
}

export interface OrderBookView {
  /** The symbol this book belongs to, or null before a pair is selected. */
  readonly symbol: string | null;
  /** Best (lowest) ask first; the UI renders them reversed above the mid. */
  readonly asks: readonly BookLevel[];
  /** Best (highest) bid first. */
  readonly bids: readonly BookLevel[];
  /** 2 decimals (spec B §5). */
  readonly bestBid: string | null;
  readonly bestAsk: string | null;
  readonly mid: string | null;
  readonly spread: string | null;
  /** spread / mid × 100, 2 decimals. */
  readonly spreadPct: string | null;
  /** Direction of the last mid change. */
  readonly tick: 'up' | 'down' | null;
  /** The book may be out of date (reconnect, sequence gap); never shown as fresh. */
  readonly stale: boolean;
  /** Sequence of the applied message, when the server sends one. */
  readonly sequence: number | null;
  /** No message applied yet for this symbol ('Loading...'). */
  readonly loading: boolean;
  readonly asksEmpty: boolean;
  readonly bidsEmpty: boolean;
  readonly updatedAt: number | null;
}

/** A Time and Sales row (spec B §3 live recent trade). */
export interface RecentTradeRow {
  /** Stable key: the trade id when sent, else derived from its content and arrival. */
  readonly id: string;
  /** Seconds since epoch, as sent. */
  readonly timestamp: number;
  readonly price: string;
  readonly quantity: string;
  readonly side: Side;
}

export interface RecentTradesView {
  readonly symbol: string | null;
  /** Newest first, at most 25. */
  readonly items: readonly RecentTradeRow[];
  readonly loading: boolean;
}

/* ---------------------------------------------------------------- price chart */

/** One OHLCV candle; `time` is its bucket start (epoch ms), values canonical decimal strings. */
export interface ChartCandle {
  readonly time: number;
  readonly open: string;
  readonly high: string;
  readonly low: string;
  readonly close: string;
  readonly volume: string;
}

/** The candles the chart shows, from GET /v1/market/candles. */
export interface ChartView {
  /** Lower-case pair symbol of the candles, or null before the chart asked for any. */
  readonly symbol: string | null;
  readonly interval: CandleInterval;
  readonly status: LoadStatus;
  /**
   * Oldest first. Replaced only when candles load or a candle closes, so a live trade does not
   * send the whole history across the thread boundary: it changes `chartLast` alone.
   */
  readonly candles: readonly ChartCandle[];
}

/** The newest candle, kept current from the live trades of the chart's pair. */
export interface LiveCandleView {
  readonly symbol: string;
  readonly interval: CandleInterval;
  readonly candle: ChartCandle;
}

/* ---------------------------------------------------------------- private data */

export interface Loadable<T> {
  readonly status: LoadStatus;
  readonly items: readonly T[];
}

/** The USD worth of the balances, priced by the live tickers (usd and stablecoins at 1 USD). */
export interface PortfolioValuation {
  /** Lower-case currency → USD value with 2 decimals, or null when no USD route exists. */
  readonly byCurrency: Readonly<Record<string, string | null>>;
  /** Sum of the priced balances, 2 decimals; null before balances load or while `pricing` is not empty. */
  readonly totalUsd: string | null;
  /** Currencies with a non-zero balance but no USD price (left out of the total). */
  readonly unpriced: readonly string[];
  /**
   * Currencies with a non-zero balance whose USD price is not known yet: the pair list or the
   * ticker of a pair that would price them has not arrived. A loading state, not a warning.
   */
  readonly pricing: readonly string[];
}

/* ---------------------------------------------------------------- quotes and order helpers */

export interface QuoteInput {
  /** Lower-case pair symbol, e.g. "btcusd". */
  readonly pair: string;
  readonly side: Side;
  /** Buy: amount in quote currency. Sell: quantity in base currency. Raw form text. */
  readonly value: string;
}

export type QuoteStatus = 'idle' | 'waiting' | 'loading' | 'ready' | 'error';

export interface QuoteView {
  readonly status: QuoteStatus;
  readonly input: QuoteInput | null;
  readonly quoteId: string | null;
  /** Est. Quantity (buy), 8 decimals. */
  readonly quantity: string | null;
  /** Est. Amount (sell), 8 decimals. */
  readonly amount: string | null;
  readonly price: string | null;
  /** 'Could not get quote. Please try again.' on failure or a malformed answer. */
  readonly error: string | null;
  /** A refresh of an existing quote is in flight ('Refreshing quote...'). */
  readonly refreshing: boolean;
  readonly updatedAt: number | null;
}

export type LimitField = 'price' | 'quantity' | 'amount';

export interface LimitCalcInput {
  readonly side: Side;
  /** Pair fee fraction. */
  readonly fee: string;
  readonly price: string;
  readonly quantity: string;
  readonly amount: string;
  /** The two fields the user edited last, most recent first; the third is derived. */
  readonly lastEdited: readonly [LimitField, LimitField];
}

export type LimitCalcResult =
  | { readonly ok: true; readonly derived: LimitField; readonly price: string; readonly quantity: string; readonly amount: string }
  /** The inputs cannot determine the third field (empty, non-numeric, zero divisor). */
  | { readonly ok: false; readonly code: 'INCOMPLETE' | 'INVALID' | 'DIVIDE_BY_ZERO' };

export interface PercentShortcutInput {
  readonly side: Side;
  /** 10, 25, 50, 75 or 100. */
  readonly percent: number;
  /** Available balance of the currency spent: quote for buy, base for sell. */
  readonly available: string;
}

/** Buy fills amount, sell fills quantity (spec B §2), truncated to 8 decimals. */
export interface PercentShortcutResult {
  readonly field: 'amount' | 'quantity';
  readonly value: string;
}

export type CommandResult<T = void> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly code: string; readonly message: string; readonly status?: number };

/* ---------------------------------------------------------------- order entry */

/** Spec B §2/§9 price shortcuts: best bid, best ask, mid, mid +1 %, mid −1 %. */
export type PriceShortcut = 'bid' | 'ask' | 'mid' | 'plus1' | 'minus1';

/**
 * The order entry draft as the engine holds it (spec B §2, §4, §5). The page sends what the user
 * types; the engine answers with the fields it set itself (the derived third of the limit form,
 * price and percent shortcuts, the mid prefill, resets) and the figures it computes.
 */
export interface OrderEntryView {
  readonly side: Side;
  readonly type: OrderTypeName;
  readonly trailUnit: TrailUnit;
  readonly values: Readonly<Record<OrderEntryField, string>>;
  /** Bumped whenever the engine itself sets a field. */
  readonly revision: number;
  /** The revision at which the engine last set each field: the page copies those newer than it has. */
  readonly setAt: Readonly<Record<OrderEntryField, number>>;
  /**
   * How many field edits (editOrderField calls) the engine has handled. A snapshot with fewer
   * than the page has sent predates the page's latest edits, so its settings of those fields
   * are older than what the user typed.
   */
  readonly edits: number;
  /** The two limit fields edited last, most recent first (spec B §4). */
  readonly lastEdited: readonly [LimitField, LimitField];
  /** Sent with the next order; kept across retries, renewed after a success (spec B §3, §4). */
  readonly clientOrderId: string;
  /** An order is being sent (the submit button is disabled). */
  readonly submitting: boolean;
  /** Decimal places of the pair's tick size. */
  readonly priceDecimals: number;
  /** Trailing stop: best bid − trail (sell) or best ask + trail (buy), from the live book. */
  readonly initialStopPrice: string | null;
  /** Trailing stop: Est. Buy (base bought, buy) or Est. Sell (quote received, sell) at that price. */
  readonly trailEstimate: string | null;
}

export interface OrderSubmitOptions {
  /** Omitted: the type's default (GTC; IOC orders carry none). */
  readonly timeInForce?: TimeInForce;
  readonly destination?: Destination;
  /** GTD expiry, epoch ms. */
  readonly expires?: number;
  /** Stop: max slippage in percent (sent as a fraction). */
  readonly maxSlippagePercent?: string;
}

export type OrderSubmitCode = 'INVALID' | 'INSUFFICIENT_BALANCE' | 'BUSY' | 'PLACE_FAILED';

export type OrderSubmitResult =
  | { readonly ok: true; readonly order: Order; readonly message: string }
  | {
      readonly ok: false;
      readonly code: OrderSubmitCode;
      /** The spec B §8 toast text. */
      readonly message: string;
      /** The server's own words when it named a field (shown after the toast text). */
      readonly detail?: string;
      /** Field → message, by form field name where one matches. */
      readonly fieldErrors: Readonly<Record<string, string>>;
    };

/* ---------------------------------------------------------------- snapshot */

export interface EngineUser {
  readonly id: string;
  readonly accountType?: string;
}

/** Running totals of the engine's intake, for benchmarks and support. */
export interface EngineDiagnostics {
  /** Hub messages received (every event of every feed), malformed ones included. */
  readonly messagesReceived: number;
  /** Hub messages (or array entries) dropped as malformed. */
  readonly droppedMessages: number;
  /** Snapshot updates published to subscribers. */
  readonly framesPublished: number;
}

export interface EngineSnapshot {
  /** Increases with every published snapshot. */
  readonly version: number;
  readonly user: EngineUser | null;
  readonly connection: ConnectionView;
  readonly pairs: PairsView;
  readonly selected: SelectedPairView;
  readonly book: OrderBookView;
  readonly recentTrades: RecentTradesView;
  readonly openOrders: Loadable<Order>;
  readonly doneOrders: Loadable<Order>;
  readonly trades: Loadable<Trade>;
  readonly balances: Loadable<Balance>;
  readonly valuation: PortfolioValuation;
  /** Latest 5, newest last. */
  readonly errors: readonly EngineError[];
  readonly quote: QuoteView;
  /** Price chart candles (history); see ChartView. */
  readonly chart: ChartView;
  /** The chart's live last candle; null until a trade of its pair arrives after a load. */
  readonly chartLast: LiveCandleView | null;
  readonly orderEntry: OrderEntryView;
}

export type SnapshotSlice = Exclude<keyof EngineSnapshot, 'version'>;

/**
 * What a subscriber receives, at most once per animation frame: the slices whose identity
 * changed since the previous update to that subscriber (the first update has all of them).
 * The main-thread store merges it into its previous snapshot, so unchanged slices keep
 * identity across the thread boundary.
 */
export interface SnapshotUpdate {
  readonly version: number;
  readonly full: boolean;
  readonly changed: Partial<Omit<EngineSnapshot, 'version'>>;
}

export type SnapshotListener = (update: SnapshotUpdate) => void;

/* ---------------------------------------------------------------- host and config */

/**
 * Main-thread services the engine calls (passed via Comlink.proxy). The worker has no
 * localStorage and must not refresh tokens on its own: one refresh is shared by every tab.
 */
export interface EngineHost {
  /**
   * The app's single shared session refresh; resolves true when the session was renewed.
   * `sentAt` (epoch ms) is when the refused request went out: a refresh that completed after
   * it already renewed the session, so none is made again (refresh tokens rotate on use).
   */
  refreshSession(sentAt?: number): Promise<boolean>;
  /** The session is gone: clear it and go to login (reason=session-expired). */
  logout(reason: 'session-expired'): void;
  /** Persist the deliberately-left feed set under signalr_intentionally_left_feeds. */
  persistLeftFeeds(feeds: readonly string[]): void;
  /** Persist the selected pair under exchange_base_currency / exchange_quote_currency. */
  persistPair(base: string, quote: string): void;
}

export interface EngineConfig {
  /** Absolute origin (plus optional prefix) of the REST API, e.g. "https://x.test". */
  readonly apiBase: string;
  /** Absolute hub URL, e.g. "https://x.test/hubs/exchange". */
  readonly hubUrl: string;
  /** The saved deliberately-left set (read by the main thread from localStorage). */
  readonly leftFeeds?: readonly string[];
  /** The saved pair; defaults BTC/USD. */
  readonly base?: string;
  readonly quote?: string;
}

/* ---------------------------------------------------------------- the API */

export interface EngineApi {
  /** Configures the engine once; later calls are ignored. Emits the first snapshot at once. */
  start(config: EngineConfig, host: EngineHost): void;
  /** The logged-in user, or null on logout. Connects ~0.5 s after a user arrives. */
  setAuth(user: EngineUser | null): void;
  /** Debounced 300 ms; leaves the old pair's feeds and joins the new ones 200 ms later. */
  selectPair(base: string, quote: string): void;
  joinFeeds(feeds: readonly string[]): Promise<CommandResult>;
  /** `remember` (default true) records the feeds as deliberately left. */
  leaveFeeds(feeds: readonly string[], remember?: boolean): Promise<CommandResult>;
  /** Reconnect now (skips the pending backoff wait). */
  retry(): void;
  /** Reload the REST-backed data (pairs, orders, trades, balances). */
  reload(): void;
  dismissError(id: number): void;

  setPairSearch(text: string): void;
  /** 'ALL' or a quote currency. */
  setPairQuoteFilter(quote: string): void;
  /** Spec B §4 cycle: new column → desc; same column desc → asc → none → desc. */
  cyclePairSort(column: SortColumn): void;

  /** Market-order quote: 300 ms debounce, then every 5 s while the value is positive. */
  requestQuote(input: QuoteInput): void;
  clearQuote(): void;
  recalcLimit(input: LimitCalcInput): LimitCalcResult;
  percentShortcut(input: PercentShortcutInput): PercentShortcutResult;

  /** Order entry (spec B §4): switching side or type resets price, quantity, amount and stop fields. */
  setOrderSide(side: Side): void;
  setOrderType(type: OrderTypeName): void;
  /** What the user typed into a field; limit fields derive the third, market sizes requote. */
  editOrderField(field: OrderEntryField, value: string): void;
  /** While the price field has focus the mid prefill waits. */
  setOrderPriceFocus(focused: boolean): void;
  applyPriceShortcut(kind: PriceShortcut): void;
  /** A level's price clicked in the order book: the limit price (a stop's trigger); market and trailing forms turn Limit. */
  pickBookPrice(price: string): void;
  /** 10, 25, 50, 75 or 100 % of the available balance into amount (buy) or quantity (sell). */
  applyOrderPercent(percent: number): void;
  /** Changing the unit clears the trail fields. */
  setTrailUnit(unit: TrailUnit): void;
  /**
   * Checks and sends the draft (POST /v1/orders/{side}) with its client_order_id; an answer lost
   * to the network or a timeout is asked again with the same id, so one order at most is placed.
   */
  submitOrder(options: OrderSubmitOptions): Promise<OrderSubmitResult>;

  /** DELETE /v1/orders/{id}; failures are returned (the UI only logs them). */
  cancelOrder(id: string): Promise<CommandResult>;

  /**
   * Shows the candles of a pair (lower-case symbol) at an interval: loads them over REST (again
   * only when the pair or interval changed), then keeps the last candle current from the pair's
   * live trades.
   */
  showChart(symbol: string, interval: CandleInterval): void;

  subscribe(listener: SnapshotListener): number;
  unsubscribe(id: number): void;
  getSnapshot(): EngineSnapshot;
  /** Counters since the engine was created; read on demand, never part of a snapshot (they change with every message). */
  diagnostics(): EngineDiagnostics;
  /** Stop everything (hub, timers); the engine can be started again. */
  dispose(): Promise<void>;
}

// Re-exported so UI code can type rows without reaching into src/shared paths.
export type {
  Balance,
  CurrencyPair,
  Order,
  Trade,
  Side,
  OrderEntryField,
  TrailUnit,
  OrderTypeName,
  TimeInForce,
  Destination,
  CandleInterval,
};
