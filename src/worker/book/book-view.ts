import { tradingLimits } from '../../shared/constants';
import type { BookLevel, FlashKind, OrderBookView } from '../api';
import { compareCanonical } from '../decimal/canonical';
import { fromUnits, roundUnits, SCALE } from '../decimal/units-fast';
import { EMPTY_BOOK } from '../snapshot/initial-snapshot';
import { levelUnits, type MergedLevel } from './depth-merge';
import type { OrderBookModel } from './order-book';

// Turns the book model into the immutable view the UI renders: cumulative sizes, depth bars,
// best prices, mid, spread, tick and the 0.6 s flash of new and changed levels. Level objects
// that did not change are reused, so React rows keyed by price skip re-rendering.

interface FlashMemo {
  readonly quantity: string;
  readonly kind: FlashKind | null;
  readonly at: number;
  /** The level object last shown for this price (reused while nothing about it changes). */
  readonly level: BookLevel | null;
}

export class BookViewBuilder {
  private view: OrderBookView = EMPTY_BOOK;
  private builtRevision = -1;
  private builtSymbol: string | null = null;
  private builtPlaces = -1;
  private bidFlash = new Map<string, FlashMemo>();
  private askFlash = new Map<string, FlashMemo>();
  private bidCumulative: bigint[] = [];
  private askCumulative: bigint[] = [];
  private midUnits: bigint | null = null;
  /** Earliest time a shown flash ends, so the engine can rebuild then; null when none. */
  flashExpiresAt: number | null = null;

  constructor(private readonly flashMs: number = tradingLimits.flashMs) {}

  /**
   * `places`: the pair's price places (spec B §5 says 2, which is a cent on a USD pair; a pair
   * ticking finer, as ETH/BTC, keeps its own places so a price below 1 still says something).
   */
  build(model: OrderBookModel, now: number, places = 2): OrderBookView {
    const flashDue = this.flashExpiresAt !== null && now >= this.flashExpiresAt;
    if (model.revision === this.builtRevision && model.symbol === this.builtSymbol && places === this.builtPlaces && !flashDue) {
      return this.view;
    }

    const symbolChanged = model.symbol !== this.builtSymbol;
    if (symbolChanged) {
      this.bidFlash = new Map();
      this.askFlash = new Map();
      this.midUnits = null;
    }
    // The first book of a pair is a load, not a change: nothing flashes.
    const initial = symbolChanged || !this.view.symbol || this.view.loading;
    this.flashExpiresAt = null;

    const prev = symbolChanged ? EMPTY_BOOK : this.view;
    const bidsOut = this.side(model.bids, prev.bids, this.bidFlash, symbolChanged ? [] : this.bidCumulative, now, initial);
    this.bidFlash = bidsOut.memo;
    this.bidCumulative = bidsOut.cumulative;
    const asksOut = this.side(model.asks, prev.asks, this.askFlash, symbolChanged ? [] : this.askCumulative, now, initial);
    this.askFlash = asksOut.memo;
    this.askCumulative = asksOut.cumulative;

    const bb = model.bids[0];
    const ba = model.asks[0];
    const bestBid = bb ? fromUnits(roundUnits(priceUnits(bb), places), places) : null;
    const bestAsk = ba ? fromUnits(roundUnits(priceUnits(ba), places), places) : null;
    let mid: string | null = null;
    let spread: string | null = null;
    let spreadPct: string | null = null;
    let tick = symbolChanged ? null : prev.tick;
    if (bb && ba) {
      const bu = priceUnits(bb);
      const au = priceUnits(ba);
      const sum = bu + au;
      // Half-up rounding of (bid + ask) / 2 to the places in one step, so no double rounding.
      const step = 10n ** BigInt(SCALE - places);
      const midRounded = ((sum + step) / (2n * step)) * step;
      mid = fromUnits(midRounded, places);
      const spreadUnits = au - bu;
      spread = fromUnits(roundUnits(spreadUnits, places), places);
      // spread / mid × 100 = spread × 200 / (bid + ask), in 1e-8 units.
      spreadPct = sum > 0n ? fromUnits(roundUnits((spreadUnits * 200n * 100_000_000n) / sum, 2), 2) : null;
      if (this.midUnits !== null && midRounded !== this.midUnits) tick = midRounded > this.midUnits ? 'up' : 'down';
      this.midUnits = midRounded;
    }

    const next: OrderBookView = {
      symbol: model.symbol,
      asks: asksOut.levels,
      bids: bidsOut.levels,
      bestBid,
      bestAsk,
      mid,
      spread,
      spreadPct,
      tick,
      stale: model.stale,
      sequence: model.sequence,
      loading: !model.hasData,
      asksEmpty: asksOut.levels.length === 0,
      bidsEmpty: bidsOut.levels.length === 0,
      updatedAt: model.updatedAt,
    };
    this.view = sameView(prev, next) ? prev : Object.freeze(next);
    this.builtRevision = model.revision;
    this.builtSymbol = model.symbol;
    this.builtPlaces = places;
    return this.view;
  }

  private side(
    levels: readonly MergedLevel[],
    prevLevels: readonly BookLevel[],
    prevMemo: Map<string, FlashMemo>,
    prevCumulative: readonly bigint[],
    now: number,
    initial: boolean,
  ): { levels: readonly BookLevel[]; memo: Map<string, FlashMemo>; cumulative: bigint[] } {
    const memo = new Map<string, FlashMemo>();
    // The largest quantity, found on the canonical text (no parsing needed to compare).
    let maxText = '0';
    for (let i = 0; i < levels.length; i++) if (compareCanonical(levels[i]!.quantity, maxText) > 0) maxText = levels[i]!.quantity;
    const maxN = Number.parseFloat(maxText);

    const out: BookLevel[] = new Array(levels.length);
    const cumulativeOut: bigint[] = new Array(levels.length);
    let cumulative = 0n;
    // While the levels match the previous view index by index, the cumulative size does too:
    // its units and text are reused instead of parsed and formatted again.
    let samePrefix = true;
    let same = levels.length === prevLevels.length;
    for (let i = 0; i < levels.length; i++) {
      const l = levels[i]!;
      const p = prevLevels[i];
      samePrefix = samePrefix && p !== undefined && p.price === l.price && p.quantity === l.quantity && prevCumulative[i] !== undefined;
      cumulative = samePrefix ? prevCumulative[i]! : cumulative + levelUnits(l);
      cumulativeOut[i] = cumulative;
      const size = samePrefix ? p!.size : fromUnits(cumulative);

      const before = prevMemo.get(l.price);
      let m: FlashMemo;
      if (!before) m = { quantity: l.quantity, kind: initial ? null : 'new', at: now, level: null };
      else if (before.quantity !== l.quantity) m = { quantity: l.quantity, kind: initial ? null : 'changed', at: now, level: null };
      else m = before;
      const flash = m.kind !== null && now - m.at < this.flashMs ? m.kind : null;
      if (flash) {
        const end = m.at + this.flashMs;
        if (this.flashExpiresAt === null || end < this.flashExpiresAt) this.flashExpiresAt = end;
      }
      // The bar width is a presentation ratio, the one place a float is fine; quantities and
      // sizes themselves stay exact.
      const depthPct = maxN > 0 ? Math.round((Number.parseFloat(l.quantity) / maxN) * 10_000) / 100 : 0;
      const old = m.level;
      // Levels are immutable by contract (readonly types); not frozen here because freezing
      // every level of every book costs more than it protects on this path.
      const level: BookLevel =
        old &&
        old.quantity === l.quantity &&
        old.size === size &&
        old.source === l.source &&
        old.flash === flash &&
        old.depthPct === depthPct
          ? old
          : { price: l.price, quantity: l.quantity, size, source: l.source, flash, depthPct };
      memo.set(l.price, m.level === level ? m : { quantity: m.quantity, kind: m.kind, at: m.at, level });
      if (same && p !== level) same = false;
      out[i] = level;
    }
    return { levels: same ? prevLevels : out, memo, cumulative: cumulativeOut };
  }
}

function priceUnits(l: MergedLevel): bigint {
  return toPriceUnits(l.price);
}

const priceCache = new Map<string, bigint>();
/** Prices repeat across messages; caching their units keeps bigint parsing off the hot path. */
function toPriceUnits(price: string): bigint {
  let u = priceCache.get(price);
  if (u === undefined) {
    const dot = price.indexOf('.');
    const frac = dot < 0 ? '' : price.slice(dot + 1, dot + 9);
    u = BigInt((dot < 0 ? price : price.slice(0, dot)) + frac.padEnd(8, '0'));
    if (priceCache.size > 50_000) priceCache.clear();
    priceCache.set(price, u);
  }
  return u;
}

function sameView(a: OrderBookView, b: OrderBookView): boolean {
  return (
    a.symbol === b.symbol &&
    a.asks === b.asks &&
    a.bids === b.bids &&
    a.bestBid === b.bestBid &&
    a.bestAsk === b.bestAsk &&
    a.mid === b.mid &&
    a.spread === b.spread &&
    a.spreadPct === b.spreadPct &&
    a.tick === b.tick &&
    a.stale === b.stale &&
    a.sequence === b.sequence &&
    a.loading === b.loading &&
    a.updatedAt === b.updatedAt
  );
}
