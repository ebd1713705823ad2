import { useEffect, useRef } from 'react';
import type { Balance } from '../../worker/public';
import { systemTimers, type Cancel, type Timers } from '../time/timers';
import { useBalances } from './useBalances';

/** How soon after the user's money moves a list is read again, at most once per this. */
export const AFTER_BALANCES_CHANGE_MS = 1000;

/**
 * Calls `onChange` after the user's balances change once they have loaded: a deposit credited, a
 * withdrawal paid, an order filled. It is what a list read over REST (the transaction history)
 * reloads on to stay true. At most once per `delayMs`, counted from the first change of a burst,
 * so a run of fills costs one reload and the reload always follows the change.
 */
export function useAfterBalancesChange(onChange: () => void, delayMs = AFTER_BALANCES_CHANGE_MS, timers: Timers = systemTimers): void {
  const balances = useBalances();
  const seen = useRef<readonly Balance[] | null>(null);
  const pending = useRef<Cancel | null>(null);
  const latest = useRef(onChange);
  latest.current = onChange;

  useEffect(() => {
    if (balances.status !== 'ready') return;
    if (seen.current === null || seen.current === balances.items) {
      seen.current = balances.items;
      return;
    }
    seen.current = balances.items;
    pending.current ??= timers.after(delayMs, () => {
      pending.current = null;
      latest.current();
    });
  }, [balances, delayMs, timers]);

  useEffect(
    () => () => {
      pending.current?.();
      pending.current = null;
    },
    [],
  );
}
