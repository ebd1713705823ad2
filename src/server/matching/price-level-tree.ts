import { PriceLevel } from './price-level';

/**
 * The price levels of one side in a red-black tree keyed by `PriceLevel.key` (ascending = best
 * first). Levels are the tree nodes themselves (intrusive), the sentinel `nil` stands for every
 * missing child (CLRS style), and the best level is cached so the matching loop reads it in O(1).
 * Insert, find and remove are O(log n); walking to the next level is amortised O(1).
 */
export class PriceLevelTree {
  private readonly nil: PriceLevel = new PriceLevel(0, 0, null);
  private root: PriceLevel = this.nil;
  private best: PriceLevel | null = null;
  size = 0;

  constructor() {
    this.nil.red = false;
  }

  first(): PriceLevel | null {
    return this.best;
  }

  find(key: number): PriceLevel | null {
    const nil = this.nil;
    let x = this.root;
    while (x !== nil) {
      if (key === x.key) return x;
      x = key < x.key ? x.left : x.right;
    }
    return null;
  }

  /** The level at `key`, created and inserted if the side has none there yet. */
  getOrCreate(key: number, price: number): PriceLevel {
    const nil = this.nil;
    let parent = nil;
    let x = this.root;
    while (x !== nil) {
      if (key === x.key) return x;
      parent = x;
      x = key < x.key ? x.left : x.right;
    }
    const z = new PriceLevel(key, price, nil);
    z.parent = parent;
    if (parent === nil) this.root = z;
    else if (key < parent.key) parent.left = z;
    else parent.right = z;
    this.insertFixup(z);
    this.size++;
    if (this.best === null || key < this.best.key) this.best = z;
    return z;
  }

  /** In-order successor: the next worse price, or null. */
  next(level: PriceLevel): PriceLevel | null {
    const nil = this.nil;
    let x = level;
    if (x.right !== nil) {
      x = x.right;
      while (x.left !== nil) x = x.left;
      return x;
    }
    let y = x.parent;
    while (y !== nil && x === y.right) {
      x = y;
      y = y.parent;
    }
    return y === nil ? null : y;
  }

  *levels(): IterableIterator<PriceLevel> {
    for (let l = this.best; l !== null; l = this.next(l)) yield l;
  }

  remove(z: PriceLevel): void {
    if (z === this.best) this.best = this.next(z);
    const nil = this.nil;
    let y = z;
    let yWasRed = y.red;
    let x: PriceLevel;
    if (z.left === nil) {
      x = z.right;
      this.transplant(z, z.right);
    } else if (z.right === nil) {
      x = z.left;
      this.transplant(z, z.left);
    } else {
      y = z.right;
      while (y.left !== nil) y = y.left;
      yWasRed = y.red;
      x = y.right;
      if (y.parent === z) {
        x.parent = y;
      } else {
        this.transplant(y, y.right);
        y.right = z.right;
        y.right.parent = y;
      }
      this.transplant(z, y);
      y.left = z.left;
      y.left.parent = y;
      y.red = z.red;
    }
    if (!yWasRed) this.deleteFixup(x);
    z.left = z.right = z.parent = nil;
    this.size--;
  }

  clear(): void {
    this.root = this.nil;
    this.best = null;
    this.size = 0;
  }

  /** Checks the red-black invariants and returns the black height; for tests. */
  verify(): number {
    const nil = this.nil;
    if (this.root.red) throw new Error('red root');
    const walk = (x: PriceLevel, lo: number, hi: number): number => {
      if (x === nil) return 1;
      if (x.key <= lo || x.key >= hi) throw new Error(`order violated at ${x.key}`);
      if (x.red && (x.left.red || x.right.red)) throw new Error(`red-red at ${x.key}`);
      if (x.left !== nil && x.left.parent !== x) throw new Error(`bad parent at ${x.left.key}`);
      if (x.right !== nil && x.right.parent !== x) throw new Error(`bad parent at ${x.right.key}`);
      const l = walk(x.left, lo, x.key);
      const r = walk(x.right, x.key, hi);
      if (l !== r) throw new Error(`black height differs at ${x.key}`);
      return l + (x.red ? 0 : 1);
    };
    return walk(this.root, -Infinity, Infinity);
  }

  private rotateLeft(x: PriceLevel): void {
    const nil = this.nil;
    const y = x.right;
    x.right = y.left;
    if (y.left !== nil) y.left.parent = x;
    y.parent = x.parent;
    if (x.parent === nil) this.root = y;
    else if (x === x.parent.left) x.parent.left = y;
    else x.parent.right = y;
    y.left = x;
    x.parent = y;
  }

  private rotateRight(x: PriceLevel): void {
    const nil = this.nil;
    const y = x.left;
    x.left = y.right;
    if (y.right !== nil) y.right.parent = x;
    y.parent = x.parent;
    if (x.parent === nil) this.root = y;
    else if (x === x.parent.right) x.parent.right = y;
    else x.parent.left = y;
    y.right = x;
    x.parent = y;
  }

  private insertFixup(node: PriceLevel): void {
    let z = node;
    while (z.parent.red) {
      const p = z.parent;
      const g = p.parent;
      if (p === g.left) {
        const u = g.right;
        if (u.red) {
          p.red = false;
          u.red = false;
          g.red = true;
          z = g;
        } else {
          if (z === p.right) {
            z = p;
            this.rotateLeft(z);
          }
          z.parent.red = false;
          z.parent.parent.red = true;
          this.rotateRight(z.parent.parent);
        }
      } else {
        const u = g.left;
        if (u.red) {
          p.red = false;
          u.red = false;
          g.red = true;
          z = g;
        } else {
          if (z === p.left) {
            z = p;
            this.rotateRight(z);
          }
          z.parent.red = false;
          z.parent.parent.red = true;
          this.rotateLeft(z.parent.parent);
        }
      }
    }
    this.root.red = false;
  }

  private transplant(u: PriceLevel, v: PriceLevel): void {
    if (u.parent === this.nil) this.root = v;
    else if (u === u.parent.left) u.parent.left = v;
    else u.parent.right = v;
    v.parent = u.parent;
  }

  private deleteFixup(node: PriceLevel): void {
    let x = node;
    while (x !== this.root && !x.red) {
      if (x === x.parent.left) {
        let w = x.parent.right;
        if (w.red) {
          w.red = false;
          x.parent.red = true;
          this.rotateLeft(x.parent);
          w = x.parent.right;
        }
        if (!w.left.red && !w.right.red) {
          w.red = true;
          x = x.parent;
        } else {
          if (!w.right.red) {
            w.left.red = false;
            w.red = true;
            this.rotateRight(w);
            w = x.parent.right;
          }
          w.red = x.parent.red;
          x.parent.red = false;
          w.right.red = false;
          this.rotateLeft(x.parent);
          x = this.root;
        }
      } else {
        let w = x.parent.left;
        if (w.red) {
          w.red = false;
          x.parent.red = true;
          this.rotateRight(x.parent);
          w = x.parent.left;
        }
        if (!w.right.red && !w.left.red) {
          w.red = true;
          x = x.parent;
        } else {
          if (!w.left.red) {
            w.right.red = false;
            w.red = true;
            this.rotateLeft(w);
            w = x.parent.left;
          }
          w.red = x.parent.red;
          x.parent.red = false;
          w.left.red = false;
          this.rotateRight(x.parent);
          x = this.root;
        }
      }
    }
    x.red = false;
  }
}
