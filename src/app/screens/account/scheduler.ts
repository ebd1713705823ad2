/** Runs `fn` once after `ms`; returns a cancel function. Injectable so tests control time. */
export interface Scheduler {
  after(ms: number, fn: () => void): () => void;
}

// Looks setTimeout up on every call, so fake timers installed later still take effect.
export const realScheduler: Scheduler = {
  after(ms, fn) {
    const id = setTimeout(fn, ms);
    return () => clearTimeout(id);
  },
};
