import type { TimerHandle, Timers } from './timers';

// The server's timers for tests and deterministic simulation runs: time moves only when told
// to, and the timers due on the way fire in due order (equal times in the order they were set).

interface Entry {
  readonly id: number;
  at: number;
  /** Null for a one-off timer. */
  readonly every: number | null;
  readonly fn: () => void;
}

export const MANUAL_START = Date.UTC(2025, 0, 1);

export class ManualTimers implements Timers {
  private current: number;
  private seq = 0;
  private readonly entries = new Map<number, Entry>();

  constructor(start = MANUAL_START) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    return this.add(fn, ms, null);
  }

  clearTimeout(handle: TimerHandle): void {
    if (typeof handle === 'number') this.entries.delete(handle);
  }

  setInterval(fn: () => void, ms: number): TimerHandle {
    // A zero period would fire forever within one advance().
    return this.add(fn, ms, Math.max(1, ms));
  }

  clearInterval(handle: TimerHandle): void {
    this.clearTimeout(handle);
  }

  /** Timers not yet run (an interval counts once). */
  get pending(): number {
    return this.entries.size;
  }

  /** Moves time forward, running every timer that falls due on the way, intervals as often as they do. */
  advance(ms: number): void {
    const target = this.current + ms;
    for (;;) {
      const due = this.earliest(target);
      if (!due) break;
      this.current = Math.max(this.current, due.at);
      if (due.every === null) this.entries.delete(due.id);
      else due.at += due.every;
      due.fn();
    }
    this.current = target;
  }

  /** Sets the time without running timers (a wall clock put right). */
  set(ms: number): void {
    this.current = ms;
  }

  private add(fn: () => void, ms: number, every: number | null): number {
    const id = ++this.seq;
    this.entries.set(id, { id, at: this.current + Math.max(0, ms), every, fn });
    return id;
  }

  private earliest(limit: number): Entry | undefined {
    let best: Entry | undefined;
    for (const e of this.entries.values()) {
      if (e.at <= limit && (!best || e.at < best.at || (e.at === best.at && e.id < best.id))) best = e;
    }
    return best;
  }
}
