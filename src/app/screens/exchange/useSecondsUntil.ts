import { useEffect, useState } from 'react';

/**
 * Whole seconds left until `at` (epoch ms), ticking while it is in the future; null without
 * a target. A display countdown only: the engine owns the real retry timer.
 */
export function useSecondsUntil(at: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
