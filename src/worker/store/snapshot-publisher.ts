import type { EngineSnapshot, SnapshotListener, SnapshotSlice, SnapshotUpdate } from '../api';
import type { FrameScheduler } from '../time/frame';
import type { SnapshotStore } from './snapshot-store';

// Delivers snapshots at most once per frame, however many hub events arrive: a change asks
// for a frame, the frame materialises once and sends each subscriber only the slices whose
// identity changed since what that subscriber last received. A new subscriber gets the full
// snapshot at once.
//
// Market data is paced on top of that: a frame whose only changes are paced (the book, trades,
// tickers) waits until `pacedMs` have passed since the last publication, so on a busy market the
// page repaints the market a fixed number of times a second (20 at 50 ms) instead of at every
// vsync. What the page shows is still the newest state: the changes fold into the next
// publication. Any other change (the user's own orders and balances, order entry, connection,
// errors) publishes on the next frame and takes the pending market changes with it.

/** Paced publication of market data; `pacedMs` 0 publishes every change on the next frame. */
export interface Pacing {
  readonly now: () => number;
  readonly pacedMs: number;
}

/**
 * Frames arrive about every 16.7 ms with some jitter: a paced change may go out half a frame
 * early, so 50 ms means every third frame rather than every third or fourth.
 */
const FRAME_SLACK_MS = 8;

interface Subscriber {
  readonly listener: SnapshotListener;
  sent: EngineSnapshot | null;
}

export class SnapshotPublisher {
  private readonly subscribers = new Map<number, Subscriber>();
  private readonly local = new Set<() => void>();
  private seq = 0;
  private cancelFrame: (() => void) | null = null;
  /** Some change waiting for the frame is not paced. */
  private urgent = false;
  private lastPublishedAt = Number.NEGATIVE_INFINITY;
  private lastPublished: EngineSnapshot;
  /** Frames that published something (for tests and the bench). */
  framesPublished = 0;

  constructor(
    private readonly store: SnapshotStore,
    private readonly frames: FrameScheduler,
    /** Runs after each materialisation (e.g. to schedule the end of a flash). */
    private readonly afterFlush: () => void = () => {},
    private readonly pacing: Pacing = { now: () => 0, pacedMs: 0 },
  ) {
    this.lastPublished = store.materialize();
  }

  /**
   * A slice changed: publish on the next frame (one frame request, however many changes), or,
   * when every change so far is `paced`, on the first frame `pacedMs` after the last publication.
   */
  requestFrame(paced = false): void {
    if (!paced) this.urgent = true;
    if (this.cancelFrame) return;
    this.cancelFrame = this.frames(this.onFrame);
  }

  private readonly onFrame = (): void => {
    this.cancelFrame = null;
    const { now, pacedMs } = this.pacing;
    if (!this.urgent && pacedMs > 0 && now() - this.lastPublishedAt < pacedMs - FRAME_SLACK_MS) {
      this.cancelFrame = this.frames(this.onFrame);
      return;
    }
    this.flush();
  };

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
    this.urgent = false;
    const snapshot = this.store.materialize();
    this.afterFlush();
    if (snapshot === this.lastPublished) return;
    this.lastPublished = snapshot;
    this.lastPublishedAt = this.pacing.now();
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
