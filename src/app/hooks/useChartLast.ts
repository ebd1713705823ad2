import type { LiveCandleView } from '../../worker/public';
import { useEngineSlice } from './useEngineSlice';

/** The price chart's live last candle, moved by every trade of its pair. */
export function useChartLast(): LiveCandleView | null {
  return useEngineSlice('chartLast');
}
