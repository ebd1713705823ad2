import type { OrderBookView } from '../../worker/public';
import { useEngineSlice } from './useEngineSlice';

/** The selected pair's order book: 15 levels a side, mid, spread, tick, flashes (spec B §2, §5). */
export function useOrderBook(): OrderBookView {
  return useEngineSlice('book');
}
