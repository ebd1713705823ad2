import type { Trade, Loadable } from '../../worker/public';
import { useEngineSlice } from './useEngineSlice';

/** The user's trades: loaded over REST, kept current by the push channel (spec B §4). */
export function useTrades(): Loadable<Trade> {
  return useEngineSlice('trades');
}
