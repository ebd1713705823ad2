import { currencyPairListSchema } from '../../shared/api/account';
import { paths } from '../../shared/api/paths';
import { connectionTiming, tradingLimits } from '../../shared/constants';
import { pairSymbol } from '../../shared/hub/feeds';
import {
  endUserBalanceSchema,
  endUserOrderSchema,
  endUserTradeSchema,
  hubErrorSchema,
  recentTradeSchema,
  tickerSchema,
} from '../../shared/hub/messages';
import { hubEvents } from '../../shared/hub/names';
import { connectionMessages, orderMessages } from '../../shared/messages';
import type {
  CommandResult,
  ConnectionView,
  EngineApi,
  EngineConfig,
  EngineHost,
  EngineSnapshot,
  EngineUser,
  LimitCalcInput,
  LimitCalcResult,
  PercentShortcutInput,
  PercentShortcutResult,
  QuoteInput,
  SelectedPairView,
  SnapshotListener,
  SortColumn,
} from '../api';
import { parseBookMessage } from '../book/book-message';
import { BookViewBuilder } from '../book/book-view';
import { OrderBookModel } from '../book/order-book';
import { ConnectionManager, type ConnectKind } from '../connection/connection-manager';
import type { HubConnectionLike, HubFactory } from '../connection/hub-connection';
import { ErrorStream } from '../errors/error-stream';
import { FeedController } from '../feeds/feed-controller';
import { FeedRegistry } from '../feeds/feed-registry';
import { MarketData } from '../market/market-data';
import { RecentTrades } from '../market/recent-trades';
import { recalcLimit } from '../orders/limit-calc';
import { percentShortcut } from '../orders/percent-shortcut';
import { QuotePoller } from '../orders/quote-poller';
import { PrivateData } from '../private/private-data';
import { RestClient, type FetchLike } from '../private/rest-client';
import { messageOf, type Result } from '../result';
import { EMPTY_LOADABLE, IDLE_QUOTE, INITIAL_CONNECTION } from '../snapshot/initial-snapshot';
import { SnapshotPublisher } from '../store/snapshot-publisher';
import { SnapshotStore } from '../store/snapshot-store';
import { timerFrames, type FrameScheduler } from '../time/frame';
import type { TimerHandle, Timers } from '../time/timers';
import type { z } from 'zod';

// The engine: one object owning every live concern (connection, feeds, market data, private
// data, quotes) and publishing immutable snapshots. Everything outside — hub, HTTP, clock,
// timers, frames, the host's storage/refresh/logout — is injected, so the same code runs in
// the worker, in Node tests on virtual time, and in the bench.

export interface EngineDeps {
  readonly timers: Timers;
  readonly hubFactory: HubFactory;
  readonly fetch: FetchLike;
  /** Defaults to ~16 ms timer frames. */
  readonly frames?: FrameScheduler;
  /** IsConnectionHealthy probe interval; 0 disables (tests). */
  readonly healthIntervalMs?: number;
}

/** The engine as used in-process: the EngineApi plus the useSyncExternalStore-shaped store. */
export interface Engine extends EngineApi {
  readonly store: { subscribe(listener: () => void): () => void; getSnapshot(): EngineSnapshot };
  /** Publishes pending changes now instead of at the next frame. */
  flush(): void;
  /** Feeds a raw ReceiveOrderBook payload through the pipeline (hub handler, bench). */
  ingestOrderBook(message: unknown): void;
  /** Counters for tests and diagnostics. */
  readonly stats: { droppedMessages: number; framesPublished(): number };
}

const NO_HOST: EngineHost = {
  refreshSession: async () => false,
  logout: () => {},
  persistLeftFeeds: () => {},
  persistPair: () => {},
};

export function createEngine(deps: EngineDeps): Engine {
  return new ExchangeEngine(deps);
}

class ExchangeEngine implements Engine {
  private host: EngineHost = NO_HOST;
  private config: EngineConfig | null = null;
  private user: EngineUser | null = null;
  /** Who logged out while the 100 ms disconnect delay runs. */
  private loggedOutUser: EngineUser | null = null;
  private base: string = tradingLimits.defaultBase;
  private quote: string = tradingLimits.defaultQuote;

  private readonly errors: ErrorStream;
  private readonly market: MarketData;
  private readonly recent: RecentTrades;
  private readonly book = new OrderBookModel();
  private readonly bookView = new BookViewBuilder();
  private readonly snapshotStore: SnapshotStore;
  private readonly publisher: SnapshotPublisher;
  private registry: FeedRegistry;
  private rest!: RestClient;
  private conn!: ConnectionManager;
  private feeds!: FeedController;
  private privateData!: PrivateData;
  private quotes!: QuotePoller;

  private connectTimer: TimerHandle | null = null;
  private disconnectTimer: TimerHandle | null = null;
  private flashTimer: TimerHandle | null = null;
  private flashTimerAt: number | null = null;
  private lastStale = false;
  private connectionView: ConnectionView | null = null;
  private connectionKey = '';
  private selectedView: SelectedPairView | null = null;

  readonly stats = { droppedMessages: 0, framesPublished: () => this.publisher.framesPublished };
  readonly store: Engine['store'];

  constructor(private readonly deps: EngineDeps) {
    const invalidate = (...s: Parameters<SnapshotStore['invalidate']>) => this.snapshotStore.invalidate(...s);
    this.errors = new ErrorStream(() => deps.timers.now(), () => invalidate('errors'));
    this.market = new MarketData(() => invalidate('pairs', 'selected'));
    this.recent = new RecentTrades(() => invalidate('recentTrades'));
    this.registry = new FeedRegistry([], () => {}, () => {});
    this.snapshotStore = new SnapshotStore(
      {
        user: () => this.user,
        connection: () => this.buildConnection(),
        pairs: () => this.market.build(),
        selected: () => this.buildSelected(),
        book: () => this.bookView.build(this.book, deps.timers.now()),
        recentTrades: () => this.recent.build(),
        openOrders: () => this.privateData?.openOrders ?? EMPTY_LOADABLE,
        doneOrders: () => this.privateData?.doneOrders ?? EMPTY_LOADABLE,
        trades: () => this.privateData?.trades ?? EMPTY_LOADABLE,
        balances: () => this.privateData?.balances ?? EMPTY_LOADABLE,
        errors: () => this.errors.items,
        quote: () => this.quotes?.view ?? IDLE_QUOTE,
      },
      () => this.publisher?.requestFrame(),
    );
    this.publisher = new SnapshotPublisher(this.snapshotStore, deps.frames ?? timerFrames(deps.timers), () => this.afterFlush());
    this.store = {
      subscribe: (listener) => this.publisher.subscribeLocal(listener),
      getSnapshot: () => this.publisher.getSnapshot(),
    };
  }

  /* ------------------------------------------------------------------ EngineApi */

  start(config: EngineConfig, host: EngineHost): void {
    if (this.config) return;
    this.config = config;
    this.host = host;
    const { timers } = this.deps;
    if (config.base && config.quote) {
      this.base = config.base.toUpperCase();
      this.quote = config.quote.toUpperCase();
    }
    this.registry = new FeedRegistry(
      config.leftFeeds ?? [],
      (left) => this.callHost(() => this.host.persistLeftFeeds(left)),
      () => {
        this.conn?.setActiveFeedsCount(this.registry.active.size);
        this.snapshotStore.invalidate('connection');
      },
    );
    this.rest = new RestClient({
      fetch: this.deps.fetch,
      apiBase: config.apiBase,
      timers,
      refreshSession: () => this.host.refreshSession(),
      onSessionLost: () => this.callHost(() => this.host.logout('session-expired')),
    });
    this.conn = new ConnectionManager({
      timers,
      hubFactory: this.deps.hubFactory,
      hubUrl: config.hubUrl,
      errors: this.errors,
      refreshSession: () => this.host.refreshSession(),
      logout: () => this.callHost(() => this.host.logout('session-expired')),
      attachHandlers: (hub) => this.attachHandlers(hub),
      onConnected: (kind) => this.onConnected(kind),
      onLost: () => this.onLost(),
      onChange: () => this.snapshotStore.invalidate('connection'),
      ...(this.deps.healthIntervalMs !== undefined ? { healthIntervalMs: this.deps.healthIntervalMs } : {}),
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
    this.privateData = new PrivateData(this.rest, (slices) => this.snapshotStore.invalidate(...slices));
    this.quotes = new QuotePoller(this.rest, timers, this.errors, () => this.snapshotStore.invalidate('quote'));
    this.book.reset(this.symbol);
    this.recent.reset(this.symbol);
    this.snapshotStore.invalidate('connection', 'selected', 'book', 'recentTrades', 'openOrders', 'doneOrders', 'trades', 'balances', 'quote');
  }

  setAuth(user: EngineUser | null): void {
    if (!this.config) return;
    const { timers } = this.deps;
    const previous = this.user;
    if (user && previous && user.id === previous.id) {
      if (user.accountType !== previous.accountType) this.setUser(user);
      return;
    }
    if (user) {
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
      timers.clearTimeout(this.connectTimer);
      // Spec B §4: the connection starts about 0.5 s after the user becomes authorized.
      this.connectTimer = timers.setTimeout(() => {
        this.connectTimer = null;
        if (this.user) this.conn.connect();
      }, connectionTiming.connectAfterAuthMs);
      return;
    }
    if (!previous) return;
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

  selectPair(base: string, quote: string): void {
    const b = base.trim().toUpperCase();
    const q = quote.trim().toUpperCase();
    if (!b || !q || (b === this.base && q === this.quote)) return;
    this.base = b;
    this.quote = q;
    this.callHost(() => this.host.persistPair(b, q));
    this.book.reset(this.symbol);
    this.recent.reset(this.symbol);
    if (this.quotes?.view.input && this.quotes.view.input.pair !== this.symbol) this.quotes.clear();
    this.feeds?.pairChanged();
    this.snapshotStore.invalidate('selected', 'book', 'connection');
  }

  async joinFeeds(feeds: readonly string[]): Promise<CommandResult> {
    if (!this.config) return notStarted();
    return toCommand(await this.feeds.joinFeeds([...feeds]));
  }

  async leaveFeeds(feeds: readonly string[], remember = true): Promise<CommandResult> {
    if (!this.config) return notStarted();
    return toCommand(await this.feeds.leaveFeeds([...feeds], remember));
  }

  retry(): void {
    if (!this.config) return;
    this.deps.timers.clearTimeout(this.connectTimer);
    this.connectTimer = null;
    this.conn.retry();
  }

  reload(): void {
    if (!this.config || !this.user) return;
    void this.loadPairs();
    void this.privateData.loadAll();
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
    this.quotes?.request(input);
  }

  clearQuote(): void {
    this.quotes?.clear();
  }

  recalcLimit(input: LimitCalcInput): LimitCalcResult {
    return recalcLimit(input);
  }

  percentShortcut(input: PercentShortcutInput): PercentShortcutResult {
    return percentShortcut(input);
  }

  async cancelOrder(id: string): Promise<CommandResult> {
    if (!this.config) return notStarted();
    return toCommand(await this.rest.request(paths.orders.cancel(id), { method: 'DELETE' }));
  }

  subscribe(listener: SnapshotListener): number {
    return this.publisher.subscribe(listener);
  }

  unsubscribe(id: number): void {
    this.publisher.unsubscribe(id);
  }

  getSnapshot(): EngineSnapshot {
    return this.publisher.getSnapshot();
  }

  async dispose(): Promise<void> {
    const { timers } = this.deps;
    for (const t of [this.connectTimer, this.disconnectTimer, this.flashTimer]) timers.clearTimeout(t);
    this.connectTimer = this.disconnectTimer = this.flashTimer = null;
    this.quotes?.clear();
    this.feeds?.cancelTimers();
    await this.conn?.disconnect();
    this.publisher.dispose();
    this.config = null;
  }

  flush(): void {
    this.publisher.flush();
  }

  /* ------------------------------------------------------------------ hub events */

  ingestOrderBook(message: unknown): void {
    const parsed = parseBookMessage(message);
    if (!parsed.ok) {
      this.stats.droppedMessages++;
      return;
    }
    const outcome = this.book.apply(parsed.book, this.deps.timers.now());
    if (outcome === 'other-symbol' || outcome === 'out-of-order') return;
    this.snapshotStore.invalidate('book');
    this.syncStale();
    if (outcome === 'gap' && this.symbol) {
      const symbol = this.symbol;
      void this.feeds?.resyncBook(symbol).then((joined) => {
        if (joined && this.symbol === symbol) this.book.resyncJoined();
      });
    }
  }

  private attachHandlers(hub: HubConnectionLike): void {
    hub.on(hubEvents.orderBook, (m) => this.ingestOrderBook(m));
    hub.on(hubEvents.trade, (m) => {
      for (const t of this.parseMany(recentTradeSchema, m)) this.recent.add(t);
    });
    hub.on(hubEvents.ticker, (m) => {
      for (const t of this.parseMany(tickerSchema, m)) this.market.applyTicker(t);
    });
    hub.on(hubEvents.endUserBalance, (m) => {
      const r = endUserBalanceSchema.safeParse(m);
      if (!r.success) return void this.stats.droppedMessages++;
      this.privateData.applyBalances(Array.isArray(r.data) ? r.data : [r.data]);
    });
    hub.on(hubEvents.endUserOrder, (m) => {
      for (const o of this.parseMany(endUserOrderSchema, m)) this.privateData.applyOrder(o);
    });
    hub.on(hubEvents.endUserTrade, (m) => {
      for (const t of this.parseMany(endUserTradeSchema, m)) this.privateData.applyTrade(t);
    });
    // Spec B names the event but gives the trading area nothing to do with it.
    hub.on(hubEvents.userOnboarding, () => {});
    hub.on(hubEvents.error, (m) => {
      const r = hubErrorSchema.safeParse(m);
      const message = !r.success ? messageOf(m) : typeof r.data === 'string' ? r.data : r.data.message;
      const feeds = r.success && typeof r.data !== 'string' ? r.data.feeds : undefined;
      this.errors.push('HUB_ERROR', message, feeds);
    });
  }

  /** Validates one payload or an array of them; malformed entries are counted and dropped. */
  private parseMany<S extends z.ZodType>(schema: S, payload: unknown): z.output<S>[] {
    const list = Array.isArray(payload) ? payload : [payload];
    const out: z.output<S>[] = [];
    for (const item of list) {
      const r = schema.safeParse(item);
      if (r.success) out.push(r.data);
      else this.stats.droppedMessages++;
    }
    return out;
  }

  /* ------------------------------------------------------------------ lifecycle */

  private onConnected(kind: ConnectKind): void {
    void this.feeds.onConnected(kind);
    // Pushes sent while we were away are lost: reload what they would have changed.
    if (kind === 'reconnect' && this.user) {
      void this.privateData.loadAll();
      if (this.market.status === 'error') void this.loadPairs();
    }
  }

  private onLost(): void {
    this.book.markStale();
    this.snapshotStore.invalidate('book');
    this.syncStale();
  }

  private onJoined(feeds: readonly string[]): void {
    const symbol = this.symbol;
    if (symbol && feeds.some((f) => f.startsWith('trades.') && f.endsWith(`.${symbol}`))) this.recent.markLoaded();
  }

  private fullDisconnect(): void {
    this.deps.timers.clearTimeout(this.connectTimer);
    this.connectTimer = null;
    void this.conn.disconnect();
    this.feeds.reset();
    this.privateData.clear();
    this.quotes.clear();
    this.book.reset(this.symbol);
    this.recent.reset(this.symbol);
    this.snapshotStore.invalidate('book', 'connection');
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
    this.snapshotStore.invalidate('user');
  }

  /* ------------------------------------------------------------------ slices */

  private get symbol(): string {
    return pairSymbol(this.base, this.quote);
  }

  private syncStale(): void {
    if (this.book.stale !== this.lastStale) {
      this.lastStale = this.book.stale;
      this.snapshotStore.invalidate('connection');
    }
  }

  private buildConnection(): ConnectionView {
    if (!this.config) return this.connectionView ?? INITIAL_CONNECTION;
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
    const prev = this.selectedView;
    if (prev && prev.base === this.base && prev.quote === this.quote && prev.row === row) return prev;
    this.selectedView = Object.freeze({ base: this.base, quote: this.quote, symbol, row, fee: row?.fee ?? '0' });
    return this.selectedView;
  }

  /** A flash ends 0.6 s after it started: rebuild the book then, even if nothing else moves. */
  private afterFlush(): void {
    const at = this.bookView.flashExpiresAt;
    if (at === null || at === this.flashTimerAt) return;
    const { timers } = this.deps;
    timers.clearTimeout(this.flashTimer);
    this.flashTimerAt = at;
    this.flashTimer = timers.setTimeout(() => {
      this.flashTimer = null;
      this.flashTimerAt = null;
      this.snapshotStore.invalidate('book');
    }, Math.max(0, at - timers.now()));
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

function notStarted(): CommandResult {
  return { ok: false, code: 'NOT_STARTED', message: connectionMessages.connectionNotAvailable };
}

function toCommand(r: Result<unknown>): CommandResult {
  return r.ok ? { ok: true, value: undefined } : { ok: false, code: r.error.code, message: r.error.message, ...(r.error.status !== undefined ? { status: r.error.status } : {}) };
}
