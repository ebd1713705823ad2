import type { QuoteView } from '../../worker/public';
import { useEngineSlice } from './useEngineSlice';

/** The market-order quote: estimate, quote id, refreshing flag, error (spec B §4). */
export function useQuote(): QuoteView {
  return useEngineSlice('quote');
}
