import type { OrderNode } from './order-node';

/**
 * One price of one side: an intrusive FIFO of orders (oldest at head) with running totals, and
 * also a node of the side's red-black tree (left/right/parent/red), so finding, adding and
 * dropping a level costs no extra allocation.
 */
export class PriceLevel {
  head: OrderNode | null = null;
  tail: OrderNode | null = null;
  count = 0;
  qty = 0;
  litCount = 0;
  litQty = 0;
  left: PriceLevel;
  right: PriceLevel;
  parent: PriceLevel;
  red = true;

  /** `key` orders the tree ascending from the best price: price for asks, -price for bids. */
  constructor(
    readonly key: number,
    readonly price: number,
    nil: PriceLevel | null,
  ) {
    // The tree's sentinel is its own nil; every other level starts pointing at the sentinel.
    const n = nil ?? this;
    this.left = n;
    this.right = n;
    this.parent = n;
  }

  append(node: OrderNode): void {
    node.level = this;
    node.prev = this.tail;
    node.next = null;
    if (this.tail === null) this.head = node;
    else this.tail.next = node;
    this.tail = node;
    this.count++;
    this.qty += node.remaining;
    if (!node.dark) {
      this.litCount++;
      this.litQty += node.remaining;
    }
  }

  unlink(node: OrderNode): void {
    const { prev, next } = node;
    if (prev === null) this.head = next;
    else prev.next = next;
    if (next === null) this.tail = prev;
    else next.prev = prev;
    node.prev = null;
    node.next = null;
    node.level = null;
    this.count--;
    this.qty -= node.remaining;
    if (!node.dark) {
      this.litCount--;
      this.litQty -= node.remaining;
    }
  }

  /** Takes `qty` lots off an order that stays linked (a fill or a reduce). */
  take(node: OrderNode, qty: number): void {
    node.remaining -= qty;
    this.qty -= qty;
    if (!node.dark) this.litQty -= qty;
  }
}
