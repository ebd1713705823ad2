import type { RecentTradesView } from '../../worker/public';
import { useEngineSlice } from './useEngineSlice';

/** Time and Sales: the latest 25 trades of the selected pair (spec B §2). */
export function useRecentTrades(): RecentTradesView {
  return useEngineSlice('recentTrades');
}
