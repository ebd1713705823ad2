import type { PairSpec } from '../exchange/pair-spec';
import type { Clock } from '../time/timers';
import type { PairMarket, QuoteAction, TakeAction } from './pair-market';
import type { Random } from '../lib/seeded-random';
import type { LimitOrder, PlaceResult, SimExchange, SimulatorLogger, SimulatorStats } from './sim-exchange';

// Carries out the simulator's decisions against the exchange: a maker's quote (its old order
// cancelled first), a taker's immediate-or-cancel order, and the withdrawal of every order the
// simulated accounts hold. Counts what happened; an account short of funds is topped up.

/** One refill per account and currency per this long is plenty. */
const REFILL_EVERY_MS = 5_000;
const INSUFFICIENT_BALANCE = 'insufficient_balance';
/** Failures are counted always but logged at most this often. */
const ERROR_LOG_EVERY_MS = 10_000;

export interface SimOrdersOptions {
  exchange: SimExchange;
  clock: Clock;
  stats: SimulatorStats;
  /** Market-making account of each source name. */
  makers: ReadonlyMap<string, string>;
  takers: readonly string[];
  pairs: readonly PairSpec[];
  /** Picks the taker of each take; the simulator's one generator, so runs replay. */
  choose: Random;
  refill?: (userId: string, currency: string) => Promise<void>;
  log?: SimulatorLogger;
}

export class SimOrders {
  private readonly specs = new Map<string, PairSpec>();
  private readonly lastRefill = new Map<string, number>();
  private lastErrorLog = -Infinity;

  constructor(private readonly o: SimOrdersOptions) {
    for (const pair of o.pairs) this.specs.set(pair.symbol, pair);
  }

  /** Counts a failed action; logs it unless one was logged recently. */
  readonly fail = (error: unknown): void => {
    const { stats, clock, log } = this.o;
    stats.errors += 1;
    const now = clock.now();
    if (now - this.lastErrorLog > ERROR_LOG_EVERY_MS) {
      this.lastErrorLog = now;
      log?.warn({ err: error, errors: stats.errors }, 'simulator action failed');
    }
  };

  /** Submits the cancel and the new quote together; the cancel is applied first. */
  async quote(market: PairMarket, action: QuoteAction): Promise<void> {
    const userId = this.o.makers.get(action.source);
    if (!userId) {
      market.filled(action.slot, null);
      return;
    }
    const order: LimitOrder = {
      userId,
      pair: action.pair,
      side: action.side,
      price: action.price,
      quantity: action.quantity,
      postOnly: true,
      timeInForce: 'GTC',
    };
    const cancelled = action.replaces ? this.o.exchange.cancel(userId, action.replaces) : null;
    const placed = this.place(order);
    this.o.stats.quotes += 1;
    try {
      if (cancelled) await cancelled;
    } catch (error) {
      this.fail(error);
    }
    try {
      const result = await placed;
      market.filled(action.slot, result.ok && result.resting ? result.orderId : null);
    } catch (error) {
      market.filled(action.slot, null);
      throw error;
    }
  }

  async take(action: TakeAction): Promise<void> {
    const { takers, choose, stats } = this.o;
    const userId = takers[choose.int(0, takers.length - 1)];
    if (!userId) return;
    stats.takes += 1;
    await this.place({
      userId,
      pair: action.pair,
      side: action.side,
      price: action.price,
      quantity: action.quantity,
      postOnly: false,
      timeInForce: 'IOC',
    });
  }

  /** Cancels every open order of the simulated accounts and empties the markets' slots. */
  async withdrawAll(markets: readonly PairMarket[]): Promise<void> {
    const { exchange } = this.o;
    const owners = [...this.o.makers.values(), ...this.o.takers];
    const lists = await Promise.all(owners.map((userId) => exchange.openOrderIds(userId).then((ids) => ({ userId, ids }))));
    await Promise.all(lists.flatMap(({ userId, ids }) => ids.map((id) => exchange.cancel(userId, id).catch(this.fail))));
    for (const market of markets) for (let slot = 0; slot < market.slotCount; slot++) market.filled(slot, null);
  }

  private async place(order: LimitOrder): Promise<PlaceResult> {
    const result = await this.o.exchange.placeLimit(order);
    if (!result.ok) await this.refused(order, result.code);
    return result;
  }

  /** Books a refusal; a shortage of funds tops the account up (at most every few seconds). */
  private refused(order: LimitOrder, code: string): Promise<void> {
    const { stats, refill, clock } = this.o;
    stats.refused[code] = (stats.refused[code] ?? 0) + 1;
    const spec = this.specs.get(order.pair);
    if (code !== INSUFFICIENT_BALANCE || !refill || !spec) return Promise.resolve();
    const currency = order.side === 'buy' ? spec.quote : spec.base;
    const key = `${order.userId} ${currency}`;
    const now = clock.now();
    if (now - (this.lastRefill.get(key) ?? -Infinity) < REFILL_EVERY_MS) return Promise.resolve();
    this.lastRefill.set(key, now);
    stats.refills += 1;
    return refill(order.userId, currency).catch(this.fail);
  }
}
