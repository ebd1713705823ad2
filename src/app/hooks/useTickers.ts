import type { PairsView } from '../../worker/public';
import { useEngineSlice } from './useEngineSlice';

/** The pair selector: every pair with its ticker, the filtered and sorted table rows (spec B §2, §4). */
export function useTickers(): PairsView {
  return useEngineSlice('pairs');
}
