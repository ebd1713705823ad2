// The server's one clock and timers. Expiries, throttles, deadlines and the simulator read time
// and arm timers only through these, so tests move time by hand (ManualTimers) and a seeded
// simulation replays the same way.

export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export type TimerHandle = unknown;

export interface Timers extends Clock {
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  setInterval(fn: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle): void;
}

export const systemClock: Clock = { now: () => Date.now() };

function unref(handle: NodeJS.Timeout): NodeJS.Timeout {
  // A pending deadline, publish or simulator tick must never be the reason a process that has
  // otherwise shut down keeps running.
  handle.unref();
  return handle;
}

export const systemTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => unref(setTimeout(fn, ms)),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  setInterval: (fn, ms) => unref(setInterval(fn, ms)),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

/** `timers` telling the time of `clock`: one clock for expiries and deadlines, however they are scheduled. */
export function timersOn(clock: Clock, timers: Timers = systemTimers): Timers {
  return {
    now: () => clock.now(),
    setTimeout: (fn, ms) => timers.setTimeout(fn, ms),
    clearTimeout: (handle) => timers.clearTimeout(handle),
    setInterval: (fn, ms) => timers.setInterval(fn, ms),
    clearInterval: (handle) => timers.clearInterval(handle),
  };
}
