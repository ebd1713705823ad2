import { useSyncExternalStore } from 'react';
import { mediaQueryStore } from '../layout/media-query';

export function useMediaQuery(query: string): boolean {
  const store = mediaQueryStore(query);
  return useSyncExternalStore(store.subscribe, store.getSnapshot, () => false);
}
