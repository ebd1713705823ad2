import { useEffect, useLayoutEffect, useRef } from 'react';
import { PRODUCT_NAME } from '../../shared/constants';
import { systemTimers, type Cancel, type Timers } from '../time/timers';

export interface TitleSource<S> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): S;
}

/**
 * Keeps document.title equal to `toTitle(store snapshot)` while mounted, and puts the product
 * name back afterwards. It writes the title straight from the store's listener, with no React
 * state, so a new best bid re-renders nothing.
 *
 * `spacing` spaces the writes out (the latest title is written when the interval ends): a
 * title write costs the page about a millisecond (measured under bench/browser-storm.ts), and a
 * tab title that followed every book frame would change faster than anyone reads it. A change
 * of `subject` (e.g. the selected pair) is written at once.
 */
export interface TitleSpacing<S> {
  readonly minIntervalMs: number;
  readonly subject: (snapshot: S) => unknown;
}

export function useDocumentTitle<S>(
  store: TitleSource<S>,
  toTitle: (snapshot: S) => string,
  spacing?: TitleSpacing<S>,
  timers: Timers = systemTimers,
): void {
  const latest = useRef({ toTitle, spacing });
  useLayoutEffect(() => {
    latest.current = { toTitle, spacing };
  });
  useEffect(() => {
    let lastWrite = -Infinity;
    let lastSubject: unknown;
    let cancelTimer: Cancel | null = null;
    const write = () => {
      cancelTimer?.();
      cancelTimer = null;
      const snapshot = store.getSnapshot();
      lastSubject = latest.current.spacing?.subject(snapshot);
      const title = latest.current.toTitle(snapshot);
      if (document.title === title) return;
      document.title = title;
      lastWrite = timers.now();
    };
    const apply = () => {
      const { spacing: space, toTitle: titleOf } = latest.current;
      const snapshot = store.getSnapshot();
      const wait = space ? lastWrite + space.minIntervalMs - timers.now() : 0;
      if (wait <= 0 || space?.subject(snapshot) !== lastSubject) write();
      else if (cancelTimer === null && titleOf(snapshot) !== document.title) cancelTimer = timers.after(wait, write);
    };
    write();
    const unsubscribe = store.subscribe(apply);
    return () => {
      unsubscribe();
      cancelTimer?.();
      document.title = PRODUCT_NAME;
    };
  }, [store, timers]);
}
