import type { Clock } from '../clock';

// Every deadline in the hub (keep-alive, client timeout, negotiation expiry, long-poll hold,
// reconnect window) reads time and schedules through this, so tests can move time by hand.

export type TimerHandle = unknown;

export interface HubClock extends Clock {
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  setInterval(fn: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle): void;
}

function unref(handle: NodeJS.Timeout): NodeJS.Timeout {
  // Hub timers must never be the reason a process that has otherwise shut down keeps running.
  handle.unref();
  return handle;
}

export const systemHubClock: HubClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => unref(setTimeout(fn, ms)),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  setInterval: (fn, ms) => unref(setInterval(fn, ms)),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};
