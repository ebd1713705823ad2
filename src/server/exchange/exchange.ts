import type { BalanceWire } from '../../shared/api/account';
import type { OrderForm, OrderFormInput, OrderWire } from '../../shared/api/orders';
import { toUnits } from '../../shared/money/units';
import type { Side } from '../../shared/orders/order-types';
import { systemClock, systemTimers, type Clock, type TimerHandle, type Timers } from '../time/timers';
import type { AppDatabase } from '../db/database';
import { appError } from '../errors';
import { exchangeReads } from '../repositories/exchange-reads';
import { batchStatements, exchangeStore, isEmptyWrite } from '../repositories/exchange-store';
import { usersRepository } from '../repositories/users';
import { createCommitter, type BatchCommitter, type BeforeCommit } from './batch-committer';
import { createClientIdLookup } from './client-id-lookup';
import { applyCommand, type Command } from './commands';
import { CommittedDepth } from './committed-depth';
import { createCommitPipeline, type PipelineDomain } from './commit-pipeline';
import { defaultCoreOptions, type CoreOptions, type CoreState } from './core-state';
import { drainBatch } from './drain-batch';
import { ExchangeEvents, type ExchangeEvent } from './events';
import { buildState, type BookFactory } from './load-state';
import { createOrderRate, type OrderRateRule } from './order-rate';
import type { PairSpec } from './pair-spec';
import { feeRates, invariantProblems, lastPrice, type FeeRatesAnswer, type PublishedDepth } from './projections';
import type { ParsedQuoteRequest, QuoteAnswer } from './quotes';
import type { TransferOutcome } from './transfer-moves';
import { parseOrderForm, toOrderIntent } from './validate-order';
import { VOLUME_RETENTION_DAYS, windowStart } from './volume-tracker';

// The exchange core service: one matching book per pair and the ledger, behind the commit
// pipeline (commit-pipeline.ts). Requests arrive parsed by the route schemas; amounts are
// decimal strings those schemas checked.

export type { FeeRatesAnswer, PublishedDepth } from './projections';

/** The exchange as the routes, the hub, the simulator and the tests use it. */
export interface Exchange {
  /** Its event bus: trades, books, orders and balances, each emitted after its batch committed. */
  readonly events: ExchangeEvents;
  /** Loads books and ledger from storage, commits opening journal lines, starts the expiry timer. */
  start(): Promise<void>;
  /** Stops the timer and answers everything queued; later commands get 503. */
  stop(): Promise<void>;
  /** Resolves when every submitted command has been answered. */
  idle(): Promise<void>;
  /** An order form as a client sends it (validated here); for in-process callers. */
  placeOrder(userId: string, side: Side, form: OrderFormInput, limits?: PlaceLimits): Promise<OrderWire>;
  /** POST /v1/orders/{side}: the form parsed by the route; a repeated client_order_id answers the first order. */
  placeOrderForm(userId: string, side: Side, form: OrderForm, limits?: PlaceLimits): Promise<OrderWire>;
  /** DELETE /v1/orders/{id}: 404 for unknown ids and other users' orders, 409 when already done. */
  cancelOrder(userId: string, orderId: number): Promise<OrderWire>;
  /** POST /v1/orders/request-for-quote. */
  requestQuote(userId: string, request: ParsedQuoteRequest): Promise<QuoteAnswer>;
  /** Money in (a Deposit or Credit journal line); `amount` is a positive decimal string. */
  deposit(userId: string, currency: string, amount: string, opts?: { ref?: string; action?: 'Deposit' | 'Credit' }): Promise<BalanceWire>;
  /** Money out of available funds (a Withdraw line, plus a Charge line for a fee). */
  withdraw(userId: string, currency: string, amount: string, opts?: { ref?: string; fee?: string }): Promise<BalanceWire>;
  /**
   * A deposit seen but not final (chain confirmations, ACH settlement): a pending Deposit line
   * under `ref`, credited by settleTransfer. Answers the line's id (the transaction id).
   */
  beginDeposit(userId: string, currency: string, amount: string, ref: string): Promise<number>;
  /**
   * A withdrawal: amount + fee held at once (422 insufficient_balance when available is short),
   * pending Withdraw/Charge lines under `ref`; paid out or released by settleTransfer.
   */
  beginWithdrawal(userId: string, currency: string, amount: string, fee: string, ref: string): Promise<number>;
  /** Completes (done) or abandons (failed, or rejected by an operator) a pending transfer; false when it is not pending. */
  settleTransfer(ref: string, outcome: TransferOutcome): Promise<boolean>;
  /** Whether `ref` is a transfer still in motion (in the writer's memory). */
  isTransferPending(ref: string): boolean;
  /** Runs the timer's work now (GTD expiry, quote pruning) with the injected clock's time. */
  runTimers(): Promise<number>;
  pairs(): PairSpec[];
  /**
   * The published (lit) depth as of the last committed batch: never an order whose batch has not
   * committed (not yet answered). While a later batch that changed the pair is being committed,
   * at most `depthSnapshotLevels` a side.
   */
  depth(pair: string, levels?: number): PublishedDepth | null;
  lastPrice(pair: string): string | null;
  /** The matching book's fingerprint of a pair (restart tests). */
  stateHash(pair: string): string;
  /** Synchronous in the core; an edge of a cluster asks the core. */
  feeRates(userId: string): FeeRatesAnswer | Promise<FeeRatesAnswer>;
  /** The ledger rules checked on memory (call between batches, e.g. after idle()); empty when all hold. */
  checkInvariants(): string[];
}

export interface ExchangeLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const silentLogger: ExchangeLogger = { info() {}, warn() {}, error() {} };

export interface ExchangeOptions {
  database: AppDatabase;
  clock?: Clock;
  events?: ExchangeEvents;
  log?: ExchangeLogger;
  /** How often expiries are checked (ms, real time); 0 disables the timer (tests call runTimers). */
  timerIntervalMs?: number;
  /** Arms the expiry interval (default: the system's); the expiries themselves read `clock`. */
  timers?: Timers;
  maxBatch?: number;
  core?: Partial<CoreOptions>;
  bookFactory?: BookFactory;
  /** Test hook: runs before each batch's COMMIT; throwing makes that commit fail (and roll back). */
  beforeCommit?: BeforeCommit;
  /** Write batches on the app's connection even for SQLite (default: a SQLite writer thread). */
  inlineCommit?: boolean;
  /** Test hook: wraps the committer the exchange would use (to hold or reorder its answers). */
  wrapCommitter?: (committer: BatchCommitter) => BatchCommitter;
  /** Levels a side kept of each book a batch changed, for depth reads while a later batch commits (default 100). */
  depthSnapshotLevels?: number;
}

export interface PlaceLimits {
  /** The user's open-order cap (API orders; the simulator has none). */
  maxOpenOrders?: number;
  /** The user's order rate (API orders), counted here: on the core in a cluster (order-rate.ts). */
  rate?: OrderRateRule;
}

/** A zero fee ('0', '0.00', '.0', '') is no fee at all. */
const ZERO = /^0*(\.0*)?$/;

export function createExchange(options: ExchangeOptions): Exchange {
  const { database } = options;
  const clock = options.clock ?? systemClock;
  const events = options.events ?? new ExchangeEvents();
  const log = options.log ?? silentLogger;
  const coreOptions: CoreOptions = { ...defaultCoreOptions, ...options.core };
  const users = usersRepository(database.db);
  const reads = exchangeReads(database.db, database.dialect);
  const created = createCommitter(database, {
    ...(options.inlineCommit !== undefined ? { inline: options.inlineCommit } : {}),
    ...(options.beforeCommit ? { beforeCommit: options.beforeCommit } : {}),
  });
  const loaded = { adopted: 0, corrected: [] as string[] };
  const committedDepth = new CommittedDepth(options.depthSnapshotLevels);
  const domain = exchangeDomain(options, coreOptions, clock, loaded, committedDepth, (list) => emit(events, log, list));
  const pipeline = createCommitPipeline<CoreState, Command>(domain, {
    committer: options.wrapCommitter ? options.wrapCommitter(created) : created,
    log,
    maxBatch: options.maxBatch ?? 1000,
  });

  function requireState(): CoreState {
    const state = pipeline.current();
    if (!state) throw appError('exchange_unavailable');
    return state;
  }

  /** Money for a user who does not exist would fail the whole batch at commit (foreign key): refuse it here. */
  async function requireUser(userId: string): Promise<void> {
    if (!(await users.exists(userId))) throw appError('not_found', { detail: 'Unknown user.' });
  }

  const expiry = expiryTimer(() => pipeline.submit({ kind: 'expire' }), log, options.timers ?? systemTimers);

  const orderRate = createOrderRate(clock);

  async function placeOrderForm(userId: string, side: Side, form: OrderForm, limits: PlaceLimits = {}): Promise<OrderWire> {
    if (limits.rate) {
      const taken = orderRate.take(userId, limits.rate);
      if (!taken.allowed) throw appError('order_rate_limited', { headers: { 'retry-after': String(taken.retryAfterSeconds) } });
    }
    const intent = toOrderIntent(form, side, requireState().pairs, clock.now());
    return pipeline.submit<OrderWire>({ kind: 'place', userId, intent, maxOpen: limits.maxOpenOrders ?? null });
  }

  return {
    events,

    async start() {
      await pipeline.load();
      const { adopted, corrected } = loaded;
      if (corrected.length > 0) log.warn({ accounts: corrected }, 'available corrected to balance minus open-order holds');
      if (adopted > 0 || corrected.length > 0) await pipeline.submit({ kind: 'flush' });
      if (adopted > 0) log.info({ adopted }, 'balances without a journal adopted as opening deposits');
      expiry.start(options.timerIntervalMs ?? 250);
    },

    async stop() {
      expiry.stop();
      await pipeline.close();
    },

    idle: () => pipeline.idle(),

    placeOrder: (userId, side, form, limits) => placeOrderForm(userId, side, parseOrderForm(form), limits),

    placeOrderForm,

    async cancelOrder(userId, orderId) {
      const cancelled = await pipeline.submit<OrderWire | null>({ kind: 'cancel', userId, orderId });
      if (cancelled) return cancelled;
      const row = await reads.order(orderId);
      if (!row || row.user_id !== userId) throw appError('order_not_found');
      throw appError('order_not_open', { detail: `The order is already ${row.status} and cannot be cancelled.` });
    },

    requestQuote(userId, request) {
      // A sell is sized by its quantity only.
      const sized = request.side === 'sell' ? { ...request, amount: undefined } : request;
      return pipeline.submit<QuoteAnswer>({ kind: 'quote', userId, request: sized });
    },

    async deposit(userId, currency, amount, opts = {}) {
      const units = toUnits(amount);
      await requireUser(userId);
      return pipeline.submit<BalanceWire>({
        kind: 'deposit',
        request: { userId, currency: currency.toLowerCase(), amount: units, ...(opts.ref ? { ref: opts.ref } : {}) },
        action: opts.action ?? 'Deposit',
      });
    },

    async withdraw(userId, currency, amount, opts = {}) {
      const units = toUnits(amount);
      await requireUser(userId);
      const fee = opts.fee === undefined || ZERO.test(opts.fee) ? 0n : toUnits(opts.fee);
      return pipeline.submit<BalanceWire>({
        kind: 'withdraw',
        request: { userId, currency: currency.toLowerCase(), amount: units, fee, ...(opts.ref ? { ref: opts.ref } : {}) },
      });
    },

    async beginDeposit(userId, currency, amount, ref) {
      const units = toUnits(amount);
      await requireUser(userId);
      return pipeline.submit<number>({ kind: 'beginDeposit', request: { ref, userId, currency: currency.toLowerCase(), amount: units } });
    },

    async beginWithdrawal(userId, currency, amount, fee, ref) {
      const units = toUnits(amount);
      await requireUser(userId);
      const feeUnits = ZERO.test(fee) ? 0n : toUnits(fee);
      return pipeline.submit<number>({
        kind: 'beginWithdrawal',
        request: { ref, userId, currency: currency.toLowerCase(), amount: units, fee: feeUnits },
      });
    },

    settleTransfer: (ref, outcome) => pipeline.submit<boolean>({ kind: 'settleTransfer', ref, outcome }),
    isTransferPending: (ref) => requireState().transfers.has(ref),

    runTimers: () => pipeline.submit<number>({ kind: 'expire' }),
    pairs: () => [...requireState().pairs.values()],
    depth: (pair, levels = 15) => committedDepth.read(requireState(), pair, levels),
    lastPrice: (pair) => lastPrice(requireState(), pair),
    stateHash: (pair) => requireState().book(pair).stateHash(),
    feeRates: (userId) => feeRates(requireState(), userId, clock.now()),
    checkInvariants: () => invariantProblems(requireState()),
  };
}

/** The exchange's memory as the pipeline runs it: loaded from storage, changed by commands, drained into rows. */
function exchangeDomain(
  options: ExchangeOptions,
  coreOptions: CoreOptions,
  clock: Clock,
  loaded: { adopted: number; corrected: string[] },
  depth: CommittedDepth,
  emitAll: (list: readonly ExchangeEvent[]) => void,
): PipelineDomain<CoreState, Command> {
  const { database } = options;
  const clientIds = createClientIdLookup(exchangeReads(database.db, database.dialect));
  return {
    async load() {
      const since = windowStart(clock.now(), VOLUME_RETENTION_DAYS);
      const snapshot = await exchangeStore(database.db, database.dialect).loadSnapshot(since);
      const result = buildState(snapshot, () => clock.now(), coreOptions, options.bookFactory);
      loaded.adopted = result.adopted;
      loaded.corrected = result.corrected;
      depth.loaded(result.state);
      await clientIds.load();
      return result.state;
    },
    prepare: (s, commands) => clientIds.lookUp(s, commands),
    apply: applyCommand,
    drain(s) {
      const drained = drainBatch(s);
      // Taken now, before the next batch is applied; published once this one has committed.
      const snapshots = depth.drained(s, drained.booksChanged);
      return {
        statements: isEmptyWrite(drained.write) ? null : batchStatements(database.dialect, drained.write),
        committed() {
          depth.committedBatch(snapshots);
          clientIds.committed(drained.clientKeys);
          emitAll(drained.events);
        },
      };
    },
  };
}

/** Events after a commit: a listener that throws is logged and never stops the others. */
function emit(events: ExchangeEvents, log: ExchangeLogger, list: readonly ExchangeEvent[]): void {
  for (const event of list) {
    try {
      events.emit(event);
    } catch (err) {
      log.error({ err, event: event.type }, 'exchange event listener threw');
    }
  }
}

/** The expiry run every `intervalMs` of real time (0: never; tests call runTimers), one at a time. */
function expiryTimer(run: () => Promise<unknown>, log: ExchangeLogger, timers: Timers) {
  let timer: TimerHandle | null = null;
  let queued = false;
  return {
    start(intervalMs: number): void {
      if (intervalMs <= 0) return;
      timer = timers.setInterval(() => {
        if (queued) return;
        queued = true;
        run()
          .catch((err: unknown) => log.error({ err }, 'expiry run failed'))
          .finally(() => {
            queued = false;
          });
      }, intervalMs);
    },
    stop(): void {
      if (timer !== null) timers.clearInterval(timer);
      timer = null;
    },
  };
}
