/** A set of listeners called in order with the same arguments: the app's after-commit notices. */
export interface Listeners<A extends unknown[]> {
  /** Adds a listener; the returned function removes it. */
  on(listener: (...args: A) => void): () => void;
  emit(...args: A): void;
}

export function createListeners<A extends unknown[]>(): Listeners<A> {
  const listeners = new Set<(...args: A) => void>();
  return {
    on(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit(...args) {
      for (const listener of listeners) listener(...args);
    },
  };
}
