import { randomBytes } from 'node:crypto';
import type { QuoteRequest } from '../../shared/api/orders';
import { fromUnits, toUnits, UNIT } from '../../shared/money/units';
import type { PlaceOrder } from '../matching';
import { appError, validationError } from '../errors';
import { walkBudget, walkLots, type Walk } from './book-walk';
import type { CoreState, QuoteRecord } from './core-state';
import type { OrderRates } from './fee-schedule';
import { engineBudget, toLots, type PairSpec } from './pair-spec';
import type { OrderIntent } from './validate-order';

// Request for quote (spec B §7): what a market order of a given size would get now, walking the
// LIT book only (dark liquidity is never revealed, not even as a price). A quote lives
// `quoteTtlMs` (10 s) and belongs to its user, pair, side and size. A market order carrying it
// executes all-or-nothing (FOK) at no worse than quoted, or is refused without trading:
//   buy by amount  → at least the quoted quantity for at most the amount (fee included);
//   buy by quantity→ the quantity for at most the quoted amount (fee included);
//   sell by quantity → at least the quoted amount, net of the fee.
// Bounds are conservative by at most one 1e-8 unit per maker order met (per-fill truncation).

export interface QuoteAnswer {
  quote_id: string;
  quantity?: string;
  amount?: string;
  price?: string;
  expires_at: number;
}

/** A request for quote as the route schema (quoteRequestSchema) parsed it. */
export type ParsedQuoteRequest = { pair: string; side: 'buy' | 'sell'; amount?: string | undefined; quantity?: string | undefined };

/** Exact quote value of a walk: Σ ticks × lots × tick × lot, over UNIT. */
function exact(pair: PairSpec, walk: Walk): bigint {
  return walk.engineQuote * pair.tick * pair.lot;
}

/** Most a buy of this walk can cost, fee included. */
export function buyCostBound(pair: PairSpec, walk: Walk, rate: bigint): bigint {
  const d = UNIT * UNIT;
  return (exact(pair, walk) * (UNIT + rate) + d - 1n) / d;
}

/** Least a sell of this walk can net, after the fee and per-fill truncation. */
export function sellNetBound(pair: PairSpec, walk: Walk, rate: bigint): bigint {
  const gross = exact(pair, walk) / UNIT;
  const fee = (gross * rate + UNIT - 1n) / UNIT;
  const net = gross - BigInt(walk.orders) - fee;
  return net > 0n ? net : 0n;
}

/** Average price of a walk in units per whole base, truncated. */
function averagePrice(pair: PairSpec, walk: Walk): string {
  const qty = BigInt(walk.lots) * pair.lot;
  return qty === 0n ? '0' : fromUnits(exact(pair, walk) / qty);
}

function requestedLots(pair: PairSpec, text: string): number {
  const units = toUnits(text);
  const lots = toLots(pair, units);
  if (units % pair.lot !== 0n) throw validationError({ quantity: [`Quantity must be a multiple of the lot size ${fromUnits(pair.lot)}.`] });
  if (units < pair.minQuantity) throw validationError({ quantity: [`Quantity must be at least ${fromUnits(pair.minQuantity)}.`] });
  if (lots === null) throw validationError({ quantity: ['Quantity is too large.'] });
  return lots;
}

export function requestQuote(
  state: CoreState,
  userId: string,
  req: ParsedQuoteRequest,
  ratesOf: (pair: PairSpec) => OrderRates,
): QuoteAnswer {
  const pair = state.pairs.get(req.pair);
  if (!pair)
    throw appError('unknown_pair', {
      detail: `Unknown currency pair ${req.pair}.`,
      errors: { pair: [`Unknown currency pair ${req.pair}.`] },
    });
  if (!pair.enabled) throw appError('pair_disabled', { detail: `Trading on ${pair.formattedSymbol} is paused.` });
  const rates = ratesOf(pair);
  const book = state.book(pair.symbol);
  const now = state.now();
  const id = randomBytes(12).toString('base64url');
  let quote: QuoteRecord;
  let answer: QuoteAnswer;

  if (req.side === 'buy' && req.amount !== undefined) {
    const size = toUnits(req.amount);
    const walk = walkBudget(book, engineBudget(pair, size, rates.taker), false);
    if (walk.lots === 0) throw appError('insufficient_liquidity');
    const quantity = BigInt(walk.lots) * pair.lot;
    quote = {
      id,
      userId,
      pair,
      side: 'buy',
      by: 'amount',
      size,
      lots: walk.lots,
      promised: quantity,
      expiresAt: now + state.options.quoteTtlMs,
    };
    answer = { quote_id: id, quantity: fromUnits(quantity), price: averagePrice(pair, walk), expires_at: quote.expiresAt };
  } else {
    const lots = requestedLots(pair, req.quantity as string);
    const walk = walkLots(book, req.side, lots, false);
    if (walk.lots < lots) throw appError('insufficient_liquidity');
    const promised = req.side === 'buy' ? buyCostBound(pair, walk, rates.taker) : sellNetBound(pair, walk, rates.taker);
    quote = {
      id,
      userId,
      pair,
      side: req.side,
      by: 'quantity',
      size: BigInt(lots) * pair.lot,
      lots,
      promised,
      expiresAt: now + state.options.quoteTtlMs,
    };
    answer = { quote_id: id, amount: fromUnits(promised), price: averagePrice(pair, walk), expires_at: quote.expiresAt };
  }
  state.quotes.set(id, quote);
  return answer;
}

export interface QuotedOrder {
  hold: bigint;
  request: Omit<PlaceOrder, 'id' | 'ownerId' | 'clientOrderId'>;
}

/**
 * The FOK market order that honours a quote now, or the refusal. The quote is used up either
 * way once it has been matched to this order.
 */
export function prepareQuoted(state: CoreState, userId: string, intent: OrderIntent, rates: OrderRates): QuotedOrder {
  const quote = state.quotes.get(intent.quoteId as string);
  if (!quote || quote.userId !== userId) throw appError('quote_not_found', { errors: { quote_id: ['Quote not found.'] } });
  const now = state.now();
  if (now > quote.expiresAt) {
    state.quotes.delete(quote.id);
    throw appError('quote_expired', { errors: { quote_id: ['Quote expired'] } });
  }
  const size = quote.by === 'amount' ? intent.amount : (intent.quantity?.units ?? null);
  const sameSize = quote.by === 'amount' ? intent.amount !== null : intent.quantity !== null;
  if (quote.pair !== intent.pair || quote.side !== intent.side || !sameSize || size !== quote.size) {
    throw appError('quote_mismatch', { errors: { quote_id: ['The order does not match its quote.'] } });
  }
  state.quotes.delete(quote.id);

  const pair = quote.pair;
  const book = state.book(pair.symbol);
  // The order will meet dark liquidity too, so the check walks everything it can match.
  const walk = walkLots(book, quote.side, quote.lots, true);
  const moved = () => appError('quote_price_moved');
  if (walk.lots < quote.lots || walk.worst === null) throw moved();
  const base = { side: quote.side, type: 'MARKET' as const, tif: 'FOK' as const, qty: quote.lots, protectionPrice: walk.worst };
  // CANCEL_TAKER: meeting one's own order refuses the FOK instead of walking deeper than checked.
  const request = { ...base, selfTradePolicy: 'CANCEL_TAKER' as const };
  if (quote.side === 'buy' && quote.by === 'amount') {
    if (walk.engineQuote > engineBudget(pair, quote.size, rates.taker)) throw moved();
    return { hold: quote.size, request };
  }
  if (quote.side === 'buy') {
    if (buyCostBound(pair, walk, rates.taker) > quote.promised) throw moved();
    return { hold: quote.promised, request };
  }
  if (sellNetBound(pair, walk, rates.taker) < quote.promised) throw moved();
  return { hold: quote.size, request };
}

/** Drops quotes past their lifetime. */
export function pruneQuotes(state: CoreState): void {
  const now = state.now();
  for (const [id, q] of state.quotes) if (now > q.expiresAt) state.quotes.delete(id);
}

export type { QuoteRequest };
