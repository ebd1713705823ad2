import type { Clock } from '../clock';

// Market data and the simulator read time and arm timers only through this, so tests can move
// time by hand and a seeded simulation replays the same way.

export type TimerHandle = unknown;

export interface Scheduler extends Clock {
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export const systemScheduler: Scheduler = {
  now: () => Date.now(),
  setTimeout(fn, ms) {
    const handle = setTimeout(fn, ms);
    // A pending publish or simulator tick must never keep a stopped server's process alive.
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

interface PendingTimer {
  id: number;
  at: number;
  fn: () => void;
}

export interface ManualScheduler extends Scheduler {
  /** Moves time forward, running every timer that falls due, in due order. */
  advance(ms: number): void;
  /** Timers not yet run. */
  readonly pending: number;
}

/** A scheduler whose time moves only when told to (tests, deterministic simulation runs). */
export function manualScheduler(start = Date.UTC(2025, 0, 1)): ManualScheduler {
  let current = start;
  let nextId = 1;
  const timers: PendingTimer[] = [];
  return {
    now: () => current,
    setTimeout(fn, ms) {
      const timer = { id: nextId++, at: current + Math.max(0, ms), fn };
      timers.push(timer);
      return timer.id;
    },
    clearTimeout(handle) {
      const i = timers.findIndex((t) => t.id === handle);
      if (i >= 0) timers.splice(i, 1);
    },
    advance(ms) {
      const target = current + ms;
      for (;;) {
        let due: PendingTimer | undefined;
        for (const t of timers) if (t.at <= target && (!due || t.at < due.at || (t.at === due.at && t.id < due.id))) due = t;
        if (!due) break;
        timers.splice(timers.indexOf(due), 1);
        current = Math.max(current, due.at);
        due.fn();
      }
      current = target;
    },
    get pending() {
      return timers.length;
    },
  };
}
