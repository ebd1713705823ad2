// A tiny query (TanStack-Query-like, one key): loads on demand, keeps the last data while
// reloading, and drops answers of superseded or cancelled loads.

export type ResourceState<T> =
  | { status: 'idle'; data?: undefined; error?: undefined }
  | { status: 'loading'; data?: T; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: T; error: unknown };

export interface Resource<T> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): ResourceState<T>;
  load(): Promise<void>;
  cancel(): void;
}

export function createResource<T>(fetcher: (signal: AbortSignal) => Promise<T>): Resource<T> {
  const listeners = new Set<() => void>();
  let state: ResourceState<T> = { status: 'idle' };
  let controller: AbortController | null = null;

  function set(next: ResourceState<T>): void {
    state = next;
    for (const listener of [...listeners]) listener();
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
    async load() {
      controller?.abort();
      const mine = new AbortController();
      controller = mine;
      set(state.data === undefined ? { status: 'loading' } : { status: 'loading', data: state.data });
      try {
        const data = await fetcher(mine.signal);
        if (controller === mine) set({ status: 'success', data });
      } catch (error) {
        if (controller === mine && !mine.signal.aborted) {
          set(state.data === undefined ? { status: 'error', error } : { status: 'error', error, data: state.data });
        }
      } finally {
        if (controller === mine) controller = null;
      }
    },
    cancel() {
      controller?.abort();
      controller = null;
    },
  };
}
