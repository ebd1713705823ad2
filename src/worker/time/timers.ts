// The worker's one clock and timers. Time is injected everywhere: the engine never reads
// Date.now or calls setTimeout directly, so Node tests and the browser harness drive it on
// manual time (ManualTimers, manual-timers.ts) and the bench on timers that never fire.

export type TimerHandle = { readonly __timer: true } | number | object;

export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle | null | undefined): void;
}

/** The host's real clock and timers, looked up at call time so test fakes installed later apply. */
export const systemTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms) as unknown as TimerHandle,
  clearTimeout: (handle) => {
    if (handle != null) globalThis.clearTimeout(handle as unknown as number);
  },
};

/** Resolves after `ms` on the given timers (used for the small fixed waits of spec B §9). */
export function sleep(timers: Timers, ms: number): Promise<void> {
  return new Promise((resolve) => timers.setTimeout(resolve, ms));
}
