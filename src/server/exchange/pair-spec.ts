import { fromUnits, toUnits, UNIT } from '../../shared/money/units';
import type { CurrencyPairRow } from '../db/schema';

// One pair's trading rules and the conversions between the ledger's 1e-8 units and the engine's
// integer ticks and lots (src/server/matching/types.ts):
//   price units = ticks × tick      quantity units = lots × lot
//   engine quote unit = tick × lot / 1e8 ledger units (may be a fraction of a ledger unit)
// A fill's quote amount is truncated to whole ledger units; both sides use the same number, so
// truncation never creates or destroys money.

export interface PairSpec {
  symbol: string;
  base: string;
  quote: string;
  formattedSymbol: string;
  /** Units of quote per tick. */
  tick: bigint;
  /** Units of base per lot. */
  lot: bigint;
  minQuantity: bigint;
  /** Fractions in 1e-8 units (0.002 → 200000n). */
  makerFee: bigint;
  takerFee: bigint;
  enabled: boolean;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

export function pairSpecFromRow(row: CurrencyPairRow): PairSpec {
  return {
    symbol: row.symbol,
    base: row.base,
    quote: row.quote,
    formattedSymbol: row.formatted_symbol,
    tick: toUnits(row.tick_size),
    lot: toUnits(row.lot_size),
    minQuantity: toUnits(row.min_quantity),
    makerFee: toUnits(row.maker_fee),
    takerFee: toUnits(row.taker_fee),
    enabled: row.enabled === 1,
  };
}

/** Ticks of an exact multiple of the tick size; null when not a multiple or beyond a safe integer. */
export function toTicks(pair: PairSpec, priceUnits: bigint): number | null {
  if (priceUnits <= 0n || priceUnits % pair.tick !== 0n) return null;
  const ticks = priceUnits / pair.tick;
  return ticks > MAX_SAFE ? null : Number(ticks);
}

/** Lots of an exact multiple of the lot size; null when not a multiple or beyond a safe integer. */
export function toLots(pair: PairSpec, qtyUnits: bigint): number | null {
  if (qtyUnits <= 0n || qtyUnits % pair.lot !== 0n) return null;
  const lots = qtyUnits / pair.lot;
  return lots > MAX_SAFE ? null : Number(lots);
}

export function ticksToUnits(pair: PairSpec, ticks: number): bigint {
  return BigInt(ticks) * pair.tick;
}

export function lotsToUnits(pair: PairSpec, lots: number): bigint {
  return BigInt(lots) * pair.lot;
}

export function priceString(pair: PairSpec, ticks: number): string {
  return fromUnits(ticksToUnits(pair, ticks));
}

/** Quote units of `lots` at `ticks`, as a numerator over UNIT (exact, before truncation). */
export function exactNotional(pair: PairSpec, ticks: number, lots: number): bigint {
  return BigInt(ticks) * pair.tick * BigInt(lots) * pair.lot;
}

/** What a fill of `lots` at `ticks` costs the buyer and pays the seller, truncated to units. */
export function fillNotional(pair: PairSpec, ticks: number, lots: number): bigint {
  return exactNotional(pair, ticks, lots) / UNIT;
}

/** fee = amount × rate, truncated (fees never exceed the rate, so holds always cover them). */
export function feeOf(amount: bigint, rate: bigint): bigint {
  return (amount * rate) / UNIT;
}

/**
 * What a buy of `lots` at up to `ticks` must hold: price × quantity × (1 + rate), rounded UP to
 * whole units. Covers every fill at that price or better with fees (both truncated).
 */
export function buyHold(pair: PairSpec, ticks: number, lots: number, rate: bigint): bigint {
  const numerator = exactNotional(pair, ticks, lots) * (UNIT + rate);
  const denominator = UNIT * UNIT;
  return (numerator + denominator - 1n) / denominator;
}

/**
 * The engine budget (engine quote units) for a buy by quote `amount` that must also pay the
 * taker fee out of that amount: floor(amount / (1 + rate)) converted down to engine units.
 */
export function engineBudget(pair: PairSpec, amountUnits: bigint, rate: bigint): bigint {
  const spendable = (amountUnits * UNIT) / (UNIT + rate);
  return (spendable * UNIT) / (pair.tick * pair.lot);
}

/** Ledger units of an engine quote amount, truncated. */
export function engineQuoteToUnits(pair: PairSpec, engineQuote: bigint): bigint {
  return (engineQuote * pair.tick * pair.lot) / UNIT;
}
