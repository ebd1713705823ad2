import type { EngineSnapshot, SnapshotListener, SnapshotSlice, SnapshotUpdate } from '../api';
import type { FrameScheduler } from '../time/frame';
import type { SnapshotStore } from './snapshot-store';

// Delivers snapshots at most once per frame, however many hub events arrive: a change asks
// for a frame, the frame materialises once and sends each subscriber only the slices whose
// identity changed since what that subscriber last received. A new subscriber gets the full
// snapshot at once.

interface Subscriber {
  readonly listener: SnapshotListener;
  sent: EngineSnapshot | null;
}

export class SnapshotPublisher {
  private readonly subscribers = new Map<number, Subscriber>();
  private readonly local = new Set<() => void>();
  private seq = 0;
  private cancelFrame: (() => void) | null = null;
  private lastPublished: EngineSnapshot;
  /** Frames that published something (for tests and the bench). */
  framesPublished = 0;

  constructor(
    private readonly store: SnapshotStore,
    private readonly frames: FrameScheduler,
    /** Runs after each materialisation (e.g. to schedule the end of a flash). */
    private readonly afterFlush: () => void = () => {},
  ) {
    this.lastPublished = store.materialize();
  }

  /** A slice changed: publish on the next frame (one frame request, however many changes). */
  requestFrame(): void {
    if (this.cancelFrame) return;
    this.cancelFrame = this.frames(() => {
      this.cancelFrame = null;
      this.flush();
    });
  }

  subscribe(listener: SnapshotListener): number {
    const id = ++this.seq;
    const sub: Subscriber = { listener, sent: null };
    this.subscribers.set(id, sub);
    const snapshot = this.store.materialize();
    this.afterFlush();
    this.deliver(sub, snapshot);
    return id;
  }

  unsubscribe(id: number): void {
    this.subscribers.delete(id);
  }

  /** In-process subscription (the useSyncExternalStore shape); called after each published frame. */
  subscribeLocal(listener: () => void): () => void {
    this.local.add(listener);
    return () => this.local.delete(listener);
  }

  getSnapshot(): EngineSnapshot {
    const s = this.store.materialize();
    this.afterFlush();
    return s;
  }

  /** Publishes now (the frame callback; tests and the bench call it directly). */
  flush(): void {
    const snapshot = this.store.materialize();
    this.afterFlush();
    if (snapshot === this.lastPublished) return;
    this.lastPublished = snapshot;
    this.framesPublished++;
    for (const sub of this.subscribers.values()) this.deliver(sub, snapshot);
    for (const l of [...this.local]) l();
  }

  dispose(): void {
    this.cancelFrame?.();
    this.cancelFrame = null;
    this.subscribers.clear();
    this.local.clear();
  }

  private deliver(sub: Subscriber, snapshot: EngineSnapshot): void {
    if (sub.sent === snapshot) return;
    const update = diffSnapshots(sub.sent, snapshot);
    sub.sent = snapshot;
    try {
      const r: unknown = sub.listener(update);
      // Across comlink the call is a promise; a closed page rejects it. Nothing to do then.
      if (r && typeof (r as Promise<unknown>).then === 'function') (r as Promise<unknown>).catch(() => {});
    } catch {
      // A throwing (or gone) subscriber must not stop the others.
    }
  }
}

export function diffSnapshots(prev: EngineSnapshot | null, next: EngineSnapshot): SnapshotUpdate {
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof EngineSnapshot)[]) {
    if (key === 'version') continue;
    if (!prev || prev[key] !== next[key]) changed[key] = next[key];
  }
  return { version: next.version, full: prev === null, changed: changed as SnapshotUpdate['changed'] };
}

export type { SnapshotSlice };
