import { fromUnits } from '../../shared/money/units';
import type { Fill, MatchResult } from '../matching';
import type { CoreState } from './core-state';
import { toOrderWire, type ExchangeOrderStatus, type OrderRecord } from './order-record';
import { buyHold, feeOf, fillNotional, lotsToUnits, ticksToUnits } from './pair-spec';
import { fillToTradeWire } from './trade-wire';
import { isUsdLike, usdValue, VOLUME_RETENTION_DAYS } from './volume-tracker';

// Turning the engine's answers into money: every fill moves base and quote between the two
// users and both fees into the fee account (journalled), updates both orders, and is recorded
// as a trade, two fills, candle and volume; orders that end give back what they still hold.

const max = (a: bigint, b: bigint) => (a > b ? a : b);

/** The rate a resting buy's hold is computed with (spec: the taker fee; never below the maker fee). */
export function holdRate(r: Pick<OrderRecord, 'makerRate' | 'takerRate'>): bigint {
  return max(r.makerRate, r.takerRate);
}

export function announce(state: CoreState, record: OrderRecord): void {
  state.emit({ type: 'order', userId: record.userId, order: toOrderWire(record) });
}

/** Ends an order: releases what it still holds, takes it out of the live set. */
export function finish(state: CoreState, record: OrderRecord, status: ExchangeOrderStatus, reason: string | null): void {
  if (record.held > 0n) state.ledger.release(record.userId, record.holdCurrency, record.held);
  record.held = 0n;
  record.status = status;
  record.reason = reason;
  record.live = false;
  record.updatedAt = state.now();
  state.live.delete(record.id);
  state.trailing.get(record.pair.symbol)?.delete(record.id);
  if (record.destination === 'Ox' && record.price !== null) state.pending.booksChanged.add(record.pair.symbol);
  state.markDirty(record);
  announce(state, record);
}

/** A resting limit buy keeps exactly what its remaining quantity needs; the rest (price improvement) goes back. */
function trimBuyHold(state: CoreState, record: OrderRecord, priceTicks: number, remainingLots: number): void {
  const required = buyHold(record.pair, priceTicks, remainingLots, holdRate(record));
  if (record.held > required) {
    state.ledger.release(record.userId, record.holdCurrency, record.held - required);
    record.held = required;
  }
}

function settleFill(state: CoreState, taker: OrderRecord, fill: Fill): void {
  const maker = state.live.get(Number(fill.makerOrderId));
  if (!maker) throw new Error(`Fill against unknown maker ${fill.makerOrderId}`);
  const pair = taker.pair;
  const now = state.now();
  const buyer = taker.side === 'buy' ? taker : maker;
  const seller = taker.side === 'buy' ? maker : taker;
  const priceUnits = ticksToUnits(pair, fill.price);
  const qty = lotsToUnits(pair, fill.qty);
  const amount = fillNotional(pair, fill.price, fill.qty);
  const buyerFee = feeOf(amount, buyer === taker ? buyer.takerRate : buyer.makerRate);
  const sellerFee = feeOf(amount, seller === taker ? seller.takerRate : seller.makerRate);
  const tradeId = ++state.ids.trade;
  const price = fromUnits(priceUnits);
  const meta = (action: 'Buy' | 'Sell' | 'Charge') => ({ action, price, symbol: pair.symbol, ref: `trade:${tradeId}` });
  const { ledger } = state;

  // Buyer: pays amount + fee out of the quote it held, receives the base.
  ledger.spendHeld(buyer.userId, pair.quote, amount, meta('Buy'));
  ledger.spendHeld(buyer.userId, pair.quote, buyerFee, meta('Charge'));
  buyer.held -= amount + buyerFee;
  ledger.credit(buyer.userId, pair.base, qty, meta('Buy'));
  // Seller: delivers the base it held, receives the amount, pays its fee out of it.
  ledger.spendHeld(seller.userId, pair.base, qty, meta('Sell'));
  seller.held -= qty;
  ledger.credit(seller.userId, pair.quote, amount, meta('Sell'));
  if (!ledger.debit(seller.userId, pair.quote, sellerFee, meta('Charge'))) throw new Error('Seller fee exceeds proceeds');
  ledger.creditFee(pair.quote, buyerFee + sellerFee);
  if (buyer.held < 0n || seller.held < 0n) throw new Error(`Hold underflow on trade ${tradeId}`);

  for (const [record, fee] of [
    [buyer, buyerFee],
    [seller, sellerFee],
  ] as const) {
    record.filled += qty;
    record.filledAmount += amount;
    record.fees += fee;
    record.updatedAt = now;
    state.markDirty(record);
  }

  state.pending.trades.push({
    id: tradeId,
    pair: pair.symbol,
    price,
    quantity: fromUnits(qty),
    amount: fromUnits(amount),
    taker_side: taker.side,
    taker_order_id: taker.id,
    maker_order_id: maker.id,
    taker_user_id: taker.userId,
    maker_user_id: maker.userId,
    taker_fee: fromUnits(taker === buyer ? buyerFee : sellerFee),
    maker_fee: fromUnits(maker === buyer ? buyerFee : sellerFee),
    created_at: now,
  });
  for (const [record, fee, liquidity] of [
    [taker, taker === buyer ? buyerFee : sellerFee, 'taker'],
    [maker, maker === buyer ? buyerFee : sellerFee, 'maker'],
  ] as const) {
    const row = {
      id: ++state.ids.fill,
      trade_id: tradeId,
      order_id: record.id,
      user_id: record.userId,
      pair: pair.symbol,
      side: record.side,
      liquidity,
      price,
      quantity: fromUnits(qty),
      amount: fromUnits(amount),
      fee: fromUnits(fee),
      net_amount: fromUnits(record.side === 'buy' ? amount + fee : amount - fee),
      created_at: now,
    };
    state.pending.fills.push(row);
    state.emit({ type: 'user-trade', userId: record.userId, trade: fillToTradeWire(row) });
  }
  state.emit({ type: 'trade', pair: pair.symbol, tradeId: String(tradeId), price, quantity: fromUnits(qty), side: taker.side, at: now });

  const usd = usdValue(pair.quote, amount, (c) => state.lastUsdPrice(c, isUsdLike));
  state.volume.add(buyer.userId, now, usd);
  state.volume.add(seller.userId, now, usd);
  watchVolume(state, buyer.userId, now);
  watchVolume(state, seller.userId, now);
  state.candles.add(pair.symbol, now, priceUnits, qty);
  state.lastPrice.set(pair.symbol, fill.price);
  state.pending.pairsTraded.add(pair.symbol);
  state.pending.booksChanged.add(pair.symbol);

  if (fill.makerRemaining === 0) {
    finish(state, maker, 'done', null);
  } else {
    maker.status = 'partially filled';
    if (maker.side === 'buy' && maker.price !== null) trimBuyHold(state, maker, fill.price, fill.makerRemaining);
    announce(state, maker);
  }
}

/**
 * Raises the volume alert when this trade took the user's 30-day volume above its level. From
 * the tracker's day buckets (a sum of at most 30 numbers), and nothing at all once raised.
 */
function watchVolume(state: CoreState, userId: string, now: number): void {
  const level = state.options.volumeAlertUsd;
  if (level === null || state.volumeAlerted.has(userId)) return;
  const volume = state.volume.volume(userId, now, VOLUME_RETENTION_DAYS);
  if (volume <= level) return;
  state.volumeAlerted.add(userId);
  state.emit({ type: 'volume-alert', userId, volume30dUsd: fromUnits(volume) });
}

const cancelReasons: Record<string, string> = {
  UNFILLED_REMAINDER: 'Unfilled remainder cancelled.',
  SELF_TRADE_PREVENTED: 'Cancelled by self-trade prevention.',
};

/**
 * Applies a non-rejected match result of `taker` (a new order or a fired stop): fills, orders
 * cancelled by self-trade prevention, and the taker's own end or rest.
 */
export function applyMatch(state: CoreState, taker: OrderRecord, result: MatchResult): void {
  for (const fill of result.fills) settleFill(state, taker, fill);
  for (const cancelled of result.selfTradeCancelled) {
    const record = state.live.get(Number(cancelled.id));
    if (record) finish(state, record, 'cancelled', cancelReasons.SELF_TRADE_PREVENTED!);
  }
  switch (result.status) {
    case 'FILLED':
      finish(state, taker, 'done', null);
      return;
    case 'CANCELLED':
      finish(state, taker, 'cancelled', cancelReasons[result.reason ?? ''] ?? null);
      return;
    case 'NEW':
    case 'PARTIALLY_FILLED': {
      taker.status = result.status === 'NEW' ? 'open' : 'partially filled';
      taker.live = true;
      taker.updatedAt = state.now();
      state.live.set(taker.id, taker);
      if (taker.side === 'buy' && result.resting?.price != null) trimBuyHold(state, taker, result.resting.price, result.remainingQty);
      if (taker.destination === 'Ox') state.pending.booksChanged.add(taker.pair.symbol);
      state.markDirty(taker);
      announce(state, taker);
      return;
    }
    case 'REJECTED':
      throw new Error('applyMatch called with a rejected result');
  }
}
