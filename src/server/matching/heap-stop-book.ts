import { IndexedHeap } from './indexed-heap';
import { StopRecord } from './stop-record';
import { newStopOrder } from './stop-order';
import { improvesExtreme } from './trailing';
import type { StopBook } from './stop-book';
import type { Order, OrderId, PlaceStop } from './types';

// Sells fire when the price falls to their trigger, so the highest trigger is nearest; buys the
// mirror. Trailing stops also sit in an "extreme" heap whose top is the first one a new reference
// price would move: the lowest high-water mark for sells, the highest low-water mark for buys.
const sellTriggerFirst = (a: StopRecord, b: StopRecord): boolean =>
  a.triggerPrice > b.triggerPrice || (a.triggerPrice === b.triggerPrice && a.seq < b.seq);
const buyTriggerFirst = (a: StopRecord, b: StopRecord): boolean =>
  a.triggerPrice < b.triggerPrice || (a.triggerPrice === b.triggerPrice && a.seq < b.seq);
const sellExtremeFirst = (a: StopRecord, b: StopRecord): boolean =>
  (a.extreme as number) < (b.extreme as number) || (a.extreme === b.extreme && a.seq < b.seq);
const buyExtremeFirst = (a: StopRecord, b: StopRecord): boolean =>
  (a.extreme as number) > (b.extreme as number) || (a.extreme === b.extreme && a.seq < b.seq);
const expiryFirst = (a: StopRecord, b: StopRecord): boolean =>
  (a.expiresAt as number) < (b.expiresAt as number) || (a.expiresAt === b.expiresAt && a.seq < b.seq);

const triggerSlot = (r: StopRecord): number => r.triggerIndex;
const setTriggerSlot = (r: StopRecord, i: number): void => {
  r.triggerIndex = i;
};
const extremeSlot = (r: StopRecord): number => r.extremeIndex;
const setExtremeSlot = (r: StopRecord, i: number): void => {
  r.extremeIndex = i;
};
const expirySlot = (r: StopRecord): number => r.expiryIndex;
const setExpirySlot = (r: StopRecord, i: number): void => {
  r.expiryIndex = i;
};

/** The fast stop book: every add, remove, trigger move and fire is O(log n). */
export class HeapStopBook implements StopBook {
  // Insertion order is seq order (seqs only grow and restore adds by seq), which values() relies on.
  private readonly byId = new Map<OrderId, StopRecord>();
  private readonly sellTriggers = new IndexedHeap(sellTriggerFirst, triggerSlot, setTriggerSlot);
  private readonly buyTriggers = new IndexedHeap(buyTriggerFirst, triggerSlot, setTriggerSlot);
  private readonly sellExtremes = new IndexedHeap(sellExtremeFirst, extremeSlot, setExtremeSlot);
  private readonly buyExtremes = new IndexedHeap(buyExtremeFirst, extremeSlot, setExtremeSlot);
  private readonly expiries = new IndexedHeap(expiryFirst, expirySlot, setExpirySlot);

  get size(): number {
    return this.byId.size;
  }

  has(id: OrderId): boolean {
    return this.byId.has(id);
  }

  get(id: OrderId): Order | null {
    return this.byId.get(id)?.snapshot() ?? null;
  }

  add(stop: PlaceStop, seq: number): Order {
    const order = newStopOrder(stop, seq);
    this.insert(new StopRecord(order));
    return order;
  }

  restore(stop: Order): void {
    this.insert(new StopRecord(stop));
  }

  remove(id: OrderId): Order | null {
    const r = this.byId.get(id);
    if (r === undefined) return null;
    this.delete(r);
    return r.snapshot();
  }

  trigger(referencePrice: number): Order[] {
    this.follow(this.sellExtremes, this.sellTriggers, referencePrice);
    this.follow(this.buyExtremes, this.buyTriggers, referencePrice);
    const fired: StopRecord[] = [];
    for (let r = this.sellTriggers.peek(); r !== undefined && referencePrice <= r.triggerPrice; r = this.sellTriggers.peek()) {
      this.delete(r);
      fired.push(r);
    }
    for (let r = this.buyTriggers.peek(); r !== undefined && referencePrice >= r.triggerPrice; r = this.buyTriggers.peek()) {
      this.delete(r);
      fired.push(r);
    }
    fired.sort((a, b) => a.seq - b.seq);
    return fired.map((r) => r.snapshot());
  }

  expireDue(nowMs: number): Order[] {
    const out: Order[] = [];
    for (let r = this.expiries.peek(); r !== undefined && (r.expiresAt as number) <= nowMs; r = this.expiries.peek()) {
      this.delete(r);
      out.push(r.snapshot());
    }
    return out;
  }

  *values(): IterableIterator<Order> {
    for (const r of this.byId.values()) yield r.snapshot();
  }

  clear(): void {
    this.byId.clear();
    for (const heap of [this.sellTriggers, this.buyTriggers, this.sellExtremes, this.buyExtremes, this.expiries]) heap.clear();
  }

  private insert(r: StopRecord): void {
    this.byId.set(r.id, r);
    (r.side === 'sell' ? this.sellTriggers : this.buyTriggers).push(r);
    if (r.trail !== null) (r.side === 'sell' ? this.sellExtremes : this.buyExtremes).push(r);
    if (r.expiresAt !== null) this.expiries.push(r);
  }

  private delete(r: StopRecord): void {
    this.byId.delete(r.id);
    this.sellTriggers.remove(r);
    this.buyTriggers.remove(r);
    this.sellExtremes.remove(r);
    this.buyExtremes.remove(r);
    this.expiries.remove(r);
  }

  /** Every trailing stop whose extreme the reference improves follows it; the heap top is always the next candidate. */
  private follow(extremes: IndexedHeap<StopRecord>, triggers: IndexedHeap<StopRecord>, referencePrice: number): void {
    for (let r = extremes.peek(); r !== undefined && improvesExtreme(r.side, r.extreme as number, referencePrice); r = extremes.peek()) {
      r.follow(referencePrice);
      extremes.update(r);
      triggers.update(r);
    }
  }
}
