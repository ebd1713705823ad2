import { orderFormRuleErrors, orderFormSchema, type OrderForm } from '../../shared/api/orders';
import { fromUnits, toUnits } from '../../shared/money/units';
import { orderTypeName, type Destination, type OrderTypeName, type Side, type TimeInForce } from '../../shared/orders/order-types';
import { appError, fieldErrorsFromZod, validationError, type FieldErrors } from '../errors';
import { toLots, toTicks, type PairSpec } from './pair-spec';

// An order form (spec B §3) becomes an OrderIntent: every number checked against the pair's
// rules and turned into units, ticks and lots. Nothing here reads balances or the book, so it
// runs before the order joins the writer's queue; a failure names each offending field.

export interface Sized {
  units: bigint;
  lots: number;
}

export interface Priced {
  units: bigint;
  ticks: number;
}

export interface OrderIntent {
  pair: PairSpec;
  side: Side;
  type: OrderTypeName;
  algorithmId: number;
  tif: TimeInForce;
  destination: Destination;
  postOnly: boolean;
  clientOrderId: string | null;
  /** Limit price (Limit, IOC) or trigger price (Stop). */
  price: Priced | null;
  quantity: Sized | null;
  /** Quote amount of a buy by amount (Market, Stop, TrailingStop buys). */
  amount: bigint | null;
  /** Basis points, 0..10000. */
  maxSlippageBps: number | null;
  maxSlippage: string | null;
  trailTicks: number | null;
  trailBps: number | null;
  stopAmount: string | null;
  stopPercent: string | null;
  expires: number | null;
  quoteId: string | null;
}

const BPS_PER_UNIT_FRACTION = 10_000n;
const UNITS_PER_BPS = 10_000n; // 1 bp = 0.0001 = 10000 units of 1e-8

/** Parses the raw body with the shared schema; 400 naming each field on failure. */
export function parseOrderForm(body: unknown): OrderForm {
  const result = orderFormSchema.safeParse(body ?? {});
  if (!result.success) throw validationError(fieldErrorsFromZod(result.error));
  return result.data;
}

function add(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

function price(pair: PairSpec, text: string, field: string, label: string, errors: FieldErrors): Priced | null {
  const units = toUnits(text);
  if (units % pair.tick !== 0n) {
    add(errors, field, `${label} must be a multiple of the tick size ${fromUnits(pair.tick)}.`);
    return null;
  }
  const ticks = toTicks(pair, units);
  if (ticks === null) {
    add(errors, field, `${label} is too large.`);
    return null;
  }
  return { units, ticks };
}

function quantity(pair: PairSpec, text: string, errors: FieldErrors): Sized | null {
  const units = toUnits(text);
  if (units % pair.lot !== 0n) {
    add(errors, 'quantity', `Quantity must be a multiple of the lot size ${fromUnits(pair.lot)}.`);
    return null;
  }
  if (units < pair.minQuantity) {
    add(errors, 'quantity', `Quantity must be at least ${fromUnits(pair.minQuantity)}.`);
    return null;
  }
  const lots = toLots(pair, units);
  if (lots === null) {
    add(errors, 'quantity', 'Quantity is too large.');
    return null;
  }
  return { units, lots };
}

/**
 * Checks a parsed form for `side` against the pair rules. `pairs` maps the lower-case symbol
 * to its spec; `now` is the injected clock's time (GTD expiry must lie ahead).
 */
export function toOrderIntent(form: OrderForm, side: Side, pairs: ReadonlyMap<string, PairSpec>, now: number): OrderIntent {
  const ruleErrors = orderFormRuleErrors(form, side);
  const errors: FieldErrors = {};
  for (const [field, message] of Object.entries(ruleErrors)) add(errors, field, message);
  if (Object.keys(errors).length > 0) throw validationError(errors);

  const pair = pairs.get(form.currency_pair);
  if (!pair) {
    throw appError('unknown_pair', {
      detail: `Unknown currency pair ${form.currency_pair}.`,
      errors: { currency_pair: [`Unknown currency pair ${form.currency_pair}.`] },
    });
  }
  if (!pair.enabled) throw appError('pair_disabled', { detail: `Trading on ${pair.formattedSymbol} is paused.` });

  const type = orderTypeName(form.algorithm_id) as OrderTypeName; // the schema refused unknown codes
  const tif: TimeInForce = form.time_in_force ?? (type === 'IOC' ? 'IOC' : 'GTC');
  const destination: Destination = form.destination ?? 'Ox';
  const postOnly = form.post_only ?? false;

  const isStop = type === 'Stop' || type === 'TrailingStop';
  const byAmount = side === 'buy' && (type === 'Market' || isStop) && form.amount !== undefined;

  let priced: Priced | null = null;
  if (type === 'Limit' || type === 'IOC') priced = form.price ? price(pair, form.price, 'price', 'Price', errors) : null;
  if (type === 'Stop') priced = form.price ? price(pair, form.price, 'price', 'Price', errors) : null;
  if ((type === 'Market' || type === 'TrailingStop') && form.price !== undefined) {
    add(errors, 'price', `price is not used by ${type} orders; leave it out.`);
  }

  let sized: Sized | null = null;
  if (!byAmount) {
    if (form.quantity) sized = quantity(pair, form.quantity, errors);
  }
  const amount = byAmount ? toUnits(form.amount as string) : null;

  let maxSlippageBps: number | null = null;
  if (form.max_slippage !== undefined) {
    if (type !== 'Market' && !isStop) {
      add(errors, 'max_slippage', 'max_slippage is only for Market, Stop and TrailingStop orders.');
    } else {
      const units = toUnits(form.max_slippage);
      if (units > toUnits('1')) add(errors, 'max_slippage', 'max_slippage is a fraction from 0 to 1 (0.01 is 1%).');
      else if (units % UNITS_PER_BPS !== 0n)
        add(errors, 'max_slippage', 'max_slippage must have at most 4 decimal places (whole basis points).');
      else maxSlippageBps = Number(units / UNITS_PER_BPS);
    }
  }

  let trailTicks: number | null = null;
  let trailBps: number | null = null;
  if (type === 'TrailingStop') {
    if (form.stop_amount !== undefined && form.stop_percent !== undefined) {
      add(errors, 'stop_amount', 'Give either stop_amount or stop_percent, not both.');
    } else if (form.stop_amount !== undefined) {
      const p = price(pair, form.stop_amount, 'stop_amount', 'stop_amount', errors);
      trailTicks = p?.ticks ?? null;
    } else if (form.stop_percent !== undefined) {
      const units = toUnits(form.stop_percent); // percent, 2 decimals by the schema
      const bps = units / (toUnits('1') / 100n);
      if (bps >= BPS_PER_UNIT_FRACTION) add(errors, 'stop_percent', 'stop_percent must be below 100.');
      else trailBps = Number(bps);
    }
  } else {
    if (form.stop_amount !== undefined) add(errors, 'stop_amount', 'stop_amount is only for TrailingStop orders.');
    if (form.stop_percent !== undefined) add(errors, 'stop_percent', 'stop_percent is only for TrailingStop orders.');
  }

  let expires: number | null = null;
  if (form.expires !== undefined) {
    if (tif !== 'GTD') add(errors, 'expires', 'expires is only for GTD orders.');
    else if (form.expires <= now) add(errors, 'expires', 'expires must be in the future.');
    else if (!Number.isSafeInteger(form.expires)) add(errors, 'expires', 'expires is too large.');
    else expires = form.expires;
  }

  if (postOnly && !(type === 'Limit' && (tif === 'GTC' || tif === 'GTD'))) {
    add(errors, 'post_only', 'post_only is only for Limit orders that rest on the book (GTC or GTD).');
  }
  if (form.quote_id !== undefined && type !== 'Market') add(errors, 'quote_id', 'quote_id is only for Market orders.');

  if (Object.keys(errors).length > 0) throw validationError(errors);
  return {
    pair,
    side,
    type,
    algorithmId: form.algorithm_id,
    tif,
    destination,
    postOnly,
    clientOrderId: form.client_order_id ?? null,
    price: priced,
    quantity: sized,
    amount,
    maxSlippageBps,
    maxSlippage: form.max_slippage ?? null,
    trailTicks,
    trailBps,
    stopAmount: type === 'TrailingStop' ? (form.stop_amount ?? null) : null,
    stopPercent: type === 'TrailingStop' ? (form.stop_percent ?? null) : null,
    expires,
    quoteId: form.quote_id ?? null,
  };
}
