import { fromUnits } from '../../shared/money/units';
import { accountEntries, checkAccounts, checkConservation, ledgerTotals } from '../ledger/invariants';
import type { Depth, L2Level } from '../matching';
import type { CoreState } from './core-state';
import { tierFor } from './fee-schedule';
import type { PairSpec } from './pair-spec';

// Read projections of the exchange's memory: what the books, prices and fee tiers look like
// between batches. Pure reads; nothing here changes the state.

export interface FeeRatesAnswer {
  volume: string;
  makerRate: string;
  nprRate: string;
  nprOffRate: string;
}

export interface PublishedDepth {
  pair: string;
  /** [price, quantity] best first; lit orders only. */
  bids: [string, string][];
  asks: [string, string][];
}

/** Published depth of a pair from an engine depth (ticks and lots; lit only), as decimal strings, at most `levels` a side. */
export function formatDepth(spec: PairSpec, d: Depth, levels: number): PublishedDepth {
  const fmt = (l: L2Level): [string, string] => [fromUnits(BigInt(l.price) * spec.tick), fromUnits(BigInt(l.qty) * spec.lot)];
  const side = (list: readonly L2Level[]) => (list.length > levels ? list.slice(0, Math.max(0, levels)) : list).map(fmt);
  return { pair: spec.symbol, bids: side(d.bids), asks: side(d.asks) };
}

/** Last trade price of a pair, or null before its first trade. */
export function lastPrice(s: CoreState, pair: string): string | null {
  const spec = s.pairs.get(pair);
  const ticks = s.lastPrice.get(pair);
  return spec && ticks !== undefined ? fromUnits(BigInt(ticks) * spec.tick) : null;
}

/** Fee rates of spec A §3 for a user, from the 14-day volume. */
export function feeRates(s: CoreState, userId: string, now: number): FeeRatesAnswer {
  const volume = s.volume.volume(userId, now);
  const t = tierFor(volume, s.options.feeTiers);
  const cents = (volume / 1_000_000n) * 1_000_000n;
  return { volume: fromUnits(cents, 2), makerRate: fromUnits(t.maker), nprRate: fromUnits(t.taker), nprOffRate: fromUnits(t.smartTaker) };
}

/**
 * The ledger rules checked on memory: no negative amounts, holds equal open orders' holds, every
 * currency conserved, no crossed book. Empty when all hold.
 */
export function invariantProblems(s: CoreState): string[] {
  const accounts = accountEntries(s.ledger.entries());
  const fees = [...s.ledger.feeEntries()].map(([currency, balance]) => ({ currency, balance }));
  const problems = checkAccounts(accounts, s.holds());
  problems.push(...checkConservation(ledgerTotals({ accounts, fees }), s.external));
  for (const [symbol, book] of s.books) {
    const bid = book.bestBid({ includeHidden: true });
    const ask = book.bestAsk({ includeHidden: true });
    if (bid && ask && bid.price >= ask.price) problems.push(`${symbol}: crossed book (bid ${bid.price} >= ask ${ask.price})`);
  }
  return problems;
}
