import { replaceEqualDeep, type EngineSnapshot, type SnapshotSlice, type SnapshotUpdate } from '../../worker/public';
import type { ViewCadence } from './view-cadence';

// The main thread's copy of the engine snapshot, in the useSyncExternalStore shape. Updates
// carry only changed slices; each is merged with structural sharing, so whatever the clone
// across the worker boundary left deeply equal keeps its identity (memoised rows skip).
// With a cadence, an update that changes only ambient slices is merged at once but shown
// (published to subscribers) with the next immediate update or after the cadence's delay, and
// spaced slices keep their shown value until their interval has passed.

export interface SnapshotMirror {
  subscribe(listener: () => void): () => void;
  /** The published snapshot: what the view shows. */
  getSnapshot(): EngineSnapshot;
  /** Applies one update from the worker (a comlink-proxied listener calls this). */
  apply(update: SnapshotUpdate): void;
  /** Stops a pending delayed publication. */
  dispose(): void;
}

export function createSnapshotMirror(initial: EngineSnapshot, cadence: ViewCadence | null = null): SnapshotMirror {
  let snapshot = initial;
  /** Everything received so far; ahead of `snapshot` while ambient changes wait. */
  let latest = initial;
  let cancelDelayed: (() => void) | null = null;
  let cancelSpaced: (() => void) | null = null;
  const listeners = new Set<() => void>();
  /** When each spaced slice was last shown changed. */
  const shownAt = new Map<SnapshotSlice, number>();

  const publish = () => {
    cancelDelayed?.();
    cancelDelayed = null;
    cancelSpaced?.();
    cancelSpaced = null;
    if (snapshot === latest) return;
    let next = latest;
    let wait = Infinity;
    for (const spaced of cadence?.spaced ?? []) {
      const key = spaced.slice;
      const shown = snapshot[key];
      if (latest[key] === shown || !spaced.sameStream(shown, latest[key])) {
        if (latest[key] !== shown) shownAt.set(key, cadence!.timers.now());
        continue;
      }
      const since = cadence!.timers.now() - (shownAt.get(key) ?? -Infinity);
      if (since >= spaced.intervalMs) {
        shownAt.set(key, cadence!.timers.now());
        continue;
      }
      // Too soon: show everything else now and this slice as it was. It goes out with the
      // first publication after its interval (a book frame, usually), or on its own once the
      // ambient delay has passed too, so it never costs a frame of its own while books flow.
      if (next === latest) next = { ...latest } as EngineSnapshot;
      (next as unknown as Record<string, unknown>)[key] = shown;
      wait = Math.min(wait, spaced.intervalMs - since + cadence!.maxDelayMs);
    }
    if (next !== latest) next = Object.freeze(next);
    if (wait !== Infinity) cancelSpaced = cadence!.timers.after(wait, publish);
    const keys = Object.keys(next) as (keyof EngineSnapshot)[];
    if (keys.every((k) => k === 'version' || next[k] === snapshot[k])) return;
    snapshot = next;
    for (const l of [...listeners]) l();
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    apply(update) {
      // Older or repeated updates (e.g. after a resubscribe) never move the mirror back.
      if (update.version <= latest.version && !update.full) return;
      const next: Record<string, unknown> = { ...latest, version: update.version };
      let changed = false;
      let immediate = update.full || cadence === null;
      for (const [key, value] of Object.entries(update.changed)) {
        const prev = (latest as unknown as Record<string, unknown>)[key];
        const merged = replaceEqualDeep(prev, value);
        if (merged === prev) continue;
        changed = true;
        next[key] = merged;
        if (!cadence?.ambient.has(key as SnapshotSlice)) immediate = true;
      }
      if (!changed) return;
      latest = Object.freeze(next) as unknown as EngineSnapshot;
      if (immediate) publish();
      else cancelDelayed ??= cadence!.timers.after(cadence!.maxDelayMs, publish);
    },
    dispose() {
      cancelDelayed?.();
      cancelDelayed = null;
      cancelSpaced?.();
      cancelSpaced = null;
    },
  };
}
