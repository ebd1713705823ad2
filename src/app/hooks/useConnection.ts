import type { ConnectionView } from '../../worker/public';
import { useEngineSlice } from './useEngineSlice';

/** Connection state, reconnect countdown, staleness, metrics and feed sets (spec B §4). */
export function useConnection(): ConnectionView {
  return useEngineSlice('connection');
}
