import type { CoreState } from './core-state';
import { ticksToUnits, type PairSpec } from './pair-spec';
import { announce, applyMatch, finish } from './settle';

// Stops wait in the engine's stop book; every trade feeds the pair's last price back in, and the
// stops it fires become market orders at once (which may trade, and fire more stops). The hold
// placed with the stop pays for its market order.

/** A stop's trigger in units; a sell trail wider than the price has a trigger at or below 0 (it can never fire). */
export function triggerUnits(pair: PairSpec, triggerTicks: number): bigint {
  return triggerTicks < 1 ? 0n : ticksToUnits(pair, triggerTicks);
}

/** Fires and executes every stop the pair's last price reaches, until none is left to fire. */
export function runStops(state: CoreState, pairSymbol: string): void {
  const book = state.book(pairSymbol);
  for (;;) {
    const reference = state.lastPrice.get(pairSymbol);
    if (reference === undefined) return;
    const fired = book.triggerStops(reference);
    if (fired.length === 0) return;
    for (const { order, market } of fired) {
      const record = state.live.get(Number(order.id));
      if (!record) throw new Error(`Fired stop ${order.id} has no record`);
      if (order.stop) record.stopPrice = triggerUnits(record.pair, order.stop.triggerPrice);
      const result = book.place(market);
      if (result.status === 'REJECTED') {
        finish(state, record, 'cancelled', `The triggered market order was rejected (${result.reason ?? 'unknown'}).`);
        continue;
      }
      applyMatch(state, record, result);
    }
  }
}

/**
 * Trailing stops move their trigger as prices move; at the end of a batch the ones of pairs that
 * traded are compared with what was stored, and the moved ones are written (and announced).
 */
export function syncTrailingStops(state: CoreState): void {
  for (const symbol of state.pending.pairsTraded) {
    const ids = state.trailing.get(symbol);
    if (!ids || ids.size === 0) continue;
    const book = state.book(symbol);
    for (const id of ids) {
      const record = state.live.get(id);
      const order = book.get(String(id));
      if (!record || !order?.stop) continue;
      const trigger = triggerUnits(record.pair, order.stop.triggerPrice);
      if (trigger !== record.stopPrice) {
        record.stopPrice = trigger;
        record.updatedAt = state.now();
        state.markDirty(record);
        announce(state, record);
      }
    }
  }
}
