import type { PairSpec } from '../exchange/pair-spec';
import type { Scheduler, TimerHandle } from '../market/scheduler';
import { PairMarket, type QuoteAction, type Side, type TakeAction } from './pair-market';
import { childRandom, type Random } from './random';

// Drives the simulated markets through the REAL exchange: market makers refresh their ladders
// around each pair's random-walk mid, takers trade against them. `rate` is the number of
// market-data events per second across all pairs, where one event is one simulator action: a
// quote refreshed (a book change) or a taker order sent (one trade or more). Time comes only
// from the injected scheduler, and every choice from generators seeded by `seed`.
// Orders are sent without waiting for earlier answers (the exchange applies commands in
// submission order and commits many together), so the rate does not depend on commit latency;
// a quote slot whose replacement is still on its way is skipped until it is answered.

export type PlaceResult = { ok: true; orderId: string; resting: boolean } | { ok: false; code: string };

export interface LimitOrder {
  userId: string;
  pair: string;
  side: Side;
  price: string;
  quantity: string;
  postOnly: boolean;
  timeInForce: 'GTC' | 'IOC';
}

/**
 * What the simulator needs from the exchange, for its own system accounts only. Each call must
 * enqueue its command before returning its promise, so calls made together apply in call order.
 */
export interface SimExchange {
  placeLimit(order: LimitOrder): Promise<PlaceResult>;
  /** False when the order is no longer open (filled meanwhile). */
  cancel(userId: string, orderId: string): Promise<boolean>;
  openOrderIds(userId: string): Promise<string[]>;
}

export interface SimulatorLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface SimulatorOptions {
  exchange: SimExchange;
  scheduler: Scheduler;
  /** Events per second across all pairs; 0 keeps the simulator idle. */
  rate: number;
  seed: string | number;
  pairs: readonly PairSpec[];
  /** Market-making account of each source name. */
  makers: ReadonlyMap<string, string>;
  takers: readonly string[];
  /** Share of events that are taker orders. Default 0.1. */
  takeShare?: number;
  /** Granularity of the event loop. Default 10 ms. */
  tickMs?: number;
  /** Funds an account that ran short of a currency (its order was refused for balance). */
  refill?: (userId: string, currency: string) => Promise<void>;
  log?: SimulatorLogger;
}

export interface SimulatorStats {
  events: number;
  quotes: number;
  takes: number;
  /** Orders the exchange refused, by code (post-only crossing, balance…). */
  refused: Record<string, number>;
  refills: number;
  errors: number;
  /** Events skipped because the exchange could not keep up with the rate. */
  dropped: number;
}

export interface Simulator {
  /** Withdraws quotes left by an earlier run, fills the ladders and starts the loop (when rate > 0). */
  start(): Promise<void>;
  /** Stops the loop, waits for the orders in flight, withdraws every resting quote. */
  stop(): Promise<void>;
  readonly stats: SimulatorStats;
  readonly running: boolean;
  /** Mid of each simulated pair, for logs and tests. */
  mids(): Record<string, string>;
}

/** At most this much unspent rate is carried over, so a slow exchange does not cause a burst. */
const MAX_BACKLOG_S = 0.25;
/**
 * Events awaiting the exchange at once, as seconds of rate: enough to ride out a commit, few
 * enough that a user's order never waits behind a long simulator queue in the single writer.
 */
const MAX_IN_FLIGHT_S = 0.05;
const MIN_IN_FLIGHT = 16;
/** One refill per account and currency per this long is plenty. */
const REFILL_EVERY_MS = 5_000;
const INSUFFICIENT_BALANCE = 'insufficient_balance';

export function createSimulator(options: SimulatorOptions): Simulator {
  const { exchange, scheduler } = options;
  const tickMs = options.tickMs ?? 10;
  const takeShare = options.takeShare ?? 0.1;
  const makerOf = new Map<string, string>(options.makers);
  const choose: Random = childRandom(options.seed, 'driver');
  const markets: PairMarket[] = [];
  const specs = new Map<string, PairSpec>();
  for (const pair of options.pairs) {
    const market = PairMarket.create(pair, childRandom(options.seed, pair.symbol));
    if (!market) continue;
    markets.push(market);
    specs.set(pair.symbol, pair);
  }
  const stats: SimulatorStats = { events: 0, quotes: 0, takes: 0, refused: {}, refills: 0, errors: 0, dropped: 0 };
  const lastRefill = new Map<string, number>();
  let running = false;
  /** What the last start()/stop() asked for; the two run one after the other, never interleaved. */
  let wanted = false;
  let lifecycle: Promise<void> = Promise.resolve();
  let timer: TimerHandle | null = null;
  /** Events sent and not yet answered: stop() waits for them, and they bound the backlog. */
  const inFlight = new Set<Promise<void>>();
  let lastTick = 0;
  let budget = 0;
  let lastErrorLog = -Infinity;

  function fail(error: unknown): void {
    stats.errors += 1;
    const now = scheduler.now();
    if (now - lastErrorLog > 10_000) {
      lastErrorLog = now;
      options.log?.warn({ err: error, errors: stats.errors }, 'simulator action failed');
    }
  }

  /** Books a refusal; a shortage of funds tops the account up (at most every few seconds). */
  function refused(order: LimitOrder, code: string): Promise<void> {
    stats.refused[code] = (stats.refused[code] ?? 0) + 1;
    const spec = specs.get(order.pair);
    if (code !== INSUFFICIENT_BALANCE || !options.refill || !spec) return Promise.resolve();
    const currency = order.side === 'buy' ? spec.quote : spec.base;
    const key = `${order.userId} ${currency}`;
    const now = scheduler.now();
    if (now - (lastRefill.get(key) ?? -Infinity) < REFILL_EVERY_MS) return Promise.resolve();
    lastRefill.set(key, now);
    stats.refills += 1;
    return options.refill(order.userId, currency).catch(fail);
  }

  async function place(order: LimitOrder): Promise<PlaceResult> {
    const result = await exchange.placeLimit(order);
    if (!result.ok) await refused(order, result.code);
    return result;
  }

  /** Submits the cancel and the new quote together; the cancel is applied first. */
  async function quote(market: PairMarket, action: QuoteAction): Promise<void> {
    const userId = makerOf.get(action.source);
    if (!userId) {
      market.filled(action.slot, null);
      return;
    }
    const order: LimitOrder = { userId, pair: action.pair, side: action.side, price: action.price, quantity: action.quantity, postOnly: true, timeInForce: 'GTC' };
    const cancelled = action.replaces ? exchange.cancel(userId, action.replaces) : null;
    const placed = place(order);
    stats.quotes += 1;
    try {
      if (cancelled) await cancelled;
    } catch (error) {
      fail(error);
    }
    try {
      const result = await placed;
      market.filled(action.slot, result.ok && result.resting ? result.orderId : null);
    } catch (error) {
      market.filled(action.slot, null);
      throw error;
    }
  }

  async function take(action: TakeAction): Promise<void> {
    const userId = options.takers[choose.int(0, options.takers.length - 1)];
    if (!userId) return;
    stats.takes += 1;
    await place({ userId, pair: action.pair, side: action.side, price: action.price, quantity: action.quantity, postOnly: false, timeInForce: 'IOC' });
  }

  function event(): Promise<void> {
    const market = markets[choose.int(0, markets.length - 1)]!;
    if (choose.chance(takeShare)) {
      stats.events += 1;
      return take(market.nextTake()).catch(fail);
    }
    const q = market.nextQuote();
    if (q) {
      stats.events += 1;
      return quote(market, q).catch(fail);
    }
    // Every quote of this pair is already on its way: the exchange is behind the rate.
    stats.dropped += 1;
    return Promise.resolve();
  }

  /** Decides this tick's events and sends them; their answers are not awaited here. */
  function tick(): void {
    const now = scheduler.now();
    const dt = now - lastTick;
    lastTick = now;
    for (const market of markets) market.walk(dt);
    budget += (options.rate * dt) / 1000;
    const cap = Math.max(1, options.rate * MAX_BACKLOG_S);
    if (budget > cap) {
      stats.dropped += Math.floor(budget - cap);
      budget = cap;
    }
    const n = Math.floor(budget);
    budget -= n;
    const maxInFlight = Math.max(MIN_IN_FLIGHT, options.rate * MAX_IN_FLIGHT_S);
    for (let i = 0; i < n && running; i++) {
      // The exchange is behind by more than the backlog allows: shed load instead of queueing.
      if (inFlight.size >= maxInFlight) {
        stats.dropped += n - i;
        break;
      }
      const work = event();
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work));
    }
  }

  function arm(): void {
    if (!running) return;
    timer = scheduler.setTimeout(() => {
      timer = null;
      tick();
      arm();
    }, tickMs);
  }

  async function withdrawAll(): Promise<void> {
    const owners = [...makerOf.values(), ...options.takers];
    const lists = await Promise.all(owners.map((userId) => exchange.openOrderIds(userId).then((ids) => ({ userId, ids }))));
    await Promise.all(lists.flatMap(({ userId, ids }) => ids.map((id) => exchange.cancel(userId, id).catch(fail))));
    for (const market of markets) for (let slot = 0; slot < market.slotCount; slot++) market.filled(slot, null);
  }

  async function begin(): Promise<void> {
    if (running || !wanted) return;
    // Quotes of an earlier run were priced around an earlier mid: never leave them standing.
    await withdrawAll();
    if (!wanted || options.rate <= 0 || markets.length === 0) return;
    running = true;
    await Promise.all(markets.flatMap((market) => market.allQuotes().map((action) => quote(market, action).catch(fail))));
    lastTick = scheduler.now();
    arm();
    options.log?.info({ rate: options.rate, pairs: markets.map((m) => m.symbol) }, 'market simulator started');
  }

  async function end(): Promise<void> {
    if (!running) return;
    running = false;
    if (timer !== null) scheduler.clearTimeout(timer);
    timer = null;
    await Promise.all(inFlight);
    await withdrawAll();
    options.log?.info({ ...stats }, 'market simulator stopped');
  }

  return {
    stats,
    get running() {
      return running;
    },
    mids() {
      return Object.fromEntries(markets.map((m) => [m.symbol, m.midPrice]));
    },
    start() {
      wanted = true;
      lifecycle = lifecycle.then(begin, begin);
      return lifecycle;
    },
    stop() {
      wanted = false;
      lifecycle = lifecycle.then(end, end);
      return lifecycle;
    },
  };
}
