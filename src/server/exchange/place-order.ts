import type { OrderWire } from '../../shared/api/orders';
import { fromUnits } from '../../shared/money/units';
import {
  protectionFromSlippage,
  trailTrigger,
  type MatchResult,
  type PlaceOrder,
  type PlaceStop,
  type RejectReason,
  type Trail,
} from '../matching';
import { appError, validationError } from '../errors';
import { walkLots } from './book-walk';
import type { CoreState } from './core-state';
import { ratesFor, tierFor, type OrderRates } from './fee-schedule';
import { toOrderWire, type OrderRecord } from './order-record';
import { buyHold, engineBudget } from './pair-spec';
import { prepareQuoted } from './quotes';
import { announce, applyMatch, holdRate } from './settle';
import { runStops, triggerUnits } from './stops';
import type { OrderIntent } from './validate-order';

// Placing an order inside the single writer: idempotency by client_order_id, the funds to hold
// (checked against available: nothing changes when they are short), the engine call, then the
// fills and any stops they fire. Every refusal leaves the ledger and the book as they were.

export function clientKey(userId: string, clientOrderId: string): string {
  return `${userId} ${clientOrderId}`;
}

interface Plan {
  hold: bigint;
  /** For a stop: the stop request; otherwise the order request. */
  place?: Omit<PlaceOrder, 'id' | 'ownerId' | 'clientOrderId'>;
  stop?: Omit<PlaceStop, 'id' | 'ownerId' | 'clientOrderId'>;
  /** Initial trigger (ticks) of a stop, shown as stop_price. */
  trigger?: number;
}

/** The reference price a trailing stop starts from: the last trade, else the best opposite price. */
function referencePrice(state: CoreState, intent: OrderIntent): number {
  const last = state.lastPrice.get(intent.pair.symbol);
  if (last !== undefined) return last;
  const book = state.book(intent.pair.symbol);
  const best = intent.side === 'buy' ? book.bestAsk() : book.bestBid();
  if (!best) throw appError('no_reference_price');
  return best.price;
}

function slippageProtection(state: CoreState, intent: OrderIntent): number | undefined {
  if (intent.maxSlippageBps === null) return undefined;
  const book = state.book(intent.pair.symbol);
  const best = intent.side === 'buy' ? book.bestAsk({ includeHidden: true }) : book.bestBid({ includeHidden: true });
  return best ? protectionFromSlippage(intent.side, best.price, intent.maxSlippageBps) : undefined;
}

function plan(state: CoreState, userId: string, intent: OrderIntent, rates: OrderRates): Plan {
  const { pair, side } = intent;
  const lots = intent.quantity?.lots;
  const qtyUnits = intent.quantity?.units ?? 0n;
  const expiresAt = intent.expires ?? undefined;
  switch (intent.type) {
    case 'Limit':
    case 'IOC': {
      const price = intent.price!.ticks;
      const hold = side === 'buy' ? buyHold(pair, price, lots!, holdRate({ makerRate: rates.maker, takerRate: rates.taker })) : qtyUnits;
      return {
        hold,
        place: {
          side,
          type: intent.type === 'IOC' ? 'IOC' : 'LIMIT',
          tif: intent.tif,
          price,
          qty: lots!,
          postOnly: intent.postOnly,
          destination: intent.destination === 'Dark Pool' ? 'dark' : 'lit',
          ...(expiresAt !== undefined ? { expiresAt } : {}),
        },
      };
    }
    case 'Market': {
      if (intent.quoteId !== null) {
        const quoted = prepareQuoted(state, userId, intent, rates);
        return { hold: quoted.hold, place: quoted.request };
      }
      const protection = slippageProtection(state, intent);
      const common = {
        side,
        type: 'MARKET' as const,
        tif: intent.tif,
        ...(protection !== undefined ? { protectionPrice: protection } : {}),
      };
      if (side === 'sell') return { hold: qtyUnits, place: { ...common, qty: lots! } };
      if (intent.amount !== null) {
        const budget = engineBudget(pair, intent.amount, rates.taker);
        if (budget <= 0n) throw validationError({ amount: ['Amount is too small to buy anything on this pair.'] });
        return { hold: intent.amount, place: { ...common, quoteAmount: budget } };
      }
      // A buy by quantity pays whatever the book asks: bound it by the worst price it can reach
      // now, and hold enough for the whole quantity at that price.
      const walk = walkLots(state.book(pair.symbol), 'buy', lots!, true);
      if (walk.worst === null) return { hold: 0n, place: { ...common, qty: lots! } };
      const bound = protection !== undefined && protection < walk.worst ? protection : walk.worst;
      return { hold: buyHold(pair, bound, lots!, rates.taker), place: { ...common, qty: lots!, protectionPrice: bound } };
    }
    case 'Stop':
    case 'TrailingStop': {
      const trailing = intent.type === 'TrailingStop';
      const trail: Trail | undefined = !trailing
        ? undefined
        : intent.trailTicks !== null
          ? { kind: 'ticks', ticks: intent.trailTicks }
          : { kind: 'bps', bps: intent.trailBps! };
      const reference = trailing ? referencePrice(state, intent) : undefined;
      const trigger = trailing ? trailTrigger(side, reference!, trail!) : intent.price!.ticks;
      let hold: bigint;
      let slippage = intent.maxSlippageBps;
      let size: { qty: number } | { quoteAmount: bigint };
      if (side === 'sell') {
        hold = qtyUnits;
        size = { qty: lots! };
      } else if (intent.amount !== null) {
        const budget = engineBudget(pair, intent.amount, rates.taker);
        if (budget <= 0n) throw validationError({ amount: ['Amount is too small to buy anything on this pair.'] });
        hold = intent.amount;
        size = { quoteAmount: budget };
      } else {
        // A buy stop by quantity must have a price bound for its hold: its max_slippage, or ours.
        slippage ??= state.options.defaultStopBuySlippageBps;
        hold = buyHold(pair, protectionFromSlippage('buy', trigger, slippage), lots!, rates.taker);
        size = { qty: lots! };
      }
      return {
        hold,
        trigger,
        stop: {
          side,
          type: trailing ? 'TRAILING_STOP' : 'STOP',
          tif: intent.tif,
          ...size,
          ...(expiresAt !== undefined ? { expiresAt } : {}),
          ...(trailing ? { trail: trail!, referencePrice: reference! } : { triggerPrice: trigger }),
          ...(slippage !== null ? { maxSlippageBps: slippage } : {}),
        },
      };
    }
  }
}

function rejection(reason: RejectReason | string | null, quoted: boolean) {
  if (quoted) return appError('quote_price_moved');
  switch (reason) {
    case 'POST_ONLY_WOULD_CROSS':
      return appError('post_only_would_take', { errors: { post_only: ['The order would have taken liquidity.'] } });
    case 'INSUFFICIENT_LIQUIDITY_FOK':
      return appError('fok_not_filled');
    case 'LEVEL_QUANTITY_OVERFLOW':
      return validationError({ quantity: ['Quantity is too large for this price level.'] });
    default:
      return appError('order_rejected', { detail: `The order was rejected (${reason ?? 'unknown reason'}).` });
  }
}

/** Whether the order may stay open after it is placed (a resting limit, or a stop waiting to fire). */
function mayRest(intent: OrderIntent): boolean {
  if (intent.type === 'Stop' || intent.type === 'TrailingStop') return true;
  return intent.type === 'Limit' && (intent.tif === 'GTC' || intent.tif === 'GTD');
}

/**
 * `maxOpen`: the caller's open-order cap (API orders); an order that may rest is refused when
 * the user already has that many live orders. Orders that cannot rest (market, IOC, FOK) are
 * still taken: they only ever close orders. Checked here, in the single writer, so orders of
 * one batch count those placed before them.
 */
export function placeOrder(state: CoreState, userId: string, intent: OrderIntent, maxOpen: number | null = null): OrderWire {
  if (intent.clientOrderId !== null) {
    const key = clientKey(userId, intent.clientOrderId);
    const earlier = state.clientIds.get(key);
    if (earlier) return toOrderWire(earlier);
    const known = state.knownClientIds.get(key);
    if (known) {
      // Live orders may have changed earlier in this batch: answer with memory, else storage.
      const live = state.live.get(known.id);
      return live ? toOrderWire(live) : known.stored;
    }
  }
  if (maxOpen !== null && mayRest(intent) && state.live.countOf(userId) >= maxOpen) {
    throw appError('open_order_limit', {
      detail: `You have reached the maximum of ${maxOpen} open orders. Cancel some before placing more.`,
    });
  }
  const { pair, side } = intent;
  const now = state.now();
  const rates = ratesFor(pair, tierFor(state.volume.volume(userId, now), state.options.feeTiers));
  const p = plan(state, userId, intent, rates);
  const holdCurrency = side === 'buy' ? pair.quote : pair.base;
  if (!state.ledger.hold(userId, holdCurrency, p.hold)) {
    const have = state.ledger.available(userId, holdCurrency);
    const field = side === 'buy' ? 'amount' : 'quantity';
    throw appError('insufficient_balance', {
      errors: {
        [field]: [`This order needs ${fromUnits(p.hold)} ${holdCurrency.toUpperCase()}; ${fromUnits(have)} is available.`],
      },
    });
  }

  const record: OrderRecord = {
    id: ++state.ids.order,
    userId,
    pair,
    clientOrderId: intent.clientOrderId,
    side,
    algorithmId: intent.algorithmId,
    tif: intent.tif,
    destination: intent.destination,
    postOnly: intent.postOnly,
    price: intent.price?.units ?? null,
    stopPrice: p.trigger !== undefined ? triggerUnits(pair, p.trigger) : null,
    stopAmount: intent.stopAmount,
    stopPercent: intent.stopPercent,
    maxSlippage: intent.maxSlippage,
    quantity: intent.quantity?.units ?? null,
    amount: intent.amount,
    filled: 0n,
    filledAmount: 0n,
    fees: 0n,
    status: 'open',
    reason: null,
    holdCurrency,
    held: p.hold,
    makerRate: rates.maker,
    takerRate: rates.taker,
    expires: intent.expires,
    quoteId: intent.quoteId,
    live: false,
    createdAt: now,
    updatedAt: now,
  };
  const identity = {
    id: String(record.id),
    ownerId: userId,
    ...(intent.clientOrderId !== null ? { clientOrderId: intent.clientOrderId } : {}),
  };
  const book = state.book(pair.symbol);

  if (p.stop) {
    const placed = book.placeStop({ ...identity, ...p.stop });
    if (!placed.ok) {
      state.ledger.release(userId, holdCurrency, p.hold);
      throw rejection(placed.reason, false);
    }
    record.live = true;
    state.live.set(record.id, record);
    if (p.stop.type === 'TRAILING_STOP') {
      let set = state.trailing.get(pair.symbol);
      if (!set) state.trailing.set(pair.symbol, (set = new Set()));
      set.add(record.id);
    }
    state.markDirty(record);
    announce(state, record);
    // A stop already beyond the last price fires at once.
    runStops(state, pair.symbol);
  } else {
    const result: MatchResult = book.place({ ...identity, ...p.place! });
    if (result.status === 'REJECTED') {
      state.ledger.release(userId, holdCurrency, p.hold);
      throw rejection(result.reason, intent.quoteId !== null);
    }
    applyMatch(state, record, result);
    if (result.fills.length > 0) runStops(state, pair.symbol);
  }
  if (intent.clientOrderId !== null) {
    const key = clientKey(userId, intent.clientOrderId);
    state.clientIds.set(key, record);
    state.pending.clientKeys.push(key);
  }
  return toOrderWire(record);
}
