import type { Scheduler, TimerHandle } from './scheduler';

// Publishes a key at most once per interval, coalescing every change made meanwhile into one
// run. The first change after a quiet spell runs on the next turn of the event loop (so changes
// made together in one synchronous burst still coalesce) rather than waiting a whole interval.

export class CoalescingThrottle<K> {
  private readonly lastRun = new Map<K, number>();
  private readonly timers = new Map<K, TimerHandle>();
  private stopped = false;

  constructor(
    private readonly scheduler: Scheduler,
    private readonly intervalMs: number,
    private readonly run: (key: K) => void,
  ) {}

  /** Notes that `key` changed; it will run once, no sooner than intervalMs after its last run. */
  mark(key: K): void {
    if (this.stopped || this.timers.has(key)) return;
    const last = this.lastRun.get(key);
    const delay = last === undefined ? 0 : Math.max(0, last + this.intervalMs - this.scheduler.now());
    this.timers.set(
      key,
      this.scheduler.setTimeout(() => this.fire(key), delay),
    );
  }

  /** Whether a run is waiting for `key`. */
  pending(key: K): boolean {
    return this.timers.has(key);
  }

  stop(): void {
    this.stopped = true;
    for (const handle of this.timers.values()) this.scheduler.clearTimeout(handle);
    this.timers.clear();
  }

  private fire(key: K): void {
    this.timers.delete(key);
    this.lastRun.set(key, this.scheduler.now());
    this.run(key);
  }
}
