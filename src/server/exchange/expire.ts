import type { CoreState } from './core-state';
import { pruneQuotes } from './quotes';
import { finish } from './settle';

// Time-driven work of the writer, run by the exchange's timer with the injected clock: GTD
// orders and stops whose expiry has come end as 'expired'; old quotes are forgotten.

export function expireDue(state: CoreState): number {
  const now = state.now();
  let expired = 0;
  for (const book of state.books.values()) {
    for (const order of book.expireDue(now)) {
      const record = state.live.get(Number(order.id));
      if (!record) continue;
      finish(state, record, 'expired', 'Expired (GTD).');
      expired++;
    }
  }
  pruneQuotes(state);
  return expired;
}
