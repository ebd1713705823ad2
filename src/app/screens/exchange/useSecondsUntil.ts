import { useEffect, useState } from 'react';
import { systemTimers, type Timers } from '../../time/timers';

const TICK_MS = 250;

/**
 * Whole seconds left until `at` (epoch ms), ticking while it is in the future; null without
 * a target. A display countdown only: the engine owns the real retry timer.
 */
export function useSecondsUntil(at: number | null, timers: Timers = systemTimers): number | null {
  const [now, setNow] = useState(() => timers.epochNow());
  useEffect(() => {
    if (at === null) return;
    setNow(timers.epochNow());
    let cancel = () => {};
    const tick = () => {
      setNow(timers.epochNow());
      cancel = timers.after(TICK_MS, tick);
    };
    cancel = timers.after(TICK_MS, tick);
    return () => cancel();
  }, [at, timers]);
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
