import type {
  CandleInterval,
  CommandResult,
  EngineApi,
  EngineConfig,
  EngineHost,
  EngineSnapshot,
  EngineUser,
  LimitCalcInput,
  LimitCalcResult,
  OrderEntryField,
  OrderSubmitOptions,
  OrderSubmitResult,
  OrderTypeName,
  PriceShortcut,
  Side,
  TrailUnit,
  PercentShortcutInput,
  PercentShortcutResult,
  QuoteInput,
  SnapshotListener,
  SnapshotSlice,
  SortColumn,
  EngineDiagnostics,
} from '../api';
import { orderMessages } from '../../shared/messages';
import { NOT_STARTED } from '../errors/catalogue';
import { recalcLimit } from '../orders/limit-calc';
import { percentShortcut } from '../orders/percent-shortcut';
import { initialSnapshot } from '../snapshot/initial-snapshot';
import { MARKET_PACING_MS, isMarketOnly } from '../store/market-pacing';
import { SnapshotPublisher } from '../store/snapshot-publisher';
import { SnapshotStore, type SliceBuilders } from '../store/snapshot-store';
import { timerFrames } from '../time/frame';
import type { EngineDeps } from './deps';
import { StartedEngine } from './started-engine';

// The engine as the worker exposes it: a shell that owns the snapshot pipeline (store and
// publisher, alive from construction to the end) and forwards every command to the current run.
// Before start() and after dispose() the run is IDLE, which answers every command the same way:
// a command with an answer resolves NOT_STARTED (errors/catalogue.ts), the others do nothing,
// and the snapshot is the initial one. start() builds a StartedEngine (started-engine.ts), whose
// collaborators exist for exactly as long as it runs.

export type { EngineDeps } from './deps';

/** The engine as used in-process: the EngineApi plus the useSyncExternalStore-shaped store. */
export interface Engine extends EngineApi {
  readonly store: { subscribe(listener: () => void): () => void; getSnapshot(): EngineSnapshot };
  /** Publishes pending changes now instead of at the next frame. */
  flush(): void;
  /** Feeds a raw ReceiveOrderBook payload through the pipeline (hub handler, bench). */
  ingestOrderBook(message: unknown): void;
  /** Counters for tests and diagnostics. */
  readonly stats: { droppedMessages: number; messagesReceived: number; framesPublished(): number };
}

export function createEngine(deps: EngineDeps): Engine {
  return new EngineShell(deps);
}

/** The commands that need a running engine; the shell forwards them to the current run. */
type RunCommand =
  | 'setAuth'
  | 'selectPair'
  | 'joinFeeds'
  | 'leaveFeeds'
  | 'retry'
  | 'reload'
  | 'dismissError'
  | 'setPairSearch'
  | 'setPairQuoteFilter'
  | 'cyclePairSort'
  | 'requestQuote'
  | 'clearQuote'
  | 'setOrderSide'
  | 'setOrderType'
  | 'editOrderField'
  | 'setOrderPriceFocus'
  | 'applyPriceShortcut'
  | 'pickBookPrice'
  | 'applyOrderPercent'
  | 'setTrailUnit'
  | 'submitOrder'
  | 'cancelOrder'
  | 'showChart';

interface EngineRun extends Pick<EngineApi, RunCommand> {
  ingestOrderBook(message: unknown): void;
  /** Runs after each snapshot materialisation. */
  afterFlush(): void;
  dispose(): Promise<void>;
}

const ignore = (): void => {};
const notStarted = (): Promise<CommandResult> => Promise.resolve(NOT_STARTED);

/** No run: nothing to carry a command out. */
const IDLE: EngineRun = Object.freeze({
  setAuth: ignore,
  selectPair: ignore,
  joinFeeds: notStarted,
  leaveFeeds: notStarted,
  retry: ignore,
  reload: ignore,
  dismissError: ignore,
  setPairSearch: ignore,
  setPairQuoteFilter: ignore,
  cyclePairSort: ignore,
  requestQuote: ignore,
  clearQuote: ignore,
  setOrderSide: ignore,
  setOrderType: ignore,
  editOrderField: ignore,
  setOrderPriceFocus: ignore,
  applyPriceShortcut: ignore,
  pickBookPrice: ignore,
  applyOrderPercent: ignore,
  setTrailUnit: ignore,
  submitOrder: () =>
    Promise.resolve<OrderSubmitResult>({ ok: false, code: 'PLACE_FAILED', message: orderMessages.placeFailed, fieldErrors: {} }),
  cancelOrder: notStarted,
  showChart: ignore,
  ingestOrderBook: ignore,
  afterFlush: ignore,
  dispose: () => Promise.resolve(),
});

class EngineShell implements Engine {
  private run: EngineRun = IDLE;
  private readonly snapshots: SnapshotStore;
  private readonly publisher: SnapshotPublisher;

  readonly stats = { droppedMessages: 0, messagesReceived: 0, framesPublished: () => this.publisher.framesPublished };
  readonly store: Engine['store'];

  constructor(private readonly deps: EngineDeps) {
    this.snapshots = new SnapshotStore(slicesOf(initialSnapshot()), (slices, paced) =>
      this.publisher.requestFrame(paced || isMarketOnly(slices)),
    );
    this.publisher = new SnapshotPublisher(this.snapshots, deps.frames ?? timerFrames(deps.timers), () => this.run.afterFlush(), {
      now: () => deps.timers.now(),
      pacedMs: deps.marketPacingMs ?? MARKET_PACING_MS,
    });
    this.store = {
      subscribe: (listener) => this.publisher.subscribeLocal(listener),
      getSnapshot: () => this.publisher.getSnapshot(),
    };
  }

  start(config: EngineConfig, host: EngineHost): void {
    if (this.run !== IDLE) return;
    const run = new StartedEngine({
      deps: this.deps,
      config,
      host,
      invalidate: this.snapshots.invalidate.bind(this.snapshots),
      invalidatePaced: this.snapshots.invalidatePaced.bind(this.snapshots),
      dropped: () => void this.stats.droppedMessages++,
      received: () => void this.stats.messagesReceived++,
    });
    this.run = run;
    this.snapshots.use(run.slices);
  }

  setAuth(user: EngineUser | null): void {
    this.run.setAuth(user);
  }

  selectPair(base: string, quote: string): void {
    this.run.selectPair(base, quote);
  }

  joinFeeds(feeds: readonly string[]): Promise<CommandResult> {
    return this.run.joinFeeds(feeds);
  }

  leaveFeeds(feeds: readonly string[], remember?: boolean): Promise<CommandResult> {
    return this.run.leaveFeeds(feeds, remember);
  }

  retry(): void {
    this.run.retry();
  }

  reload(): void {
    this.run.reload();
  }

  dismissError(id: number): void {
    this.run.dismissError(id);
  }

  setPairSearch(text: string): void {
    this.run.setPairSearch(text);
  }

  setPairQuoteFilter(quote: string): void {
    this.run.setPairQuoteFilter(quote);
  }

  cyclePairSort(column: SortColumn): void {
    this.run.cyclePairSort(column);
  }

  requestQuote(input: QuoteInput): void {
    this.run.requestQuote(input);
  }

  clearQuote(): void {
    this.run.clearQuote();
  }

  setOrderSide(side: Side): void {
    this.run.setOrderSide(side);
  }

  setOrderType(type: OrderTypeName): void {
    this.run.setOrderType(type);
  }

  editOrderField(field: OrderEntryField, value: string): void {
    this.run.editOrderField(field, value);
  }

  setOrderPriceFocus(focused: boolean): void {
    this.run.setOrderPriceFocus(focused);
  }

  applyPriceShortcut(kind: PriceShortcut): void {
    this.run.applyPriceShortcut(kind);
  }

  pickBookPrice(price: string): void {
    this.run.pickBookPrice(price);
  }

  applyOrderPercent(percent: number): void {
    this.run.applyOrderPercent(percent);
  }

  setTrailUnit(unit: TrailUnit): void {
    this.run.setTrailUnit(unit);
  }

  submitOrder(options: OrderSubmitOptions): Promise<OrderSubmitResult> {
    return this.run.submitOrder(options);
  }

  cancelOrder(id: string): Promise<CommandResult> {
    return this.run.cancelOrder(id);
  }

  showChart(symbol: string, interval: CandleInterval): void {
    this.run.showChart(symbol, interval);
  }

  /** Pure order-form arithmetic: needs no running engine. */
  recalcLimit(input: LimitCalcInput): LimitCalcResult {
    return recalcLimit(input);
  }

  /** Pure order-form arithmetic: needs no running engine. */
  percentShortcut(input: PercentShortcutInput): PercentShortcutResult {
    return percentShortcut(input);
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

  diagnostics(): EngineDiagnostics {
    const { messagesReceived, droppedMessages } = this.stats;
    return { messagesReceived, droppedMessages, framesPublished: this.stats.framesPublished() };
  }

  async dispose(): Promise<void> {
    await this.run.dispose();
    this.publisher.dispose();
    this.run = IDLE;
  }

  flush(): void {
    this.publisher.flush();
  }

  ingestOrderBook(message: unknown): void {
    this.run.ingestOrderBook(message);
  }
}

/** Slice builders that always answer the given snapshot's slices. */
function slicesOf(snapshot: EngineSnapshot): SliceBuilders {
  const builders: Partial<Record<SnapshotSlice, () => unknown>> = {};
  for (const key of Object.keys(snapshot) as (keyof EngineSnapshot)[]) {
    if (key !== 'version') builders[key] = () => snapshot[key];
  }
  return builders as SliceBuilders;
}
