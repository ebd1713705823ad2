import type { EngineSnapshot, SnapshotUpdate } from '../../worker/api';
import { replaceEqualDeep } from '../../worker/store/replace-equal-deep';

// The main thread's copy of the engine snapshot, in the useSyncExternalStore shape. Updates
// carry only changed slices; each is merged with structural sharing, so whatever the clone
// across the worker boundary left deeply equal keeps its identity (memoised rows skip).

export interface SnapshotMirror {
  subscribe(listener: () => void): () => void;
  getSnapshot(): EngineSnapshot;
  /** Applies one update from the worker (a comlink-proxied listener calls this). */
  apply(update: SnapshotUpdate): void;
}

export function createSnapshotMirror(initial: EngineSnapshot): SnapshotMirror {
  let snapshot = initial;
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    apply(update) {
      // Older or repeated updates (e.g. after a resubscribe) never move the mirror back.
      if (update.version <= snapshot.version && !update.full) return;
      const next: Record<string, unknown> = { ...snapshot, version: update.version };
      let changed = false;
      for (const [key, value] of Object.entries(update.changed)) {
        const prev = (snapshot as unknown as Record<string, unknown>)[key];
        const merged = replaceEqualDeep(prev, value);
        if (merged !== prev) changed = true;
        next[key] = merged;
      }
      if (!changed) return;
      snapshot = Object.freeze(next) as unknown as EngineSnapshot;
      for (const l of [...listeners]) l();
    },
  };
}
