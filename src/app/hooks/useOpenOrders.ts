import type { Order, Loadable } from '../../worker/public';
import { useEngineSlice } from './useEngineSlice';

/** Open orders: loaded over REST, kept current by the push channel (spec B §4). */
export function useOpenOrders(): Loadable<Order> {
  return useEngineSlice('openOrders');
}
