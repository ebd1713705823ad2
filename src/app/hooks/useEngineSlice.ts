import { useCallback, useSyncExternalStore } from 'react';
import type { EngineSnapshot } from '../../worker/public';
import { useEngine } from './useEngine';

/**
 * One slice of the engine snapshot. Slices keep identity while unchanged (in the worker and
 * across the boundary), so a component re-renders only when its own slice is replaced.
 */
export function useEngineSlice<K extends keyof EngineSnapshot>(key: K): EngineSnapshot[K] {
  const { store } = useEngine();
  const read = useCallback(() => store.getSnapshot()[key], [store, key]);
  return useSyncExternalStore(store.subscribe, read, read);
}
