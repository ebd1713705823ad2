import { currencyPairListSchema } from '../../shared/api/account';
import { orderSchema } from '../../shared/api/orders';
import { paths } from '../../shared/api/paths';
import { connectionTiming, tradingLimits } from '../../shared/constants';
import { pairSymbol } from '../../shared/hub/feeds';
import { orderMessages } from '../../shared/messages';
import { tickDecimals, type OrderEntryField, type TrailUnit } from '../../shared/orders/order-entry-form';
import type { OrderTypeName, Side } from '../../shared/orders/order-types';
import type {
  CommandResult,
  ConnectionView,
  EngineConfig,
  EngineHost,
  EngineUser,
  OrderSubmitOptions,
  OrderSubmitResult,
  PriceShortcut,
  QuoteInput,
  SelectedPairView,
  CandleInterval,
  SnapshotSlice,
  SortColumn,
} from '../api';
import { parseBookMessage } from '../book/book-message';
import { BookViewBuilder } from '../book/book-view';
import { OrderBookModel } from '../book/order-book';
import { ConnectionManager, type ConnectKind } from '../connection/connection-manager';
import { ErrorStream } from '../errors/error-stream';
import { FeedController } from '../feeds/feed-controller';
import { FeedRegistry } from '../feeds/feed-registry';
import { ChartCandles } from '../market/chart-candles';
import { MarketData } from '../market/market-data';
import { RecentTrades } from '../market/recent-trades';
import { OrderEntry, type OrderEntryPair } from '../orders/order-entry';
import { OrderSender } from '../orders/order-sender';
import { QuotePoller } from '../orders/quote-poller';
import { WithdrawalFee } from '../orders/withdrawal-fee';
import { ValuationBuilder } from '../portfolio/valuation';
import { PrivateData } from '../private/private-data';
import { RestClient } from '../private/rest-client';
import type { Result } from '../result';
import type { SliceBuilders } from '../store/snapshot-store';
import type { TimerHandle, Timers } from '../time/timers';
import type { EngineDeps } from './deps';
import { attachHubHandlers } from './hub-handlers';

// The engine once start() has given it a configuration and a host: every live concern
// (connection, feeds, market data, private data, quotes) as collaborators built here, once, for
// the life of this run. The shell (engine.ts) owns the snapshot pipeline and forwards commands
// here while the run lasts; a new start() after dispose() builds a new run.

export interface RunContext {
  readonly deps: EngineDeps;
  readonly config: EngineConfig;
  readonly host: EngineHost;
  /** Marks snapshot slices for rebuilding at the next frame. */
  readonly invalidate: (...slices: SnapshotSlice[]) => void;
  /** The same for slices moved by market data alone: their publication is paced like it. */
  readonly invalidatePaced: (...slices: SnapshotSlice[]) => void;
  /** Counts a hub message dropped as malformed. */
  readonly dropped: () => void;
  /** Counts a hub message received. */
  readonly received: () => void;
}

export class StartedEngine {
  private readonly timers: Timers;
  private readonly host: EngineHost;
  private readonly invalidate: RunContext['invalidate'];
  private readonly dropped: () => void;
  private readonly received: () => void;

  private readonly errors: ErrorStream;
  private readonly market: MarketData;
  private readonly recent: RecentTrades;
  private readonly book = new OrderBookModel();
  private readonly bookView = new BookViewBuilder();
  private readonly registry: FeedRegistry;
  private readonly rest: RestClient;
  private readonly conn: ConnectionManager;
  private readonly feeds: FeedController;
  private readonly privateData: PrivateData;
  private readonly quotes: QuotePoller;
  private readonly withdrawalFee: WithdrawalFee;
  private readonly chart: ChartCandles;
  private readonly valuation = new ValuationBuilder();
  private readonly entry: OrderEntry;

  private user: EngineUser | null = null;
  /** Who logged out while the 100 ms disconnect delay runs. */
  private loggedOutUser: EngineUser | null = null;
  private base: string = tradingLimits.defaultBase;
  private quote: string = tradingLimits.defaultQuote;
  private connectTimer: TimerHandle | null = null;
  private disconnectTimer: TimerHandle | null = null;
  private flashTimer: TimerHandle | null = null;
  private flashTimerAt: number | null = null;
  private lastStale = false;
  private connectionView: ConnectionView | null = null;
  private connectionKey = '';
  private selectedView: SelectedPairView | null = null;

  /** How this run fills each snapshot slice. */
  readonly slices: SliceBuilders = {
    user: () => this.user,
    connection: () => this.buildConnection(),
    pairs: () => this.market.build(),
    selected: () => this.buildSelected(),
    book: () => this.bookView.build(this.book, this.timers.now(), this.pricePlaces()),
    recentTrades: () => this.recent.build(),
    openOrders: () => this.privateData.openOrders,
    doneOrders: () => this.privateData.doneOrders,
    trades: () => this.privateData.trades,
    balances: () => this.privateData.balances,
    valuation: () => this.valuation.build(this.privateData.balances, this.market.build()),
    errors: () => this.errors.items,
    quote: () => this.quotes.view,
    chart: () => this.chart.chart,
    chartLast: () => this.chart.last,
    orderEntry: () => this.entry.build(),
  };

  constructor(context: RunContext) {
    const { deps, config, host } = context;
    // The valuation follows the balances and the tickers it is priced by.
    const invalidate: RunContext['invalidate'] = (...slices) =>
      context.invalidate(...slices, ...(slices.includes('balances') || slices.includes('pairs') ? (['valuation'] as const) : []));
    const timers = deps.timers;
    this.timers = timers;
    this.host = host;
    this.invalidate = invalidate;
    this.dropped = context.dropped;
    this.received = context.received;
    if (config.base && config.quote) {
      this.base = config.base.toUpperCase();
      this.quote = config.quote.toUpperCase();
    }
    const logout = () => this.callHost(() => host.logout('session-expired'));
    this.errors = new ErrorStream(timers, () => invalidate('errors'));
    // The book's price places come from the pair list, which may arrive after the book.
    this.market = new MarketData(() => invalidate('pairs', 'selected', 'book'));
    this.recent = new RecentTrades(() => invalidate('recentTrades'));
    this.registry = new FeedRegistry(
      config.leftFeeds ?? [],
      (left) => this.callHost(() => host.persistLeftFeeds(left)),
      () => {
        this.conn.setActiveFeedsCount(this.registry.active.size);
        invalidate('connection');
      },
    );
    this.rest = new RestClient({
      fetch: deps.fetch,
      apiBase: config.apiBase,
      timers,
      refreshSession: (sentAt) => host.refreshSession(sentAt),
      onSessionLost: logout,
    });
    this.conn = new ConnectionManager({
      timers,
      hubFactory: deps.hubFactory,
      hubUrl: config.hubUrl,
      errors: this.errors,
      refreshSession: () => host.refreshSession(),
      logout,
      attachHandlers: (hub) => attachHubHandlers(hub, this.hubSinks()),
      onConnected: (kind) => this.onConnected(kind),
      onLost: () => this.onLost(),
      onChange: () => invalidate('connection'),
      ...(deps.healthIntervalMs !== undefined ? { healthIntervalMs: deps.healthIntervalMs } : {}),
    });
    this.feeds = new FeedController({
      conn: this.conn,
      registry: this.registry,
      timers,
      errors: this.errors,
      userId: () => this.user?.id ?? null,
      symbol: () => this.symbol,
      pairSymbols: () => this.market.symbols,
      onJoined: (feeds) => this.onJoined(feeds),
    });
    this.privateData = new PrivateData(this.rest, (slices) => invalidate(...slices));
    this.quotes = new QuotePoller(this.rest, timers, this.errors, () => invalidate('quote'));
    this.withdrawalFee = new WithdrawalFee(this.rest, () => invalidate('selected'));
    this.chart = new ChartCandles(this.rest, (slices) => invalidate(...slices));
    const available = (currency: string) => this.available(currency);
    this.entry = new OrderEntry({
      pair: () => this.entryPair(),
      bestPrices: () => ({ bid: this.book.bids[0]?.price ?? null, ask: this.book.asks[0]?.price ?? null }),
      available,
      quotes: this.quotes,
      sender: new OrderSender({ rest: this.rest, timers, available, quote: () => this.quotes.view }),
      onChange: () => invalidate('orderEntry'),
      onMarketChange: () => context.invalidatePaced('orderEntry'),
      ...(deps.random ? { random: deps.random } : {}),
    });
    this.book.reset(this.symbol);
    this.recent.reset(this.symbol);
  }

  /* ------------------------------------------------------------------ commands */

  setAuth(user: EngineUser | null): void {
    const previous = this.user;
    if (user && previous && user.id === previous.id) {
      if (user.accountType !== previous.accountType) this.setUser(user);
      return;
    }
    if (user) this.logIn(user, previous);
    else if (previous) this.logOut(previous);
  }

  selectPair(base: string, quote: string): void {
    const b = base.trim().toUpperCase();
    const q = quote.trim().toUpperCase();
    if (!b || !q || (b === this.base && q === this.quote)) return;
    const previousBase = this.base;
    this.base = b;
    this.quote = q;
    this.callHost(() => this.host.persistPair(b, q));
    this.book.reset(this.symbol);
    this.recent.reset(this.symbol);
    if (this.quotes.view.input && this.quotes.view.input.pair !== this.symbol) this.quotes.clear();
    this.entry.pairChanged();
    this.feeds.pairChanged();
    if (this.user && b !== previousBase) void this.withdrawalFee.load(b);
    this.invalidate('selected', 'book', 'connection');
  }

  async joinFeeds(feeds: readonly string[]): Promise<CommandResult> {
    return toCommand(await this.feeds.joinFeeds([...feeds]));
  }

  async leaveFeeds(feeds: readonly string[], remember = true): Promise<CommandResult> {
    return toCommand(await this.feeds.leaveFeeds([...feeds], remember));
  }

  retry(): void {
    this.timers.clearTimeout(this.connectTimer);
    this.connectTimer = null;
    this.conn.retry();
  }

  reload(): void {
    if (!this.user) return;
    void this.loadPairs();
    void this.privateData.loadAll();
    void this.withdrawalFee.load(this.base);
  }

  dismissError(id: number): void {
    this.errors.dismiss(id);
  }

  setPairSearch(text: string): void {
    this.market.setSearch(text);
  }

  setPairQuoteFilter(quote: string): void {
    this.market.setQuoteFilter(quote);
  }

  cyclePairSort(column: SortColumn): void {
    this.market.cycleSort(column);
  }

  requestQuote(input: QuoteInput): void {
    this.quotes.request(input);
  }

  clearQuote(): void {
    this.quotes.clear();
  }

  setOrderSide(side: Side): void {
    this.entry.setSide(side);
  }

  setOrderType(type: OrderTypeName): void {
    this.entry.setType(type);
  }

  editOrderField(field: OrderEntryField, value: string): void {
    this.entry.edit(field, value);
  }

  setOrderPriceFocus(focused: boolean): void {
    this.entry.setPriceFocus(focused);
  }

  applyPriceShortcut(kind: PriceShortcut): void {
    this.entry.applyPriceShortcut(kind);
  }

  pickBookPrice(price: string): void {
    this.entry.pickBookPrice(price);
  }

  applyOrderPercent(percent: number): void {
    this.entry.applyPercent(percent);
  }

  setTrailUnit(unit: TrailUnit): void {
    this.entry.setTrailUnit(unit);
  }

  submitOrder(options: OrderSubmitOptions): Promise<OrderSubmitResult> {
    return this.entry.submit(options);
  }

  /**
   * DELETE /v1/orders/{id}. The answer (the cancelled order) is applied at once, so the order
   * leaves Open without waiting for its push. An order that ended meanwhile (409
   * order_not_open: it filled, expired or was cancelled elsewhere) is not a failure: the lists
   * are reloaded so it shows in Done as it ended. Other failures are returned for the page to log.
   */
  async cancelOrder(id: string): Promise<CommandResult> {
    const r = await this.rest.request(paths.orders.cancel(id), { method: 'DELETE' });
    if (r.ok) {
      const order = orderSchema.safeParse(r.value);
      if (order.success && this.user) this.privateData.applyOrder(order.data);
      return { ok: true, value: undefined };
    }
    if (r.error.status === 409 && this.user) {
      await this.privateData.reloadOrders();
      return { ok: true, value: undefined };
    }
    return toCommand(r);
  }

  showChart(symbol: string, interval: CandleInterval): void {
    if (this.chart.want(symbol, interval) && this.user) void this.chart.load();
  }

  /** Stops the run's timers, quotes and connection; the shell then answers as idle. */
  async dispose(): Promise<void> {
    for (const t of [this.connectTimer, this.disconnectTimer, this.flashTimer]) this.timers.clearTimeout(t);
    this.connectTimer = this.disconnectTimer = this.flashTimer = null;
    this.quotes.clear();
    this.feeds.cancelTimers();
    await this.conn.disconnect();
  }

  /* ------------------------------------------------------------------ hub events */

  ingestOrderBook(message: unknown): void {
    const parsed = parseBookMessage(message);
    if (!parsed.ok) {
      this.dropped();
      return;
    }
    const outcome = this.book.apply(parsed.book, this.timers.now());
    if (outcome === 'other-symbol' || outcome === 'out-of-order') return;
    this.invalidate('book');
    this.syncStale();
    this.entry.bookChanged();
    if (outcome === 'gap' && this.symbol) {
      const symbol = this.symbol;
      void this.feeds.resyncBook(symbol).then((joined) => {
        if (joined && this.symbol === symbol) this.book.resyncJoined();
      });
    }
  }

  private hubSinks() {
    const { recent, market, privateData, errors, dropped, received, chart } = this;
    return { ingestOrderBook: (m: unknown) => this.ingestOrderBook(m), recent, market, privateData, errors, dropped, received, chart };
  }

  /* ------------------------------------------------------------------ lifecycle */

  private logIn(user: EngineUser, previous: EngineUser | null): void {
    const { timers } = this;
    // A different user (directly, or back within the 100 ms logout delay): nothing of the
    // previous one survives, not even its server-side private groups.
    const leaving = previous ?? (this.disconnectTimer !== null ? this.loggedOutUser : null);
    timers.clearTimeout(this.disconnectTimer);
    this.disconnectTimer = null;
    if (leaving && leaving.id !== user.id) this.fullDisconnect();
    this.setUser(user);
    this.conn.setAuthorized(true);
    void this.loadPairs();
    void this.privateData.loadAll();
    void this.chart.load();
    void this.withdrawalFee.load(this.base);
    timers.clearTimeout(this.connectTimer);
    // Spec B §4: the connection starts about 0.5 s after the user becomes authorized.
    this.connectTimer = timers.setTimeout(() => {
      this.connectTimer = null;
      if (this.user) this.conn.connect();
    }, connectionTiming.connectAfterAuthMs);
  }

  private logOut(previous: EngineUser): void {
    const { timers } = this;
    this.loggedOutUser = previous;
    this.setUser(null);
    this.conn.setAuthorized(false);
    timers.clearTimeout(this.connectTimer);
    this.connectTimer = null;
    timers.clearTimeout(this.disconnectTimer);
    // Spec B §4: disconnect 100 ms after authorization is lost.
    this.disconnectTimer = timers.setTimeout(() => {
      this.disconnectTimer = null;
      if (!this.user) this.fullDisconnect();
    }, connectionTiming.disconnectDelayMs);
  }

  private onConnected(kind: ConnectKind): void {
    // The private lists were loaded over REST before the private feeds were joined (at login,
    // or before a drop): a change in between (a withdrawal's hold, a fill) was pushed to no one.
    // Loaded again once the feeds are joined, every later change arrives as a push.
    void this.feeds.onConnected(kind).then((current) => {
      if (current && this.user) void this.privateData.loadAll();
    });
    if (kind === 'reconnect' && this.user) {
      void this.chart.load();
      if (this.market.status === 'error') void this.loadPairs();
    }
  }

  private onLost(): void {
    this.book.markStale();
    this.invalidate('book');
    this.syncStale();
  }

  private onJoined(feeds: readonly string[]): void {
    const symbol = this.symbol;
    if (symbol && feeds.some((f) => f.startsWith('trades.') && f.endsWith(`.${symbol}`))) this.recent.markLoaded();
  }

  private fullDisconnect(): void {
    this.timers.clearTimeout(this.connectTimer);
    this.connectTimer = null;
    void this.conn.disconnect();
    this.feeds.reset();
    this.privateData.clear();
    this.chart.clear();
    this.quotes.clear();
    this.withdrawalFee.clear();
    this.book.reset(this.symbol);
    this.recent.reset(this.symbol);
    this.invalidate('book', 'connection');
    this.syncStale();
  }

  private async loadPairs(): Promise<void> {
    this.market.setStatus('loading');
    const r = await this.rest.request(paths.account.currencyPairs, { schema: currencyPairListSchema });
    if (!this.user) return;
    if (!r.ok) {
      this.market.setStatus('error');
      this.errors.push('PAIRS_LOAD_FAILED', orderMessages.pairsLoadFailed);
      return;
    }
    this.market.setPairs(r.value);
    void this.feeds.ensureTickers();
  }

  private setUser(user: EngineUser | null): void {
    this.user = user ? Object.freeze({ ...user }) : null;
    this.invalidate('user');
  }

  /* ------------------------------------------------------------------ slices */

  private get symbol(): string {
    return pairSymbol(this.base, this.quote);
  }

  private entryPair(): OrderEntryPair {
    const symbol = this.symbol;
    return {
      symbol,
      base: this.base,
      quote: this.quote,
      fee: this.market.row(symbol)?.fee ?? '0',
      priceDecimals: this.pricePlaces(),
    };
  }

  /** The selected pair's price places, from its tick (2 until the pair list is in). */
  private pricePlaces(): number {
    return tickDecimals(this.market.findPair(this.symbol)?.tick_size);
  }

  private available(currency: string): string | null {
    const c = currency.toLowerCase();
    return this.privateData.balances.items.find((b) => b.currency.toLowerCase() === c)?.available ?? null;
  }

  private syncStale(): void {
    if (this.book.stale !== this.lastStale) {
      this.lastStale = this.book.stale;
      this.invalidate('connection');
    }
  }

  private buildConnection(): ConnectionView {
    const key = `${this.conn.revision}|${this.registry.revision}|${this.book.stale}`;
    if (this.connectionView && key === this.connectionKey) return this.connectionView;
    this.connectionKey = key;
    const c = this.conn;
    this.connectionView = Object.freeze({
      state: c.state,
      reconnecting: c.reconnecting,
      stale: this.book.stale,
      attempt: c.reconnecting ? c.attempts : 0,
      nextRetryAt: c.nextRetryAt,
      metrics: c.metrics,
      activeFeeds: Object.freeze([...this.registry.active].sort()),
      leftFeeds: Object.freeze([...this.registry.left].sort()),
    });
    return this.connectionView;
  }

  private buildSelected(): SelectedPairView {
    const symbol = this.symbol;
    const row = this.market.row(symbol);
    const withdrawalFee = this.withdrawalFee.of(this.base);
    const prev = this.selectedView;
    if (prev && prev.base === this.base && prev.quote === this.quote && prev.row === row && prev.withdrawalFee === withdrawalFee)
      return prev;
    this.selectedView = Object.freeze({
      base: this.base,
      quote: this.quote,
      symbol,
      row,
      fee: row?.fee ?? '0',
      ...(withdrawalFee !== undefined ? { withdrawalFee } : {}),
    });
    return this.selectedView;
  }

  /** A flash ends 0.6 s after it started: rebuild the book then, even if nothing else moves. */
  afterFlush(): void {
    const at = this.bookView.flashExpiresAt;
    if (at === null || at === this.flashTimerAt) return;
    const { timers } = this;
    timers.clearTimeout(this.flashTimer);
    this.flashTimerAt = at;
    this.flashTimer = timers.setTimeout(
      () => {
        this.flashTimer = null;
        this.flashTimerAt = null;
        this.invalidate('book');
      },
      Math.max(0, at - timers.now()),
    );
  }

  private callHost(fn: () => unknown): void {
    try {
      const r = fn();
      // Over comlink every host call is a promise; a closed page must not crash the engine.
      if (r && typeof (r as Promise<unknown>).then === 'function') (r as Promise<unknown>).catch(() => {});
    } catch {
      // Same: the host is best effort.
    }
  }
}

function toCommand(r: Result<unknown>): CommandResult {
  if (r.ok) return { ok: true, value: undefined };
  const { code, message, status } = r.error;
  return status === undefined ? { ok: false, code, message } : { ok: false, code, message, status };
}
