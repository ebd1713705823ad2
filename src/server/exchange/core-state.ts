import type { OrderWire } from '../../shared/api/orders';
import type { CurrencyRow, FillRow, TradeRow } from '../db/schema';
import type { OrderBook } from '../matching';
import { Ledger } from '../ledger/ledger';
import { CandleBook } from './candles';
import type { ExchangeEvent } from './events';
import { LiveOrders } from './live-orders';
import type { OrderRecord } from './order-record';
import type { PairSpec } from './pair-spec';
import { VolumeTracker } from './volume-tracker';
import { feeTiers, type FeeTier } from './fee-schedule';

// Everything the single writer owns: one engine book per pair, the live orders, the ledger and
// the bookkeeping that feeds fees, candles and stops; plus what the batch being applied has
// changed so far (written in one transaction, then answered and announced).

/** A request for quote, valid until expiresAt (memory only: dropped on restart). */
export interface QuoteRecord {
  id: string;
  userId: string;
  pair: PairSpec;
  side: 'buy' | 'sell';
  /** What the request fixed: the quote amount to spend (buy) or the quantity (buy or sell). */
  by: 'amount' | 'quantity';
  /** Units of `by`. */
  size: bigint;
  /** Lots the quote promises (buy by amount) or that were asked (by quantity). */
  lots: number;
  /** Buy by amount: quantity units promised. Otherwise: amount units promised (max cost / min proceeds). */
  promised: bigint;
  expiresAt: number;
}

/** A deposit announced (no balance change yet) or a withdrawal whose amount + fee are held. */
export interface PendingTransfer {
  ref: string;
  kind: 'deposit' | 'withdrawal';
  userId: string;
  currency: string;
  /** Positive units. */
  amount: bigint;
  /** Withdrawal fee held with the amount (0 for deposits). */
  fee: bigint;
  /** The pending line of the amount (Deposit or Withdraw). */
  lineId: number;
  /** The pending Charge line of the fee, when there is a fee. */
  feeLineId: number | null;
}

export interface IdCounters {
  order: number;
  trade: number;
  fill: number;
  tx: number;
}

/** What the current batch changed, beyond the ledger, candles and volume (which track their own). */
export class PendingChanges {
  readonly orders = new Map<number, OrderRecord>();
  trades: TradeRow[] = [];
  fills: FillRow[] = [];
  events: ExchangeEvent[] = [];
  /** Pairs whose published (lit) book may have changed. */
  readonly booksChanged = new Set<string>();
  /** Pairs that traded (their trailing stops may have moved). */
  readonly pairsTraded = new Set<string>();
  /** Keys of `clientIds` placed in this batch. */
  readonly clientKeys: string[] = [];

  isEmpty(): boolean {
    return this.orders.size === 0 && this.trades.length === 0 && this.events.length === 0;
  }
}

export interface CoreOptions {
  /** How long a quote stays valid. */
  quoteTtlMs: number;
  /** Protection of a stop buy by quantity that gave no max_slippage (holds must be bounded). */
  defaultStopBuySlippageBps: number;
  /** The fee tiers orders are charged by (configuration: FEE_TIERS). */
  feeTiers: readonly FeeTier[];
  /**
   * A 30-day volume (USD units) whose crossing is announced once per user and run, as a
   * 'volume-alert' event (the due-diligence rule listens); null announces nothing.
   */
  volumeAlertUsd: bigint | null;
}

export const defaultCoreOptions: CoreOptions = {
  quoteTtlMs: 10_000,
  defaultStopBuySlippageBps: 1000,
  feeTiers,
  volumeAlertUsd: null,
};

export class CoreState {
  readonly books = new Map<string, OrderBook>();
  /** Orders resting on a book or waiting as stops (counted per user for the open-order cap). */
  readonly live = new LiveOrders();
  /** Trailing stop ids per pair, to persist their moving triggers. */
  readonly trailing = new Map<string, Set<number>>();
  /**
   * `${userId} ${clientOrderId}` → the order, for orders of batches that storage may not show
   * yet (being applied or being committed); storage answers for the rest: see knownClientIds.
   */
  readonly clientIds = new Map<string, OrderRecord>();
  /** Orders of this batch's client_order_ids that storage already had, looked up before applying. */
  readonly knownClientIds = new Map<string, { id: number; stored: OrderWire }>();
  /** Last trade price per pair, in ticks. */
  readonly lastPrice = new Map<string, number>();
  readonly quotes = new Map<string, QuoteRecord>();
  readonly volume = new VolumeTracker();
  /** Users whose volume alert was raised in this run (memory only: a restart raises it once more). */
  readonly volumeAlerted = new Set<string>();
  readonly candles = new CandleBook();
  readonly ledger: Ledger;
  /** Deposits and withdrawals announced and not yet completed, by their ref ('transfer:…'). */
  readonly transfers = new Map<string, PendingTransfer>();
  /** Net deposits + credits − withdrawals per currency (the conservation baseline). */
  readonly external = new Map<string, bigint>();
  pending = new PendingChanges();

  constructor(
    readonly pairs: ReadonlyMap<string, PairSpec>,
    readonly currencies: ReadonlyMap<string, CurrencyRow>,
    readonly ids: IdCounters,
    readonly now: () => number,
    readonly options: CoreOptions,
  ) {
    this.ledger = new Ledger(() => ++this.ids.tx, now);
  }

  book(pair: string): OrderBook {
    const book = this.books.get(pair);
    if (!book) throw new Error(`No book for ${pair}`);
    return book;
  }

  markDirty(record: OrderRecord): void {
    this.pending.orders.set(record.id, record);
  }

  emit(event: ExchangeEvent): void {
    this.pending.events.push(event);
  }

  /** Last trade price of `currency` against a USD-like quote, in units per whole coin. */
  lastUsdPrice(currency: string, isUsdLike: (c: string) => boolean): bigint | null {
    for (const pair of this.pairs.values()) {
      if (pair.base !== currency || !isUsdLike(pair.quote)) continue;
      const ticks = this.lastPrice.get(pair.symbol);
      if (ticks !== undefined) return BigInt(ticks) * pair.tick;
    }
    return null;
  }

  /** Funds every live order and pending withdrawal holds, by "userId currency" (invariant checks). */
  holds(): Map<string, bigint> {
    const holds = new Map<string, bigint>();
    for (const r of this.live.values()) {
      const k = `${r.userId} ${r.holdCurrency}`;
      holds.set(k, (holds.get(k) ?? 0n) + r.held);
    }
    for (const t of this.transfers.values()) {
      if (t.kind !== 'withdrawal') continue;
      const k = `${t.userId} ${t.currency}`;
      holds.set(k, (holds.get(k) ?? 0n) + t.amount + t.fee);
    }
    return holds;
  }
}
