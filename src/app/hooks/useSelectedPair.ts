import type { SelectedPairView } from '../../worker/public';
import { useEngineSlice } from './useEngineSlice';

/** The selected pair, its row and fee (spec B §4). */
export function useSelectedPair(): SelectedPairView {
  return useEngineSlice('selected');
}
