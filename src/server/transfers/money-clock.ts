import type { Clock } from '../time/timers';

/**
 * The clock of money in and out: the app's clock plus an offset that only development moves
 * (POST /dev/clock/advance), so an end-to-end test can skip a 24-hour cool-down or a chain's
 * confirmations while sessions and orders keep the app's time.
 */
export function offsetClock(base: Clock): Clock & { advance(ms: number): number } {
  let offset = 0;
  return {
    now: () => base.now() + offset,
    advance(ms) {
      offset += ms;
      return offset;
    },
  };
}
