import { useEffect, useSyncExternalStore } from 'react';
import type { Resource, ResourceState } from '../data/resource';

/** Binds a resource and loads it while the component is mounted. */
export function useResource<T>(resource: Resource<T>): ResourceState<T> {
  useEffect(() => {
    void resource.load();
    return () => resource.cancel();
  }, [resource]);
  return useSyncExternalStore(resource.subscribe, resource.getSnapshot, resource.getSnapshot);
}
