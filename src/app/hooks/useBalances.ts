import type { Balance, Loadable } from '../../worker/public';
import { useEngineSlice } from './useEngineSlice';

/** Balances: loaded over REST, kept current by the push channel (spec B §4). */
export function useBalances(): Loadable<Balance> {
  return useEngineSlice('balances');
}
