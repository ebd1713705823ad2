import type { Timers } from './timers';

/** Calls `cb` once at the next frame; returns a cancel function. */
export type FrameScheduler = (cb: () => void) => () => void;

export const FRAME_FALLBACK_MS = 16;

/** A ~16 ms timer frame, for hosts without requestAnimationFrame (Node, older workers). */
export function timerFrames(timers: Timers, ms = FRAME_FALLBACK_MS): FrameScheduler {
  return (cb) => {
    const h = timers.setTimeout(cb, ms);
    return () => timers.clearTimeout(h);
  };
}

interface RafHost {
  requestAnimationFrame?: (cb: (t: number) => void) => number;
  cancelAnimationFrame?: (id: number) => void;
}

/**
 * requestAnimationFrame when the global scope has it (Chromium exposes it in dedicated
 * workers), else timer frames. rAF in a worker stops while the tab is hidden, which is what we
 * want: nobody is looking, and the next frame carries the latest state.
 */
export function hostFrames(scope: unknown, timers: Timers): FrameScheduler {
  const host = scope as RafHost;
  const raf = host.requestAnimationFrame;
  const caf = host.cancelAnimationFrame;
  if (typeof raf !== 'function' || typeof caf !== 'function') return timerFrames(timers);
  return (cb) => {
    const id = raf.call(scope, () => cb());
    return () => caf.call(scope, id);
  };
}
