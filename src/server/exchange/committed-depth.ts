import type { Depth } from '../matching';
import type { CoreState } from './core-state';
import { formatDepth, type PublishedDepth } from './projections';

// The published depth as of the last committed batch. Batches are pipelined (commit-pipeline.ts):
// the next one is applied in memory while the one before it is being written, so the engine's
// books can hold orders that nobody has been answered about, and that may yet be refused. A
// depth read must never show those. So each batch, when it is drained (before the next one is
// applied), leaves a snapshot of the lit levels of the books it changed, in ticks and lots; the
// snapshot becomes the pair's published depth when that batch commits, just before its events
// go out. A pair that no uncommitted batch changed is read straight from the engine, at any
// depth: its book then is what storage holds.

/** Levels per side a drained batch keeps of each book it changed: the deepest committed read while a later batch commits. */
export const DEFAULT_DEPTH_SNAPSHOT_LEVELS = 100;

/** What one drained batch left of the books it changed, to publish once it has committed. */
export type DepthSnapshots = ReadonlyMap<string, Depth>;

export class CommittedDepth {
  /** Pairs whose book a drained but not yet committed batch changed, with how many such batches. */
  private readonly uncommitted = new Map<string, number>();
  /** Every pair's lit levels as its last committed batch (or storage) left them. */
  private readonly committed = new Map<string, Depth>();

  constructor(private readonly levels: number = DEFAULT_DEPTH_SNAPSHOT_LEVELS) {}

  /** The state was (re)built from storage: every book is committed and no batch is in flight. */
  loaded(state: CoreState): void {
    this.uncommitted.clear();
    this.committed.clear();
    for (const [pair, book] of state.books) this.committed.set(pair, book.depth(this.levels));
  }

  /** A batch that changed the books of `pairs` was drained: the state holds exactly its result. */
  drained(state: CoreState, pairs: ReadonlySet<string>): DepthSnapshots {
    const snapshots = new Map<string, Depth>();
    for (const pair of pairs) {
      const book = state.books.get(pair);
      if (!book) continue;
      this.uncommitted.set(pair, (this.uncommitted.get(pair) ?? 0) + 1);
      snapshots.set(pair, book.depth(this.levels));
    }
    return snapshots;
  }

  /** The batch that left `snapshots` committed (batches commit in the order they were drained). */
  committedBatch(snapshots: DepthSnapshots): void {
    for (const [pair, depth] of snapshots) {
      this.committed.set(pair, depth);
      const count = (this.uncommitted.get(pair) ?? 0) - 1;
      if (count > 0) this.uncommitted.set(pair, count);
      else this.uncommitted.delete(pair);
    }
  }

  /**
   * The lit levels of a pair as the last committed batch left them; null for an unknown pair.
   * While a later batch that changed the pair is committing, at most the snapshot's levels.
   */
  read(state: CoreState, pair: string, levels: number): PublishedDepth | null {
    const spec = state.pairs.get(pair);
    if (!spec) return null;
    const depth = this.uncommitted.has(pair) ? this.committed.get(pair) : undefined;
    return formatDepth(spec, depth ?? state.book(pair).depth(levels), levels);
  }
}
