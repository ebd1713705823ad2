import { useEffect, useLayoutEffect, useRef } from 'react';
import { storageKeys } from '../../../shared/constants';

/**
 * Spec B §4: the pair selection syncs across tabs. The engine's host writes the keys; another
 * tab's write arrives here as a storage event, and the pair is selected in this tab too. Both
 * keys are read at event time (the other tab wrote them in one task), so a half-written pair
 * is never selected.
 */
export function usePairFromOtherTabs(
  selectPair: (base: string, quote: string) => unknown,
  current: () => { base: string; quote: string },
): void {
  const latest = useRef({ selectPair, current });
  useLayoutEffect(() => {
    latest.current = { selectPair, current };
  });
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== storageKeys.baseCurrency && event.key !== storageKeys.quoteCurrency) return;
      let base: string | null;
      let quote: string | null;
      try {
        base = localStorage.getItem(storageKeys.baseCurrency);
        quote = localStorage.getItem(storageKeys.quoteCurrency);
      } catch {
        return;
      }
      if (!base || !quote) return;
      const now = latest.current.current();
      if (now.base.toUpperCase() === base.toUpperCase() && now.quote.toUpperCase() === quote.toUpperCase()) return;
      latest.current.selectPair(base, quote);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}
