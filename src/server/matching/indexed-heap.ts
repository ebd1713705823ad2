/**
 * A binary heap whose items remember their own position (through `slot` accessors), so an item
 * can be removed or re-keyed in O(log n) without lazy tombstones piling up. `before(a, b)` is
 * true when `a` must come out first; ties must be broken (e.g. by seq) for a deterministic order.
 */
export class IndexedHeap<T> {
  private readonly items: T[] = [];

  constructor(
    private readonly before: (a: T, b: T) => boolean,
    private readonly getSlot: (item: T) => number,
    private readonly setSlot: (item: T, index: number) => void,
  ) {}

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    this.items.push(item);
    this.up(this.items.length - 1, item);
  }

  pop(): T | undefined {
    const top = this.items[0];
    if (top !== undefined) this.remove(top);
    return top;
  }

  has(item: T): boolean {
    const i = this.getSlot(item);
    return i >= 0 && this.items[i] === item;
  }

  remove(item: T): void {
    const i = this.getSlot(item);
    if (i < 0 || this.items[i] !== item) return;
    const last = this.items.pop() as T;
    this.setSlot(item, -1);
    if (last === item) return;
    this.items[i] = last;
    this.setSlot(last, i);
    this.update(last);
  }

  /** Restores the heap after `item`'s key changed. */
  update(item: T): void {
    const i = this.getSlot(item);
    if (i < 0) return;
    if (i > 0 && this.before(item, this.items[(i - 1) >> 1] as T)) this.up(i, item);
    else this.down(i, item);
  }

  clear(): void {
    for (const item of this.items) this.setSlot(item, -1);
    this.items.length = 0;
  }

  private up(start: number, item: T): void {
    const items = this.items;
    let i = start;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const parent = items[p] as T;
      if (!this.before(item, parent)) break;
      items[i] = parent;
      this.setSlot(parent, i);
      i = p;
    }
    items[i] = item;
    this.setSlot(item, i);
  }

  private down(start: number, item: T): void {
    const items = this.items;
    const n = items.length;
    let i = start;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      let c = l;
      if (r < n && this.before(items[r] as T, items[l] as T)) c = r;
      const child = items[c] as T;
      if (!this.before(child, item)) break;
      items[i] = child;
      this.setSlot(child, i);
      i = c;
    }
    items[i] = item;
    this.setSlot(item, i);
  }
}
