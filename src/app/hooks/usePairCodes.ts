import { useMemo } from 'react';
import { useEngineSelector } from './useEngineSelector';

export interface PairCodes {
  /** Upper case, e.g. "BTC". */
  readonly base: string;
  readonly quote: string;
}

/** The selected pair's codes only: unlike useSelectedPair, a new ticker for it re-renders nothing. */
export function usePairCodes(): PairCodes {
  const base = useEngineSelector((s) => s.selected.base);
  const quote = useEngineSelector((s) => s.selected.quote);
  return useMemo(() => ({ base, quote }), [base, quote]);
}
