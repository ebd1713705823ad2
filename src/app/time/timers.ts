// Time is injected in the view as in the engine: code that waits or measures takes Timers, so
// its tests move time with ManualTimers (manual-timers.ts) instead of waiting for the clock.

/** Stops a pending timer; calling it again, or after the timer ran, does nothing. */
export type Cancel = () => void;

export interface Timers {
  /** Milliseconds on a monotonic clock. */
  now(): number;
  /** Milliseconds since the Unix epoch: for deadlines and dates that came from the server or the engine. */
  epochNow(): number;
  /** Runs `fn` once after `ms`. */
  after(ms: number, fn: () => void): Cancel;
}

/** The page's clock and timers, looked up at call time so fake timers installed later still apply. */
export const systemTimers: Timers = {
  now: () => performance.now(),
  epochNow: () => Date.now(),
  after(ms, fn) {
    const id = setTimeout(fn, ms);
    return () => clearTimeout(id);
  },
};
