import type { Cancel, Timers } from './timers';

// The view's clock for tests: time moves only when the test says so, and timers due on the
// way fire in due order (equal times in the order they were set). Its monotonic and epoch
// clocks are one timeline, so a test that starts it at an epoch time reads both from it.

interface Entry {
  readonly id: number;
  readonly due: number;
  readonly ms: number;
  readonly fn: () => void;
}

export class ManualTimers implements Timers {
  private current: number;
  private seq = 0;
  private readonly queue = new Map<number, Entry>();

  constructor(start = 0) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  epochNow(): number {
    return this.current;
  }

  after(ms: number, fn: () => void): Cancel {
    const id = ++this.seq;
    this.queue.set(id, { id, due: this.current + Math.max(0, ms), ms, fn });
    return () => void this.queue.delete(id);
  }

  /** The delays of the timers still waiting, in the order they were set. */
  get pending(): number[] {
    return [...this.queue.values()].map((e) => e.ms);
  }

  /** Moves time forward by `ms`, running every timer that falls due on the way. */
  advance(ms: number): void {
    const target = this.current + ms;
    for (;;) {
      const next = this.earliest();
      if (!next || next.due > target) break;
      this.queue.delete(next.id);
      this.current = next.due;
      next.fn();
    }
    this.current = target;
  }

  private earliest(): Entry | undefined {
    let best: Entry | undefined;
    for (const e of this.queue.values()) if (!best || e.due < best.due || (e.due === best.due && e.id < best.id)) best = e;
    return best;
  }
}
