import type { EngineSnapshot, SnapshotSlice } from '../api';

// The engine's immutable snapshot. Engine parts mark slices dirty; a slice is rebuilt only
// when read (materialize), at most once per frame in practice, and a rebuild that yields the
// same object leaves the snapshot untouched. Invariants:
//   - a snapshot object is never mutated after it is returned;
//   - a slice keeps its identity unless its builder returned a different object;
//   - the version increases exactly when some slice identity changed.

export type SliceBuilders = { readonly [K in SnapshotSlice]: () => EngineSnapshot[K] };

export class SnapshotStore {
  private snapshot: EngineSnapshot;
  private readonly dirty = new Set<SnapshotSlice>();

  constructor(
    private builders: SliceBuilders,
    /** The slices just marked dirty (each call), e.g. to ask for a frame; `paced` from invalidatePaced. */
    private readonly onDirty: (slices: readonly SnapshotSlice[], paced: boolean) => void,
  ) {
    const initial = { version: 1 } as Record<string, unknown>;
    for (const key of Object.keys(builders) as SnapshotSlice[]) initial[key] = builders[key]();
    this.snapshot = Object.freeze(initial) as unknown as EngineSnapshot;
  }

  /** Fills the slices from other builders from now on (the engine started): all are rebuilt on the next read. */
  use(builders: SliceBuilders): void {
    this.builders = builders;
    this.invalidate(...(Object.keys(builders) as SnapshotSlice[]));
  }

  invalidate(...slices: SnapshotSlice[]): void {
    this.mark(slices, false);
  }

  /** Marks slices that changed only because market data moved (say order entry following the book). */
  invalidatePaced(...slices: SnapshotSlice[]): void {
    this.mark(slices, true);
  }

  private mark(slices: readonly SnapshotSlice[], paced: boolean): void {
    for (const s of slices) this.dirty.add(s);
    this.onDirty(slices, paced);
  }

  get isDirty(): boolean {
    return this.dirty.size > 0;
  }

  /** Rebuilds the dirty slices and returns the current snapshot. */
  materialize(): EngineSnapshot {
    if (this.dirty.size === 0) return this.snapshot;
    const slices = [...this.dirty];
    this.dirty.clear();
    let next: Record<string, unknown> | null = null;
    for (const key of slices) {
      const value = this.builders[key]();
      if (value !== this.snapshot[key]) {
        next ??= { ...this.snapshot };
        next[key] = value;
      }
    }
    if (next) {
      next.version = this.snapshot.version + 1;
      this.snapshot = Object.freeze(next) as unknown as EngineSnapshot;
    }
    return this.snapshot;
  }
}
