import { quoteRequestSchema, type OrderForm, type OrderFormInput, type OrderWire } from '../../shared/api/orders';
import type { BalanceWire } from '../../shared/api/account';
import { positiveDecimalString } from '../../shared/money/decimal-field';
import { fromUnits, toUnits } from '../../shared/money/units';
import type { Side } from '../../shared/orders/order-types';
import { systemClock, type Clock } from '../clock';
import type { AppDatabase } from '../db/database';
import { AppError, appError, fieldErrorsFromZod, validationError } from '../errors';
import { accountEntries, checkAccounts, checkConservation, ledgerTotals } from '../ledger/invariants';
import { exchangeReads } from '../repositories/exchange-reads';
import { batchStatements, exchangeStore, isEmptyWrite } from '../repositories/exchange-store';
import { createCommitter, type BatchCommitter, type BeforeCommit } from './batch-committer';
import { cancelOrder } from './cancel-order';
import { defaultCoreOptions, type CoreOptions, type CoreState } from './core-state';
import { drainBatch } from './drain-batch';
import { ExchangeEvents } from './events';
import { expireDue } from './expire';
import { ratesFor, tierFor } from './fee-schedule';
import { GroupCommitQueue, type Outcome, type StartedBatch } from './group-commit-queue';
import { buildState, type BookFactory } from './load-state';
import { rowToOrderWire } from './order-record';
import type { PairSpec } from './pair-spec';
import { clientKey, placeOrder } from './place-order';
import { requestQuote, type QuoteAnswer } from './quotes';
import { deposit, withdraw, type TransferRequest } from './transfers';
import { parseOrderForm, toOrderIntent, type OrderIntent } from './validate-order';
import { DAY_MS, VOLUME_WINDOW_DAYS, dayStart } from './volume-tracker';

// The exchange core service: one engine book per pair and the ledger, behind a single-writer
// queue with group commit. Every command (order, cancel, quote, deposit, expiry) is applied in
// memory in submission order; each batch's rows are written in ONE transaction; only after the
// commit are the callers answered and the events emitted. If a commit fails, the memory is
// rebuilt from storage (which holds exactly what was acknowledged) and the batch is refused.

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
  maxBatch?: number;
  core?: Partial<CoreOptions>;
  bookFactory?: BookFactory;
  /** Test hook: runs before each batch's COMMIT; throwing makes that commit fail (and roll back). */
  beforeCommit?: BeforeCommit;
  /** Write batches on the app's connection even for SQLite (default: a SQLite writer thread). */
  inlineCommit?: boolean;
  /** Test hook: wraps the committer the exchange would use (to hold or reorder its answers). */
  wrapCommitter?: (committer: BatchCommitter) => BatchCommitter;
}

type Command =
  | { kind: 'place'; userId: string; intent: OrderIntent; maxOpen: number | null }
  | { kind: 'cancel'; userId: string; orderId: number }
  | { kind: 'quote'; userId: string; request: { pair: string; side: Side; amount?: string | undefined; quantity?: string | undefined } }
  | { kind: 'deposit'; request: TransferRequest; action: 'Deposit' | 'Credit' }
  | { kind: 'withdraw'; request: TransferRequest & { fee?: bigint } }
  | { kind: 'expire' }
  | { kind: 'flush' };

export interface FeeRatesAnswer {
  volume: string;
  makerRate: string;
  nprRate: string;
  nprOffRate: string;
}

export interface PublishedDepth {
  pair: string;
  /** [price, quantity] best first; lit orders only. */
  bids: [string, string][];
  asks: [string, string][];
}

const amountField = positiveDecimalString('amount');
const MAX_TRANSFER = toUnits('1000000000');

export interface PlaceLimits {
  maxOpenOrders?: number;
}

export type Exchange = ReturnType<typeof createExchange>;

export function createExchange(options: ExchangeOptions) {
  const { database } = options;
  const clock = options.clock ?? systemClock;
  const events = options.events ?? new ExchangeEvents();
  const log = options.log ?? silentLogger;
  const coreOptions: CoreOptions = { ...defaultCoreOptions, ...options.core };
  const reads = exchangeReads(database.db);
  const created = createCommitter(database, {
    ...(options.inlineCommit !== undefined ? { inline: options.inlineCommit } : {}),
    ...(options.beforeCommit ? { beforeCommit: options.beforeCommit } : {}),
  });
  const committer = options.wrapCommitter ? options.wrapCommitter(created) : created;
  let state: CoreState | null = null;
  let timer: NodeJS.Timeout | null = null;
  let expiryQueued = false;

  async function load(): Promise<{ adopted: number; corrected: string[] }> {
    const since = dayStart(clock.now()) - VOLUME_WINDOW_DAYS * DAY_MS;
    const snapshot = await exchangeStore(database.db, database.dialect).loadSnapshot(since);
    const result = buildState(snapshot, () => clock.now(), coreOptions, options.bookFactory);
    state = result.state;
    return { adopted: result.adopted, corrected: result.corrected };
  }

  async function rebuild(reason: unknown): Promise<void> {
    log.error({ err: reason }, 'exchange batch failed; rebuilding the books and the ledger from storage');
    state = null;
    try {
      await load();
    } catch (err) {
      log.error({ err }, 'exchange rebuild failed; refusing commands until the next attempt');
    }
  }

  function apply(s: CoreState, command: Command): unknown {
    switch (command.kind) {
      case 'place':
        return placeOrder(s, command.userId, command.intent, command.maxOpen);
      case 'cancel':
        return cancelOrder(s, command.userId, command.orderId);
      case 'quote': {
        const tier = tierFor(s.volume.volume(command.userId, s.now()));
        return requestQuote(s, command.userId, command.request, (pair) => ratesFor(pair, tier));
      }
      case 'deposit':
        return deposit(s, command.request, command.action);
      case 'withdraw':
        return withdraw(s, command.request);
      case 'expire':
        return expireDue(s);
      case 'flush':
        return null;
    }
  }

  function emit(list: readonly import('./events').ExchangeEvent[]): void {
    for (const event of list) {
      try {
        events.emit(event);
      } catch (err) {
        log.error({ err, event: event.type }, 'exchange event listener threw');
      }
    }
  }

  /**
   * client_order_id keys whose batch has committed since the last lookup: storage answers for
   * them from the next lookup on, so they can leave `clientIds` once that lookup has run.
   */
  let committedClientKeys: string[] = [];

  /**
   * Idempotency: one query per batch finds which of its client_order_ids storage already has,
   * instead of one query per order. Orders of batches storage may not show yet are in memory
   * (`clientIds`); those committed before this query began are dropped from memory after it.
   */
  async function lookUpClientIds(s: CoreState, commands: readonly Command[]): Promise<void> {
    const visible = committedClientKeys;
    committedClientKeys = [];
    const keys: { userId: string; clientOrderId: string }[] = [];
    for (const c of commands) {
      if (c.kind === 'place' && c.intent.clientOrderId !== null) keys.push({ userId: c.userId, clientOrderId: c.intent.clientOrderId });
    }
    if (keys.length > 0) {
      for (const row of await reads.ordersByClientIds(keys)) {
        s.knownClientIds.set(clientKey(row.user_id, row.client_order_id ?? ''), { id: Number(row.id), stored: rowToOrderWire(row) });
      }
    }
    for (const key of visible) s.clientIds.delete(key);
  }

  // Pipelining: batch N+1 is applied while batch N is being written. A failure (a commit, or a
  // bug mid-command) leaves memory ahead of storage, so every batch still in flight fails with
  // it, and memory is rebuilt from storage once the last of them has settled; new batches wait.
  let inFlight = 0;
  /** Settles true when every batch started so far committed; false once one has failed. */
  let chain: Promise<boolean> = Promise.resolve(true);
  let failure: { reason: unknown; recovered: Promise<void>; recover(): void } | null = null;

  // A function, so the check reads the current value (not the one narrowed at the batch's start).
  const failureNow = () => failure;

  function fail(reason: unknown): void {
    if (failure) return;
    let recover!: () => void;
    const recovered = new Promise<void>((resolve) => (recover = resolve));
    failure = { reason, recovered, recover };
    if (inFlight === 0) void recoverNow();
  }

  async function recoverNow(): Promise<void> {
    const f = failure;
    if (!f) return;
    await rebuild(f.reason);
    await committer.resume().catch((err: unknown) => log.error({ err }, 'exchange writer did not resume'));
    failure = null;
    chain = Promise.resolve(true);
    f.recover();
  }

  const unavailable = (commands: readonly Command[], cause: unknown): Outcome<unknown>[] =>
    commands.map(() => ({ ok: false, error: appError('exchange_unavailable', { cause }) }));

  async function startBatch(commands: readonly Command[]): Promise<StartedBatch<unknown>> {
    while (failure) await failure.recovered;
    if (!state) await rebuild('no state');
    const s = state;
    if (!s) return { outcomes: Promise.resolve(commands.map(() => ({ ok: false, error: appError('exchange_unavailable') }))) };
    await lookUpClientIds(s, commands);
    const outcomes: Outcome<unknown>[] = [];
    let broken: unknown = null;
    for (const command of commands) {
      try {
        outcomes.push({ ok: true, value: apply(s, command) });
      } catch (error) {
        if (error instanceof AppError) {
          outcomes.push({ ok: false, error });
          continue;
        }
        // A bug mid-command may have left memory half-changed: drop the whole batch.
        broken = error;
        break;
      }
    }
    if (broken !== null) {
      fail(broken);
      const recovered = failureNow()?.recovered ?? Promise.resolve();
      return { outcomes: recovered.then(() => unavailable(commands, broken)) };
    }
    const drained = drainBatch(s);
    // Posted now, so the writer works on it while the next batch is applied.
    const written = isEmptyWrite(drained.write) ? null : committer.commit(batchStatements(database.dialect, drained.write));
    written?.catch(() => undefined);
    const before = chain;
    inFlight += 1;
    const settled = (async (): Promise<{ ok: boolean; list: Outcome<unknown>[] }> => {
      // A batch that writes nothing still answers after the batches before it are durable:
      // its outcomes were decided on memory that included them.
      const earlierOk = await before;
      let cause: unknown = failureNow()?.reason;
      let ok = earlierOk;
      if (written) {
        try {
          await written;
        } catch (error) {
          ok = false;
          cause = error;
        }
      }
      if (!ok) {
        fail(cause);
        return { ok, list: unavailable(commands, cause) };
      }
      committedClientKeys.push(...drained.clientKeys);
      emit(drained.events);
      return { ok, list: outcomes };
    })();
    chain = settled.then((r) => r.ok);
    const answered = settled.then(async (r) => {
      inFlight -= 1;
      // Whoever is refused is answered once memory matches storage again, so a retry sees it.
      const f = failureNow();
      if (f) {
        if (inFlight === 0) void recoverNow();
        await f.recovered;
      }
      return r.list;
    });
    return { outcomes: answered };
  }

  const queue = new GroupCommitQueue<Command, unknown>({
    startBatch,
    maxBatch: options.maxBatch ?? 1000,
    // Several batches may wait for the writer, which commits those waiting together.
    maxInFlight: 4,
    closedError: () => appError('exchange_unavailable'),
  });

  function submit<R>(command: Command): Promise<R> {
    return queue.submit(command) as Promise<R>;
  }

  function requireState(): CoreState {
    if (!state) throw appError('exchange_unavailable');
    return state;
  }

  function pairs(): ReadonlyMap<string, PairSpec> {
    return requireState().pairs;
  }

  function parseAmount(value: unknown, field = 'amount'): bigint {
    const parsed = amountField.safeParse(value);
    if (!parsed.success) throw validationError({ [field]: fieldErrorsFromZod(parsed.error).body ?? ['amount must be a decimal number.'] });
    const units = toUnits(parsed.data);
    if (units > MAX_TRANSFER) throw validationError({ [field]: [`${field} must be at most ${fromUnits(MAX_TRANSFER)}.`] });
    return units;
  }

  /** Money for a user who does not exist would fail the whole batch at commit (foreign key): refuse it here. */
  async function requireUser(userId: string): Promise<void> {
    const user = await database.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    if (!user) throw appError('not_found', { detail: 'Unknown user.' });
  }

  function parseOrderId(id: string): number | null {
    if (!/^\d{1,15}$/.test(id)) return null;
    const n = Number(id);
    return Number.isSafeInteger(n) && n > 0 ? n : null;
  }

  /** `limits.maxOpenOrders`: the user's open-order cap (API orders; the simulator has none). */
  async function placeOrderForm(userId: string, side: Side, form: OrderForm, limits: PlaceLimits = {}): Promise<OrderWire> {
    const intent = toOrderIntent(form, side, pairs(), clock.now());
    return submit<OrderWire>({ kind: 'place', userId, intent, maxOpen: limits.maxOpenOrders ?? null });
  }

  return {
    events,

    /** Loads books and ledger from storage, commits opening journal lines, starts the expiry timer. */
    async start(): Promise<void> {
      const { adopted, corrected } = await load();
      if (corrected.length > 0) log.warn({ accounts: corrected }, 'available corrected to balance minus open-order holds');
      if (adopted > 0 || corrected.length > 0) await submit({ kind: 'flush' });
      if (adopted > 0) log.info({ adopted }, 'balances without a journal adopted as opening deposits');
      const interval = options.timerIntervalMs ?? 250;
      if (interval > 0) {
        timer = setInterval(() => {
          if (expiryQueued) return;
          expiryQueued = true;
          submit({ kind: 'expire' })
            .catch((err: unknown) => log.error({ err }, 'expiry run failed'))
            .finally(() => {
              expiryQueued = false;
            });
        }, interval);
        timer.unref();
      }
    },

    /** Stops the timer and answers everything queued; later commands get 503. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await queue.close();
      await committer.close();
    },

    /** Resolves when every submitted command has been answered. */
    idle(): Promise<void> {
      return queue.idle();
    },

    /**
     * POST /v1/orders/{side}: the order form (validated with the shared schema and the pair
     * rules), answered with the order after its batch committed. A client_order_id seen before
     * for this user returns that order instead of placing another.
     */
    async placeOrder(userId: string, side: Side, body: OrderFormInput | unknown, limits: PlaceLimits = {}): Promise<OrderWire> {
      return placeOrderForm(userId, side, parseOrderForm(body), limits);
    },

    /** placeOrder for a form already parsed with orderFormSchema (the route's body). */
    placeOrderForm,

    /** DELETE /v1/orders/{id}: 404 for unknown ids and other users' orders, 409 when already done. */
    async cancelOrder(userId: string, orderId: string): Promise<OrderWire> {
      const id = parseOrderId(orderId);
      if (id === null) throw appError('order_not_found');
      const cancelled = await submit<OrderWire | null>({ kind: 'cancel', userId, orderId: id });
      if (cancelled) return cancelled;
      const row = await reads.order(id);
      if (!row || row.user_id !== userId) throw appError('order_not_found');
      throw appError('order_not_open', { detail: `The order is already ${row.status} and cannot be cancelled.` });
    },

    /** POST /v1/orders/request-for-quote. */
    async requestQuote(userId: string, body: unknown): Promise<QuoteAnswer> {
      const parsed = quoteRequestSchema.safeParse(body ?? {});
      if (!parsed.success) throw validationError(fieldErrorsFromZod(parsed.error));
      const request = parsed.data.side === 'sell' ? { ...parsed.data, amount: undefined } : parsed.data;
      return submit<QuoteAnswer>({ kind: 'quote', userId, request });
    },

    /** Money in: a Deposit (or Credit) journal line; the faucet and transfers use this. */
    async deposit(userId: string, currency: string, amount: string, opts: { ref?: string; action?: 'Deposit' | 'Credit' } = {}): Promise<BalanceWire> {
      const units = parseAmount(amount);
      await requireUser(userId);
      return submit<BalanceWire>({
        kind: 'deposit',
        request: { userId, currency: currency.toLowerCase(), amount: units, ...(opts.ref ? { ref: opts.ref } : {}) },
        action: opts.action ?? 'Deposit',
      });
    },

    /** Money out of available funds (a Withdraw line, plus a Charge line for a fee). */
    async withdraw(userId: string, currency: string, amount: string, opts: { ref?: string; fee?: string } = {}): Promise<BalanceWire> {
      const units = parseAmount(amount);
      await requireUser(userId);
      const fee = opts.fee === undefined || /^0*(\.0*)?$/.test(opts.fee) ? 0n : parseAmount(opts.fee, 'fee');
      return submit<BalanceWire>({
        kind: 'withdraw',
        request: { userId, currency: currency.toLowerCase(), amount: units, fee, ...(opts.ref ? { ref: opts.ref } : {}) },
      });
    },

    /** Runs the timer's work now (GTD expiry, quote pruning) with the injected clock's time. */
    async runTimers(): Promise<number> {
      return submit<number>({ kind: 'expire' });
    },

    /** The pairs as the writer knows them (loaded at start). */
    pairs(): PairSpec[] {
      return [...pairs().values()];
    },

    /** Published depth of a pair (lit orders only; dark orders never show). */
    depth(pair: string, levels = 15): PublishedDepth | null {
      const s = requireState();
      const spec = s.pairs.get(pair);
      if (!spec) return null;
      const d = s.book(pair).depth(levels);
      const fmt = (l: { price: number; qty: number }): [string, string] => [
        fromUnits(BigInt(l.price) * spec.tick),
        fromUnits(BigInt(l.qty) * spec.lot),
      ];
      return { pair, bids: d.bids.map(fmt), asks: d.asks.map(fmt) };
    },

    /** Last trade price of a pair, or null before its first trade. */
    lastPrice(pair: string): string | null {
      const s = requireState();
      const spec = s.pairs.get(pair);
      const ticks = s.lastPrice.get(pair);
      return spec && ticks !== undefined ? fromUnits(BigInt(ticks) * spec.tick) : null;
    },

    /** The engine's fingerprint of a pair's book (restart tests). */
    stateHash(pair: string): string {
      return requireState().book(pair).stateHash();
    },

    /** Fee rates of spec A §3 for a user, from the 14-day volume. */
    feeRates(userId: string): FeeRatesAnswer {
      const s = requireState();
      const volume = s.volume.volume(userId, clock.now());
      const t = tierFor(volume);
      const cents = (volume / 1_000_000n) * 1_000_000n;
      return { volume: fromUnits(cents, 2), makerRate: fromUnits(t.maker), nprRate: fromUnits(t.taker), nprOffRate: fromUnits(t.smartTaker) };
    },

    /**
     * The ledger rules checked on memory (call between batches, e.g. after idle()): no negative
     * amounts, holds equal open orders' holds, every currency conserved. Empty when all hold.
     */
    checkInvariants(): string[] {
      const s = requireState();
      const accounts = accountEntries(s.ledger.entries());
      const fees = [...s.ledger.feeEntries()].map(([currency, balance]) => ({ currency, balance }));
      const problems = checkAccounts(accounts, s.holds());
      problems.push(...checkConservation(ledgerTotals({ accounts, fees }), s.external));
      for (const [symbol, book] of s.books) {
        const bid = book.bestBid({ includeHidden: true });
        const ask = book.bestAsk({ includeHidden: true });
        if (bid && ask && bid.price >= ask.price) problems.push(`${symbol}: crossed book (bid ${bid.price} >= ask ${ask.price})`);
      }
      return problems;
    },
  };
}
