import type { TimerHandle, Timers } from './timers';

// A deterministic clock for tests and the browser harness (where vitest's fake timers cannot
// reach inside the worker). Timers fire in due order; between firings the microtask queue is
// drained so promise chains started by one timer settle before the next fires.

interface Entry {
  id: number;
  due: number;
  fn: () => void;
}

export class ManualTimers implements Timers {
  private current: number;
  private seq = 0;
  private readonly queue = new Map<number, Entry>();

  constructor(
    start = 1_700_000_000_000,
    /** Lets pending promise callbacks run; the default yields a few microtask turns. */
    private readonly settle: () => Promise<void> = drainMicrotasks,
  ) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const id = ++this.seq;
    this.queue.set(id, { id, due: this.current + Math.max(0, ms), fn });
    return id;
  }

  clearTimeout(handle: TimerHandle | null | undefined): void {
    if (typeof handle === 'number') this.queue.delete(handle);
  }

  /** Number of timers waiting. */
  get pending(): number {
    return this.queue.size;
  }

  /** Due time of the earliest timer, or null. */
  nextDue(): number | null {
    let min: number | null = null;
    for (const e of this.queue.values()) if (min === null || e.due < min) min = e.due;
    return min;
  }

  /** Moves time forward by `ms`, firing every timer that falls due on the way. */
  async advance(ms: number): Promise<void> {
    const target = this.current + ms;
    await this.settle();
    for (;;) {
      const next = this.earliest();
      if (!next || next.due > target) break;
      this.queue.delete(next.id);
      this.current = Math.max(this.current, next.due);
      next.fn();
      await this.settle();
    }
    this.current = target;
    await this.settle();
  }

  /** Fires timers until none is left or `maxMs` of virtual time has passed. */
  async runAll(maxMs = 3_600_000): Promise<void> {
    const limit = this.current + maxMs;
    for (;;) {
      const due = this.nextDue();
      if (due === null || due > limit) return;
      await this.advance(due - this.current);
    }
  }

  private earliest(): Entry | undefined {
    let best: Entry | undefined;
    for (const e of this.queue.values()) if (!best || e.due < best.due || (e.due === best.due && e.id < best.id)) best = e;
    return best;
  }
}

// Captured at load, so a test that fakes the globals later cannot stall the drain.
const g = globalThis as unknown as { setImmediate?: (cb: () => void) => unknown; setTimeout: (cb: () => void, ms: number) => unknown };
const macrotask: (cb: () => void) => void =
  typeof g.setImmediate === 'function' ? g.setImmediate.bind(globalThis) : (cb) => g.setTimeout.call(globalThis, cb, 0);

/** Lets promise chains (including fetch body reads, which may need a real task) settle. */
async function drainMicrotasks(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 10; j++) await Promise.resolve();
    await new Promise<void>((resolve) => macrotask(resolve));
  }
}
