import { useEffect, useLayoutEffect, useRef } from 'react';
import { PRODUCT_NAME } from '../../shared/constants';

export interface TitleSource<S> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): S;
}

/**
 * Keeps document.title equal to `toTitle(store snapshot)` while mounted, and puts the product
 * name back afterwards. It writes the title straight from the store's listener, with no React
 * state, so a new best bid re-renders nothing.
 */
export function useDocumentTitle<S>(store: TitleSource<S>, toTitle: (snapshot: S) => string): void {
  const toTitleRef = useRef(toTitle);
  useLayoutEffect(() => {
    toTitleRef.current = toTitle;
  });
  useEffect(() => {
    const apply = () => {
      const title = toTitleRef.current(store.getSnapshot());
      if (document.title !== title) document.title = title;
    };
    apply();
    const unsubscribe = store.subscribe(apply);
    return () => {
      unsubscribe();
      document.title = PRODUCT_NAME;
    };
  }, [store]);
}
