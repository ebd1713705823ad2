import type { Cancel, Timers } from '../../../time/timers';

/**
 * At most one redraw per `intervalMs`: the first request after a quiet spell draws at once, and
 * requests within the interval are folded into one draw at its end. A chart's last candle moved
 * by every trade of a busy market needs a few redraws a second, not one per animation frame;
 * each uPlot redraw repaints the whole canvas on the page thread.
 */
export function redrawThrottle(timers: Timers, intervalMs: number, draw: () => void) {
  let lastDraw = -Infinity;
  let pending: Cancel | null = null;
  const run = () => {
    pending = null;
    lastDraw = timers.now();
    draw();
  };
  return {
    request(): void {
      if (pending) return;
      const wait = lastDraw + intervalMs - timers.now();
      if (wait <= 0) run();
      else pending = timers.after(wait, run);
    },
    dispose(): void {
      pending?.();
      pending = null;
    },
  };
}
