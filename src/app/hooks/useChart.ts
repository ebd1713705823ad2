import type { ChartView } from '../../worker/public';
import { useEngineSlice } from './useEngineSlice';

/** The price chart's candle history (changes when candles load or one closes). */
export function useChart(): ChartView {
  return useEngineSlice('chart');
}
