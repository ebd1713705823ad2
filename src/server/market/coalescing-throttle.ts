import type { TimerHandle, Timers } from '../time/timers';

// Publishes a key at most once per interval, coalescing every change made meanwhile into one
// run. The first change after a quiet spell runs on the next turn of the event loop (so changes
// made together in one synchronous burst still coalesce) rather than waiting a whole interval.

export class CoalescingThrottle<K> {
  private readonly lastRun = new Map<K, number>();
  private readonly waiting = new Map<K, TimerHandle>();
  private stopped = false;

  constructor(
    private readonly timers: Timers,
    private readonly intervalMs: number,
    private readonly run: (key: K) => void,
  ) {}

  /** Notes that `key` changed; it will run once, no sooner than intervalMs after its last run. */
  mark(key: K): void {
    if (this.stopped || this.waiting.has(key)) return;
    const last = this.lastRun.get(key);
    const delay = last === undefined ? 0 : Math.max(0, last + this.intervalMs - this.timers.now());
    this.waiting.set(
      key,
      this.timers.setTimeout(() => this.fire(key), delay),
    );
  }

  /** Whether a run is waiting for `key`. */
  pending(key: K): boolean {
    return this.waiting.has(key);
  }

  stop(): void {
    this.stopped = true;
    for (const handle of this.waiting.values()) this.timers.clearTimeout(handle);
    this.waiting.clear();
  }

  private fire(key: K): void {
    this.waiting.delete(key);
    this.lastRun.set(key, this.timers.now());
    this.run(key);
  }
}
