import { fromUnits, toUnits, UNIT } from '../../shared/money/units';
import type { PairSpec } from '../exchange/pair-spec';
import type { Random } from '../lib/seeded-random';
import { referenceMidUnits, referenceUsdUnits } from './reference-prices';
import { LADDER_LEVELS, LEVEL_STEP_BPS, makerSources } from './sources';

// One simulated market: a mean-reverting random-walk mid, a ladder of quote slots per maker
// source, and what a taker would send next. Pure decisions, no I/O: the simulator executes the
// actions against the exchange and reports back which order now fills each slot.
// Prices are integer ticks and quantities integer lots; the walk's step size is the only
// floating-point quantity, and every price derived from it is rounded to a whole tick.

export type Side = 'buy' | 'sell';

export interface QuoteAction {
  readonly kind: 'quote';
  readonly pair: string;
  readonly slot: number;
  readonly source: string;
  readonly side: Side;
  readonly price: string;
  readonly quantity: string;
  /** The order now resting in this slot, to withdraw first. */
  readonly replaces: string | null;
}

export interface TakeAction {
  readonly kind: 'take';
  readonly pair: string;
  readonly side: Side;
  /** Limit of the immediate-or-cancel order: a little through the far side of the ladder. */
  readonly price: string;
  readonly quantity: string;
}

export type SimAction = QuoteAction | TakeAction;

/** Typical taker order, in US dollars; makers rest a few times this per level. */
const TYPICAL_TAKER_USD = '2000';
/** Volatility of the mid per √second (about 1.2 % an hour), and pull back to the reference per second. */
const VOLATILITY_PER_SQRT_S = 2e-4;
const REVERSION_PER_S = 1 / 3_600;
/** How far through the mid a taker is willing to trade, in basis points. */
const TAKER_REACH_BPS = LEVEL_STEP_BPS * 3 + 7;
/** A sweep's reach: past the farthest level of every source's ladder. */
const SWEEP_REACH_BPS = Math.max(...makerSources.map((s) => s.halfSpreadBps)) + LEVEL_STEP_BPS * LADDER_LEVELS;

export class PairMarket {
  readonly symbol: string;
  private readonly tick: bigint;
  private readonly lot: bigint;
  private readonly minLots: number;
  private readonly referenceTicks: number;
  /** The latent mid in (fractional) ticks; quotes use it rounded. */
  private mid: number;
  private readonly typicalLots: number;
  private readonly slots: Array<string | null>;
  /** Slots whose replacement is on its way to the exchange. */
  private readonly busy = new Set<number>();
  private cursor = 0;

  /** Null when the simulator has no reference price for one of the pair's currencies. */
  static create(spec: PairSpec, random: Random): PairMarket | null {
    const mid = referenceMidUnits(spec.base, spec.quote);
    const baseUsd = referenceUsdUnits(spec.base);
    if (mid === null || baseUsd === null) return null;
    return new PairMarket(spec, random, mid, baseUsd);
  }

  private constructor(
    spec: PairSpec,
    private readonly random: Random,
    midUnits: bigint,
    baseUsdUnits: bigint,
  ) {
    this.symbol = spec.symbol;
    this.tick = spec.tick;
    this.lot = spec.lot;
    this.minLots = Math.max(1, Number((spec.minQuantity + this.lot - 1n) / this.lot));
    this.referenceTicks = Math.max(1, Number(midUnits / this.tick));
    this.mid = this.referenceTicks;
    const typicalUnits = (toUnits(TYPICAL_TAKER_USD) * UNIT) / baseUsdUnits;
    this.typicalLots = Math.max(this.minLots, Number(typicalUnits / this.lot));
    this.slots = new Array<string | null>(makerSources.length * 2 * LADDER_LEVELS).fill(null);
  }

  get slotCount(): number {
    return this.slots.length;
  }

  /** The current mid as a decimal string (for logs and tests). */
  get midPrice(): string {
    return this.ticksToPrice(Math.round(this.mid));
  }

  /** Moves the mid by dtMs of random walk with a slow pull back to the reference price. */
  walk(dtMs: number): void {
    if (dtMs <= 0) return;
    const dt = dtMs / 1000;
    const drift = REVERSION_PER_S * dt * Math.log(this.referenceTicks / this.mid);
    const shock = VOLATILITY_PER_SQRT_S * Math.sqrt(dt) * this.random.normal();
    this.mid = Math.max(1, this.mid * Math.exp(drift + shock));
  }

  /**
   * The next slot to refresh, round robin, so every quote follows the mid in turn; null when
   * every slot is already being replaced. The slot stays busy until `filled` is called.
   */
  nextQuote(): QuoteAction | null {
    for (let tries = 0; tries < this.slots.length; tries++) {
      const slot = this.cursor;
      this.cursor = (this.cursor + 1) % this.slots.length;
      if (!this.busy.has(slot)) return this.quoteFor(slot);
    }
    return null;
  }

  /** Every free slot's quote, for filling the ladder at start. */
  allQuotes(): QuoteAction[] {
    const out: QuoteAction[] = [];
    for (let slot = 0; slot < this.slots.length; slot++) if (!this.busy.has(slot)) out.push(this.quoteFor(slot));
    return out;
  }

  /**
   * The next taker order. `scale` multiplies its size; a scaled-up order also reaches through the
   * whole ladder, so it sweeps several resting quotes (one command, several trades).
   */
  nextTake(scale = 1): TakeAction {
    const side: Side = this.random.chance(0.5) ? 'buy' : 'sell';
    const mid = Math.round(this.mid);
    const reachBps = scale > 1 ? SWEEP_REACH_BPS : TAKER_REACH_BPS;
    const reach = Math.max(1, Math.ceil((mid * reachBps) / 10_000));
    const price = side === 'buy' ? mid + reach : Math.max(1, mid - reach);
    // Log-normal sizes: mostly small, now and then a large sweep.
    const factor = Math.min(8, Math.exp(0.8 * this.random.normal() - 0.3));
    const lots = Math.max(this.minLots, Math.floor(this.typicalLots * factor * scale));
    return { kind: 'take', pair: this.symbol, side, price: this.ticksToPrice(price), quantity: this.lotsToQuantity(lots) };
  }

  /** Records which order now rests in a slot (null when none does) and frees the slot. */
  filled(slot: number, orderId: string | null): void {
    this.slots[slot] = orderId;
    this.busy.delete(slot);
  }

  /** Orders the simulator believes rest in this market. */
  restingOrders(): string[] {
    return this.slots.filter((id): id is string => id !== null);
  }

  private quoteFor(slot: number): QuoteAction {
    const level = slot % LADDER_LEVELS;
    const side: Side = Math.floor(slot / LADDER_LEVELS) % 2 === 0 ? 'buy' : 'sell';
    const source = makerSources[Math.floor(slot / (2 * LADDER_LEVELS))]!;
    const bps = BigInt(source.halfSpreadBps + level * LEVEL_STEP_BPS);
    const mid = BigInt(Math.round(this.mid));
    // Bids round down and asks up, so a level is never inside its stated spread.
    const price = side === 'buy' ? (mid * (10_000n - bps)) / 10_000n : (mid * (10_000n + bps) + 9_999n) / 10_000n;
    const jitter = 0.6 + 0.8 * this.random.next();
    const lots = Math.max(this.minLots, Math.floor(this.typicalLots * source.sizeFactor * (1 + level * 0.5) * jitter));
    this.busy.add(slot);
    return {
      kind: 'quote',
      pair: this.symbol,
      slot,
      source: source.name,
      side,
      price: this.ticksToPrice(Math.max(1, Number(price))),
      quantity: this.lotsToQuantity(lots),
      replaces: this.slots[slot] ?? null,
    };
  }

  private ticksToPrice(ticks: number): string {
    return fromUnits(BigInt(ticks) * this.tick);
  }

  private lotsToQuantity(lots: number): string {
    return fromUnits(BigInt(lots) * this.lot);
  }
}
