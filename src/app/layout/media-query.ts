import { layout } from '../../shared/constants';

// Spec A §2/§9: desktop layout above 992 px, mobile at 992 px and below. (The same number is
// in styles/layout.css; CSS media queries cannot read custom properties.)
export const MOBILE_QUERY = `(max-width: ${layout.desktopBreakpointPx}px)`;

export interface MediaQueryStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): boolean;
}

const stores = new Map<string, MediaQueryStore>();

/** One store per query; false where matchMedia does not exist (server, some test DOMs). */
export function mediaQueryStore(query: string): MediaQueryStore {
  let store = stores.get(query);
  if (!store) {
    const list = typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
    store = {
      subscribe(listener) {
        list?.addEventListener('change', listener);
        return () => list?.removeEventListener('change', listener);
      },
      getSnapshot: () => list?.matches ?? false,
    };
    stores.set(query, store);
  }
  return store;
}

/** Tests swap window.matchMedia; this forgets the lists made from the old one. */
export function resetMediaQueryStores(): void {
  stores.clear();
}
