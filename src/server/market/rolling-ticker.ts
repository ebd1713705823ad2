import { fromUnits } from '../../shared/money/units';
import type { TickerWire } from '../../shared/hub/messages';

// The 24 h ticker of one pair over a ROLLING window, kept as one bucket per minute in a ring.
// Recording a trade touches one bucket and two running totals (O(1)); volume and notional are
// exact bigints (notional in 1e-16 units: price units × quantity units), so vwap is an exact
// division truncated to 8 decimals. High, low and open are found by scanning the live
// buckets, which happens only when a ticker is published (throttled) or asked for.
// The window is minute-granular: it holds the current minute and the 1,439 before it.

export const BUCKET_MS = 60_000;
export const WINDOW_BUCKETS = 1_440;

interface Bucket {
  minute: number;
  open: bigint;
  openAt: number;
  close: bigint;
  closeAt: number;
  high: bigint;
  low: bigint;
  volume: bigint;
  notional: bigint;
}

export class RollingTicker {
  private readonly ring: Array<Bucket | undefined> = new Array(WINDOW_BUCKETS);
  /** Latest minute seen; the window is (head - WINDOW_BUCKETS, head]. */
  private head = Number.NEGATIVE_INFINITY;
  private live = 0;
  private volume = 0n;
  private notional = 0n;
  private last: bigint | null = null;
  private lastAt = Number.NEGATIVE_INFINITY;

  constructor(readonly pair: string) {}

  /** Records one trade; price and quantity in 1e-8 units, time in epoch ms. */
  record(price: bigint, quantity: bigint, at: number): void {
    if (at >= this.lastAt) {
      this.last = price;
      this.lastAt = at;
    }
    const minute = Math.floor(at / BUCKET_MS);
    this.advanceTo(minute);
    // A trade older than the window only counts as the last price (when nothing newer is known).
    if (minute <= this.head - WINDOW_BUCKETS) return;
    const slot = minute % WINDOW_BUCKETS;
    let bucket = this.ring[slot];
    if (!bucket || bucket.minute !== minute) {
      if (bucket) this.evict(slot);
      bucket = { minute, open: price, openAt: at, close: price, closeAt: at, high: price, low: price, volume: 0n, notional: 0n };
      this.ring[slot] = bucket;
      this.live += 1;
    }
    if (at < bucket.openAt) {
      bucket.open = price;
      bucket.openAt = at;
    }
    if (at >= bucket.closeAt) {
      bucket.close = price;
      bucket.closeAt = at;
    }
    if (price > bucket.high) bucket.high = price;
    if (price < bucket.low) bucket.low = price;
    const notional = price * quantity;
    bucket.volume += quantity;
    bucket.notional += notional;
    this.volume += quantity;
    this.notional += notional;
  }

  /**
   * Moves the window to `now`, dropping buckets that left it. True when something was dropped,
   * i.e. the published ticker changed without a trade.
   */
  advance(now: number): boolean {
    const before = this.live;
    this.advanceTo(Math.floor(now / BUCKET_MS));
    return this.live !== before;
  }

  /** Whether any trade was ever recorded (a ticker is worth publishing). */
  get hasTrades(): boolean {
    return this.last !== null;
  }

  snapshot(now: number): TickerWire {
    this.advance(now);
    const last = this.last;
    if (last === null) return { pair: this.pair, volume: '0' };
    if (this.live === 0) {
      const p = fromUnits(last);
      return { pair: this.pair, last: p, open: p, high: p, low: p, volume: '0', vwap: p };
    }
    let open: Bucket | undefined;
    let high = last;
    let low = last;
    let first = true;
    for (const b of this.ring) {
      if (!b) continue;
      if (!open || b.minute < open.minute) open = b;
      if (first || b.high > high) high = b.high;
      if (first || b.low < low) low = b.low;
      first = false;
    }
    return {
      pair: this.pair,
      last: fromUnits(last),
      open: fromUnits(open!.open),
      high: fromUnits(high),
      low: fromUnits(low),
      volume: fromUnits(this.volume),
      vwap: fromUnits(this.volume === 0n ? last : this.notional / this.volume),
    };
  }

  private advanceTo(minute: number): void {
    if (minute <= this.head) return;
    const previous = this.head;
    this.head = minute;
    if (this.live === 0) return;
    const cutoff = minute - WINDOW_BUCKETS;
    // Only minutes that were inside the old window and are outside the new one can hold
    // buckets to drop; that is at most WINDOW_BUCKETS slots however long the gap was.
    const from = Math.max(previous - WINDOW_BUCKETS + 1, cutoff - WINDOW_BUCKETS + 1);
    for (let m = from; m <= cutoff && this.live > 0; m++) {
      const slot = ((m % WINDOW_BUCKETS) + WINDOW_BUCKETS) % WINDOW_BUCKETS;
      const bucket = this.ring[slot];
      if (bucket && bucket.minute <= cutoff) this.evict(slot);
    }
  }

  private evict(slot: number): void {
    const bucket = this.ring[slot]!;
    this.volume -= bucket.volume;
    this.notional -= bucket.notional;
    this.ring[slot] = undefined;
    this.live -= 1;
  }
}
