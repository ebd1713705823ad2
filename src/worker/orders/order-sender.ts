import { orderSchema, type OrderFormInput } from '../../shared/api/orders';
import { paths } from '../../shared/api/paths';
import { orderMessages } from '../../shared/messages';
import {
  orderEntryErrors,
  usedFields,
  type OrderEntryField,
  type OrderEntryValues,
  type TrailUnit,
} from '../../shared/orders/order-entry-form';
import { orderTypeCodes, type OrderTypeName, type Side } from '../../shared/orders/order-types';
import type { OrderSubmitOptions, OrderSubmitResult, QuoteView } from '../api';
import { Decimal, parseDecimal } from '../decimal/decimal';
import type { RestClient } from '../private/rest-client';
import type { Failure } from '../result';
import { sleep, type Timers } from '../time/timers';

// Sending an order exactly once (spec B §4, §5, §8). The draft is checked with the form's own
// rules and against the available balance; the payload drops empty fields (and, for Market, the
// unused size). The request carries the draft's client_order_id: when its answer is lost (no
// answer, a timeout, a gateway that lost the server) the same request is sent again, and the
// server, idempotent by client_order_id, answers the order the first one placed instead of
// placing a second. A refusal the server did answer is final.

export interface OrderDraft {
  readonly side: Side;
  readonly type: OrderTypeName;
  readonly trailUnit: TrailUnit;
  readonly values: Readonly<Record<OrderEntryField, string>>;
  readonly options: OrderSubmitOptions;
  readonly clientOrderId: string;
  readonly pair: {
    readonly symbol: string;
    readonly base: string;
    readonly quote: string;
    readonly fee: string;
    readonly priceDecimals: number;
  };
}

export interface OrderSenderDeps {
  readonly rest: RestClient;
  readonly timers: Timers;
  readonly available: (currency: string) => string | null;
  readonly quote: () => QuoteView;
}

/** Our choice: a submit waits 10 s for an answer (the spec's hub call timeout), then asks again. */
export const SUBMIT_TIMEOUT_MS = 10_000;
/** Waits before asking again after a lost answer; then the submit is reported failed. */
export const SUBMIT_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000];

/** Statuses that say nothing about whether the order was placed. */
export function answerLost(status: number | undefined): boolean {
  return status === 0 || status === 408 || status === 502 || status === 503 || status === 504;
}

/** Server field names → the form's. */
const FORM_FIELD: Readonly<Record<string, string>> = {
  price: 'price',
  quantity: 'quantity',
  amount: 'amount',
  stop_amount: 'stopAmount',
  stop_percent: 'stopPercent',
  max_slippage: 'maxSlippage',
  time_in_force: 'timeInForce',
  destination: 'destination',
  expires: 'expires',
};

export class OrderSender {
  constructor(private readonly deps: OrderSenderDeps) {}

  async send(draft: OrderDraft): Promise<OrderSubmitResult> {
    const errors = orderEntryErrors(formValues(draft), {
      side: draft.side,
      type: draft.type,
      trailUnit: draft.trailUnit,
      priceDecimals: draft.pair.priceDecimals,
      now: this.deps.timers.now(),
    });
    if (Object.keys(errors).length > 0)
      return { ok: false, code: 'INVALID', message: orderMessages.fillRequired, fieldErrors: errors as Record<string, string> };
    if (!this.covered(draft))
      return { ok: false, code: 'INSUFFICIENT_BALANCE', message: orderMessages.insufficientBalance, fieldErrors: {} };

    const body = buildOrderPayload(draft, this.deps.quote());
    const path = paths.orders.create(draft.side);
    for (let attempt = 0; ; attempt++) {
      const r = await this.deps.rest.request(path, { method: 'POST', body, schema: orderSchema, timeoutMs: SUBMIT_TIMEOUT_MS });
      if (r.ok) return { ok: true, order: r.value, message: orderMessages.submitted };
      const delay = SUBMIT_RETRY_DELAYS_MS[attempt];
      if (answerLost(r.error.status) && delay !== undefined) {
        await sleep(this.deps.timers, delay);
        continue;
      }
      return refusal(r.error);
    }
  }

  /** Spec B §5: the balance must cover the amount (buy) or the quantity (sell). */
  private covered(draft: OrderDraft): boolean {
    const { side, type, values, pair } = draft;
    const available = parseDecimal(this.deps.available(side === 'buy' ? pair.quote : pair.base));
    if (!available || available.lte(0)) return false;
    let needed: Decimal | null;
    if (side === 'sell') needed = parseDecimal(values.quantity);
    else if (type === 'Limit' || type === 'IOC') {
      const price = parseDecimal(values.price);
      const quantity = parseDecimal(values.quantity);
      const fee = parseDecimal(pair.fee) ?? new Decimal(0);
      needed = price && quantity ? price.mul(quantity).mul(new Decimal(1).plus(fee)) : null;
    } else needed = parseDecimal(values.amount);
    return needed !== null && available.gte(needed);
  }
}

function formValues(draft: OrderDraft): OrderEntryValues {
  const { options } = draft;
  return {
    ...draft.values,
    maxSlippage: options.maxSlippagePercent ?? '',
    timeInForce: options.timeInForce ?? '',
    destination: options.destination ?? '',
    expires: options.expires !== undefined ? new Date(options.expires).toISOString() : '',
  };
}

/**
 * The wire payload (spec B §3, §5): only the fields the type and side use, empty ones dropped;
 * a Market order carries the quote id of a quote for exactly this size.
 */
export function buildOrderPayload(draft: OrderDraft, quote: QuoteView | null): OrderFormInput {
  const { side, type, values, options, pair } = draft;
  const body: Record<string, unknown> = {
    currency_pair: pair.symbol,
    algorithm_id: orderTypeCodes[type],
    client_order_id: draft.clientOrderId,
  };
  const wire: Record<OrderEntryField, string> = {
    price: 'price',
    quantity: 'quantity',
    amount: 'amount',
    stopAmount: 'stop_amount',
    stopPercent: 'stop_percent',
  };
  // The Limit form's Total is only a display of price × quantity with the fee; the server ignores it.
  const sent = usedFields(type, side, draft.trailUnit).filter((f) => !(type === 'Limit' && f === 'amount'));
  for (const f of sent) {
    const v = values[f].trim();
    if (v !== '') body[wire[f]] = v;
  }
  if (type !== 'IOC' && options.timeInForce) body.time_in_force = options.timeInForce;
  if (options.timeInForce === 'GTD' && options.expires !== undefined) body.expires = options.expires;
  if (type === 'Limit' && options.destination) body.destination = options.destination;
  if (type === 'Stop' && options.maxSlippagePercent?.trim()) {
    const pct = parseDecimal(options.maxSlippagePercent);
    if (pct) body.max_slippage = pct.div(100).toFixed();
  }
  if (type === 'Market' && quote && quote.status === 'ready' && quote.quoteId && quote.input) {
    const size = side === 'buy' ? values.amount : values.quantity;
    if (quote.input.pair === pair.symbol && quote.input.side === side && quote.input.value.trim() === size.trim())
      body.quote_id = quote.quoteId;
  }
  return body as OrderFormInput;
}

function refusal(error: Failure): OrderSubmitResult {
  if (error.code === 'insufficient_balance') {
    return { ok: false, code: 'INSUFFICIENT_BALANCE', message: orderMessages.insufficientBalance, fieldErrors: formErrors(error.fields) };
  }
  const fieldErrors = formErrors(error.fields);
  const named = error.fields !== undefined && Object.keys(error.fields).length > 0;
  return named
    ? { ok: false, code: 'PLACE_FAILED', message: orderMessages.placeFailed, detail: Object.values(error.fields!).join(' '), fieldErrors }
    : { ok: false, code: 'PLACE_FAILED', message: orderMessages.placeFailed, fieldErrors };
}

function formErrors(fields: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields ?? {})) out[FORM_FIELD[k] ?? k] = v;
  return out;
}
