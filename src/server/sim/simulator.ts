import type { PairSpec } from '../exchange/pair-spec';
import type { TimerHandle, Timers } from '../time/timers';
import { EventBudget } from './event-budget';
import { PairMarket } from './pair-market';
import { childRandom, type Random } from '../lib/seeded-random';
import type { SimExchange, SimulatorLogger, SimulatorStats } from './sim-exchange';
import { SimOrders } from './sim-orders';

// Drives the simulated markets through the REAL exchange: market makers refresh their ladders
// around each pair's random-walk mid, takers trade against them. `rate` is the number of
// market-data events per second across all pairs, where one event is one simulator action: a
// quote refreshed (a book change) or a taker order sent (one trade or more). Time comes only
// from the injected timers, and every choice from generators seeded by `seed`.
// Orders are sent without waiting for earlier answers (the exchange applies commands in
// submission order and commits many together), so the rate does not depend on commit latency;
// a quote slot whose replacement is still on its way is skipped until it is answered.

export interface SimulatorOptions {
  exchange: SimExchange;
  timers: Timers;
  /** Events per second across all pairs; 0 keeps the simulator idle. */
  rate: number;
  seed: string | number;
  pairs: readonly PairSpec[];
  /** Market-making account of each source name. */
  makers: ReadonlyMap<string, string>;
  takers: readonly string[];
  /** Share of events that are taker orders. Default 0.1. */
  takeShare?: number;
  /**
   * Benchmark storm: `share` of the events go to this pair, and `takeShare` of those are taker
   * orders (each one trade or more), so one pair's feeds carry most of the rate. `takeSize`
   * scales that pair's taker orders: a sweep through several resting quotes, one command and
   * many trades.
   */
  focus?: { pair: string; share: number; takeShare: number; takeSize?: number };
  /** Granularity of the event loop. Default 10 ms. */
  tickMs?: number;
  /** Funds an account that ran short of a currency (its order was refused for balance). */
  refill?: (userId: string, currency: string) => Promise<void>;
  log?: SimulatorLogger;
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

/**
 * Events awaiting the exchange at once, as seconds of rate: enough to ride out a commit, few
 * enough that a user's order never waits behind a long simulator queue in the single writer.
 */
const MAX_IN_FLIGHT_S = 0.05;
const MIN_IN_FLIGHT = 16;

export function createSimulator(options: SimulatorOptions): Simulator {
  const { timers } = options;
  const tickMs = options.tickMs ?? 10;
  const takeShare = options.takeShare ?? 0.1;
  const choose: Random = childRandom(options.seed, 'driver');
  const markets: PairMarket[] = [];
  for (const pair of options.pairs) {
    const market = PairMarket.create(pair, childRandom(options.seed, pair.symbol));
    if (market) markets.push(market);
  }
  const focus = options.focus ? markets.find((m) => m.symbol === options.focus!.pair) : undefined;
  const stats: SimulatorStats = { events: 0, quotes: 0, takes: 0, refused: {}, refills: 0, errors: 0, dropped: 0 };
  const orders = new SimOrders({
    exchange: options.exchange,
    clock: timers,
    stats,
    makers: new Map(options.makers),
    takers: options.takers,
    pairs: options.pairs,
    choose,
    ...(options.refill ? { refill: options.refill } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
  const budget = new EventBudget(options.rate);
  const maxInFlight = Math.max(MIN_IN_FLIGHT, options.rate * MAX_IN_FLIGHT_S);
  const focusTakeSize = options.focus?.takeSize ?? 1;
  let running = false;
  /** What the last start()/stop() asked for; the two run one after the other, never interleaved. */
  let wanted = false;
  let lifecycle: Promise<void> = Promise.resolve();
  let timer: TimerHandle | null = null;
  /** Events sent and not yet answered: stop() waits for them, and they bound the backlog. */
  const inFlight = new Set<Promise<void>>();

  function event(): Promise<void> {
    const focused = focus !== undefined && choose.chance(options.focus!.share);
    const market = focused ? focus : markets[choose.int(0, markets.length - 1)]!;
    if (choose.chance(focused ? options.focus!.takeShare : takeShare)) {
      stats.events += 1;
      return orders.take(market.nextTake(focused ? focusTakeSize : 1)).catch(orders.fail);
    }
    const q = market.nextQuote();
    if (q) {
      stats.events += 1;
      return orders.quote(market, q).catch(orders.fail);
    }
    // Every quote of this pair is already on its way: the exchange is behind the rate.
    stats.dropped += 1;
    return Promise.resolve();
  }

  /** Decides this tick's events and sends them; their answers are not awaited here. */
  function tick(): void {
    const { dt, due, dropped } = budget.tick(timers.now());
    for (const market of markets) market.walk(dt);
    stats.dropped += dropped;
    for (let i = 0; i < due && running; i++) {
      // The exchange is behind by more than the backlog allows: shed load instead of queueing.
      if (inFlight.size >= maxInFlight) {
        stats.dropped += due - i;
        break;
      }
      const work = event();
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work));
    }
  }

  function arm(): void {
    if (!running) return;
    timer = timers.setTimeout(() => {
      timer = null;
      tick();
      arm();
    }, tickMs);
  }

  async function begin(): Promise<void> {
    if (running || !wanted) return;
    // Quotes of an earlier run were priced around an earlier mid: never leave them standing.
    await orders.withdrawAll(markets);
    if (!wanted || options.rate <= 0 || markets.length === 0) return;
    running = true;
    await Promise.all(markets.flatMap((market) => market.allQuotes().map((action) => orders.quote(market, action).catch(orders.fail))));
    budget.start(timers.now());
    arm();
    options.log?.info({ rate: options.rate, pairs: markets.map((m) => m.symbol) }, 'market simulator started');
  }

  async function end(): Promise<void> {
    if (!running) return;
    running = false;
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    await Promise.all(inFlight);
    await orders.withdrawAll(markets);
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
