import { useSyncExternalStore } from 'react';
import type { EngineSnapshot } from '../../worker/public';
import { useEngine } from './useEngine';

/**
 * A value picked from the engine snapshot: a primitive or a part that keeps its identity
 * while unchanged. The component re-renders only when that value changes, not whenever the
 * slice around it is replaced (a ticker replaces `selected`, but base and quote stay).
 */
export function useEngineSelector<T>(select: (snapshot: EngineSnapshot) => T): T {
  const { store } = useEngine();
  const read = () => select(store.getSnapshot());
  return useSyncExternalStore(store.subscribe, read, read);
}
