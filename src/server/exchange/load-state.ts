import { toUnits } from '../../shared/money/units';
import type { CurrencyRow } from '../db/schema';
import { createOrderBook, type BookConfig, type OrderBook } from '../matching';
import type { ExchangeSnapshot } from '../repositories/exchange-store';
import type { CandleInterval } from './candles';
import { CoreState, type CoreOptions } from './core-state';
import { engineStateFromJson } from './engine-state';
import { recordFromRow } from './order-record';
import { pairSpecFromRow, toTicks, type PairSpec } from './pair-spec';
import { loadPendingTransfers } from './transfer-moves';

// Rebuilding the writer's memory from storage: at start, and after a batch failed to commit.
// Everything acknowledged was committed, so this loses nothing a client was told about.

export type BookFactory = (config?: BookConfig) => OrderBook;

export interface LoadResult {
  state: CoreState;
  /** Journal lines made for balances that had none (they must be committed before trading). */
  adopted: number;
  /** Accounts whose stored available disagreed with their orders' holds (corrected). */
  corrected: string[];
}

export function buildState(
  snapshot: ExchangeSnapshot,
  now: () => number,
  options: CoreOptions,
  makeBook: BookFactory = createOrderBook,
): LoadResult {
  const pairs = new Map<string, PairSpec>(snapshot.pairs.map((row) => [row.symbol, pairSpecFromRow(row)]));
  const currencies = new Map<string, CurrencyRow>(snapshot.currencies.map((c) => [c.symbol, c]));
  const state = new CoreState(pairs, currencies, { ...snapshot.maxIds }, now, options);
  for (const pair of pairs.values()) state.books.set(pair.symbol, makeBook());

  // Orders first: what they hold decides available.
  const byPair = new Map<string, ReturnType<typeof engineStateFromJson>[]>();
  for (const row of snapshot.liveOrders) {
    const pair = pairs.get(row.pair);
    if (!pair || row.engine_state === null) throw new Error(`Live order ${row.id} of unknown pair ${row.pair} or without engine state`);
    const record = recordFromRow(row, pair);
    state.live.set(record.id, record);
    const engineOrder = engineStateFromJson(row.engine_state);
    if (engineOrder.type === 'TRAILING_STOP') {
      let set = state.trailing.get(pair.symbol);
      if (!set) state.trailing.set(pair.symbol, (set = new Set()));
      set.add(record.id);
    }
    let list = byPair.get(pair.symbol);
    if (!list) byPair.set(pair.symbol, (list = []));
    list.push(engineOrder);
  }
  for (const [symbol, orders] of byPair) {
    const restored = state.book(symbol).restore(orders);
    if (!restored.ok) throw new Error(`Cannot restore the ${symbol} book: ${restored.reason} (order ${restored.orderId ?? '?'})`);
  }

  // Pending withdrawals hold funds as orders do: loaded before available is worked out.
  loadPendingTransfers(
    state,
    snapshot.pendingLines.map((l) => ({ ...l, amount: toUnits(l.amount) })),
  );
  const holds = state.holds();
  const corrected: string[] = [];
  for (const row of snapshot.balances) {
    const balance = toUnits(row.balance);
    const held = holds.get(`${row.user_id} ${row.currency}`) ?? 0n;
    const available = balance - held;
    state.ledger.load(row.user_id, row.currency, balance, available);
    if (available !== toUnits(row.available)) {
      corrected.push(`${row.user_id} ${row.currency}`);
      state.ledger.markDirty(row.user_id, row.currency);
    }
  }
  for (const row of snapshot.fees) state.ledger.loadFee(row.currency, toUnits(row.balance));

  for (const line of snapshot.externalLines) {
    state.external.set(line.currency, (state.external.get(line.currency) ?? 0n) + toUnits(line.amount));
  }
  // Balances written before the ledger ran (the seed's demo funds) become opening Deposit lines,
  // so the journal explains every balance and conservation holds from here on.
  let adopted = 0;
  for (const row of snapshot.unjournaled) {
    const amount = toUnits(row.balance);
    if (amount === 0n) continue;
    state.ledger.journalOpening(row.user_id, row.currency, amount);
    state.external.set(row.currency, (state.external.get(row.currency) ?? 0n) + amount);
    adopted++;
  }

  for (const t of snapshot.lastTrades) {
    const pair = pairs.get(t.pair);
    const ticks = pair ? toTicks(pair, toUnits(t.price)) : null;
    if (ticks !== null) state.lastPrice.set(t.pair, ticks);
  }
  for (const v of snapshot.volumeDays) state.volume.load(v.user_id, Number(v.day), toUnits(v.usd_volume));
  for (const c of snapshot.latestCandles) {
    state.candles.load(c.pair, c.interval as CandleInterval, {
      start: Number(c.start),
      open: toUnits(c.open),
      high: toUnits(c.high),
      low: toUnits(c.low),
      close: toUnits(c.close),
      volume: toUnits(c.volume),
    });
  }
  return { state, adopted, corrected };
}
