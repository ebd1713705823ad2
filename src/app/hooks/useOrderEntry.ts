import type { OrderEntryView } from '../../worker/public';
import { useEngineSlice } from './useEngineSlice';

/** The engine's order entry draft: side, type, the fields it set, the trailing figures (spec B §2, §4). */
export function useOrderEntry(): OrderEntryView {
  return useEngineSlice('orderEntry');
}
