import type { Order, Loadable } from '../../worker/public';
import { useEngineSlice } from './useEngineSlice';

/** Done orders: loaded over REST, kept current by the push channel (spec B §4). */
export function useDoneOrders(): Loadable<Order> {
  return useEngineSlice('doneOrders');
}
