import { useEffect, useState } from 'react';
import { systemTimers, type Timers } from '../../time/timers';

/** `value` once it has stayed the same for `delayMs` (spec B §5: filter changes wait 400 ms). */
export function useDebouncedValue<T>(value: T, delayMs: number, timers: Timers = systemTimers): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => timers.after(delayMs, () => setSettled(value)), [value, delayMs, timers]);
  return settled;
}
