import type { BalanceWire } from '../../shared/api/account';
import { fromUnits } from '../../shared/money/units';
import type { ExchangeBatchWrite } from '../repositories/exchange-store';
import { candleToRow } from './candles';
import { PendingChanges, type CoreState } from './core-state';
import { engineStateToJson } from './engine-state';
import type { ExchangeEvent } from './events';
import { toOrderRow } from './order-record';
import { syncTrailingStops } from './stops';

// The end of a batch in memory: everything it changed, as rows for one transaction, and the
// events to announce once that transaction has committed (per-command events in the order they
// happened, then one balance event per user, then one book event per pair).

export interface DrainedBatch {
  write: ExchangeBatchWrite;
  events: ExchangeEvent[];
  /** client_order_id keys placed in this batch: storage answers for them once it is committed. */
  clientKeys: string[];
  /** Pairs whose published (lit) book this batch may have changed. */
  booksChanged: ReadonlySet<string>;
}

export function drainBatch(state: CoreState): DrainedBatch {
  syncTrailingStops(state);
  const pending = state.pending;
  state.pending = new PendingChanges();
  // Looked up for this batch only. (clientIds stay until storage shows their batch.)
  state.knownClientIds.clear();
  const now = state.now();

  const orders = [...pending.orders.values()].map((record) => {
    const engineOrder = record.live ? state.book(record.pair.symbol).get(String(record.id)) : null;
    return toOrderRow(record, engineOrder ? engineStateToJson(engineOrder) : null);
  });

  const ledger = state.ledger.drainChanges();
  const balanceEvents = new Map<string, BalanceWire[]>();
  for (const a of ledger.accounts) {
    let list = balanceEvents.get(a.userId);
    if (!list) balanceEvents.set(a.userId, (list = []));
    list.push({ currency: a.currency, balance: fromUnits(a.balance), available: fromUnits(a.available) });
  }

  const events: ExchangeEvent[] = pending.events;
  for (const [userId, balances] of balanceEvents) events.push({ type: 'balance', userId, balances });
  for (const pair of pending.booksChanged) events.push({ type: 'book', pair });

  return {
    write: {
      orders,
      trades: pending.trades,
      fills: pending.fills,
      transactions: lastPerId(ledger.journal).map((l) => ({
        id: l.id,
        user_id: l.userId,
        action: l.action,
        currency: l.currency,
        amount: fromUnits(l.amount),
        price: l.price,
        symbol: l.symbol,
        status: l.status,
        ref: l.ref,
        created_at: l.at,
      })),
      balances: ledger.accounts.map((a) => ({
        user_id: a.userId,
        currency: a.currency,
        balance: fromUnits(a.balance),
        available: fromUnits(a.available),
        updated_at: now,
      })),
      fees: ledger.fees.map((f) => ({ currency: f.currency, balance: fromUnits(f.balance), updated_at: now })),
      volumeDays: state.volume.drainChanges().map((v) => ({ user_id: v.userId, day: v.day, usd_volume: fromUnits(v.usd) })),
      candles: state.candles.drainChanges().map((c) => candleToRow(c.pair, c.interval, c.candle, fromUnits)),
    },
    events,
    clientKeys: pending.clientKeys,
    booksChanged: pending.booksChanged,
  };
}

/**
 * A transfer announced and completed in the same batch has two lines with one id: the row
 * written is the last (PostgreSQL refuses an upsert that touches a row twice).
 */
function lastPerId<L extends { id: number }>(lines: L[]): L[] {
  const ids = new Set<number>();
  let dup = false;
  for (const l of lines) {
    if (ids.has(l.id)) dup = true;
    ids.add(l.id);
  }
  if (!dup) return lines;
  const byId = new Map<number, L>();
  for (const l of lines) byId.set(l.id, l);
  return [...byId.values()];
}
