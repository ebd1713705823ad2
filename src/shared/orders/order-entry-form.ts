import { z } from 'zod';
import { tradingLimits } from '../constants';
import { decimalPlacesMessage, orderMessages } from '../messages';
import { decimalPlaces, isDecimalString } from '../money/units';
import { destinations, timeInForceByType, timesInForce, type OrderTypeName, type Side } from './order-types';

// Spec B §5 order entry: what the order entry form holds (text as typed) and its rules per
// type and side. The page validates with it for the messages under the fields; the engine
// checks the same rules again before it sends anything.

export const orderEntryFields = ['price', 'quantity', 'amount', 'stopAmount', 'stopPercent'] as const;
export type OrderEntryField = (typeof orderEntryFields)[number];

/** How the trailing stop's trail is given: an amount of the quote currency ($) or a percent. */
export const trailUnits = ['amount', 'percent'] as const;
export type TrailUnit = (typeof trailUnits)[number];

/** Spec B §2: trail percent takes 2 decimals. */
export const TRAIL_PERCENT_DECIMALS = 2;
/** Max slippage is typed as a percent; the wire takes a fraction of at most 4 decimals. */
export const MAX_SLIPPAGE_PERCENT_DECIMALS = 2;

export interface OrderEntryContext {
  readonly side: Side;
  readonly type: OrderTypeName;
  readonly trailUnit: TrailUnit;
  /** Decimal places the pair's tick size allows for prices. */
  readonly priceDecimals: number;
  /** Epoch ms, to refuse a GTD expiry in the past. */
  readonly now: number;
}

export interface OrderEntryValues {
  price: string;
  quantity: string;
  amount: string;
  stopAmount: string;
  stopPercent: string;
  maxSlippage: string;
  timeInForce: string;
  destination: string;
  /** A datetime-local value (the browser's local time), e.g. "2026-11-24T18:30". */
  expires: string;
}

export const emptyOrderEntryValues: Readonly<OrderEntryValues> = Object.freeze({
  price: '',
  quantity: '',
  amount: '',
  stopAmount: '',
  stopPercent: '',
  maxSlippage: '',
  timeInForce: '',
  destination: '',
  expires: '',
});

/** The fields a type and side use (the others are hidden and never sent). */
export function usedFields(type: OrderTypeName, side: Side, trailUnit: TrailUnit): readonly OrderEntryField[] {
  const size: OrderEntryField = side === 'buy' ? 'amount' : 'quantity';
  switch (type) {
    case 'Limit':
      return ['price', 'quantity', 'amount'];
    case 'IOC':
      return ['price', 'quantity'];
    case 'Market':
      return [size];
    case 'Stop':
      return ['price', size];
    case 'TrailingStop':
      return [size, trailUnit === 'amount' ? 'stopAmount' : 'stopPercent'];
  }
}

/** Field → message for the current values; empty when the form may be sent. */
export function orderEntryErrors(values: OrderEntryValues, ctx: OrderEntryContext): Partial<Record<keyof OrderEntryValues, string>> {
  const errors: Partial<Record<keyof OrderEntryValues, string>> = {};
  const used = usedFields(ctx.type, ctx.side, ctx.trailUnit);
  const label: Record<OrderEntryField, string> = {
    price: 'Price',
    quantity: 'Quantity',
    amount: ctx.type === 'Limit' ? 'Total' : 'Amount',
    stopAmount: 'Trail amount',
    stopPercent: 'Trail percent',
  };
  const required: Record<OrderEntryField, string> = {
    price: orderMessages.priceRequired,
    quantity: orderMessages.quantityRequired,
    amount: orderMessages.amountRequired,
    stopAmount: orderMessages.trailRequired,
    stopPercent: orderMessages.trailRequired,
  };
  const places: Record<OrderEntryField, number> = {
    price: ctx.priceDecimals,
    quantity: tradingLimits.decimalLimit,
    amount: tradingLimits.decimalLimit,
    stopAmount: ctx.priceDecimals,
    stopPercent: TRAIL_PERCENT_DECIMALS,
  };
  // The Limit form's Total is derived; only price and quantity are required there.
  const optional = new Set<OrderEntryField>(ctx.type === 'Limit' ? ['amount'] : []);
  for (const field of used) {
    const text = values[field].trim();
    if (text === '') {
      if (!optional.has(field)) errors[field] = required[field];
      continue;
    }
    const issue = decimalIssue(text, label[field], places[field]);
    if (issue) errors[field] = issue;
  }
  if (ctx.type === 'TrailingStop' && ctx.trailUnit === 'percent' && !errors.stopPercent && Number(values.stopPercent) >= 100) {
    errors.stopPercent = 'Trail percent must be below 100.';
  }
  if (ctx.type === 'Stop' && values.maxSlippage.trim() !== '') {
    const issue = decimalIssue(values.maxSlippage.trim(), 'Max slippage', MAX_SLIPPAGE_PERCENT_DECIMALS, true);
    if (issue) errors.maxSlippage = issue;
    else if (Number(values.maxSlippage) >= 100) errors.maxSlippage = 'Max slippage must be below 100 %.';
  }
  if (ctx.type !== 'IOC') {
    const tif = values.timeInForce || 'GTC';
    if (!(timesInForce as readonly string[]).includes(tif) || !timeInForceByType[ctx.type].includes(tif as never)) {
      errors.timeInForce = `${tif} is not allowed for ${ctx.type} orders.`;
    } else if (tif === 'GTD') {
      const at = expiryMs(values.expires);
      if (at === null) errors.expires = orderMessages.expiresRequired;
      else if (at <= ctx.now) errors.expires = orderMessages.expiresInPast;
    }
  }
  if (ctx.type === 'Limit' && values.destination && !(destinations as readonly string[]).includes(values.destination)) {
    errors.destination = "Destination must be 'Ox' or 'Dark Pool'.";
  }
  return errors;
}

/** A datetime-local text as epoch ms (local time), or null when empty or not a date. */
export function expiryMs(text: string): number | null {
  if (!text.trim()) return null;
  const at = new Date(text).getTime();
  return Number.isFinite(at) ? at : null;
}

/** Decimal places a tick size allows (0.01 → 2, 1 → 0, 0.00005 → 5); the spec's 2 without one. */
export function tickDecimals(tickSize: string | null | undefined): number {
  if (!tickSize || !isDecimalString(tickSize)) return tradingLimits.priceDecimals;
  return Math.min(decimalPlaces(tickSize.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '')), tradingLimits.decimalLimit);
}

function decimalIssue(text: string, label: string, decimals: number, allowZero = false): string | null {
  if (!isDecimalString(text) || text.startsWith('-')) return `${label} must be a decimal number.`;
  if (decimalPlaces(text) > decimals) return decimalPlacesMessage(label, decimals);
  if (!allowZero && !/[1-9]/.test(text)) return `${label} must be greater than 0.`;
  return null;
}

/**
 * The form's zod schema for react-hook-form: the values as text, refined by the rules of the
 * current type and side (spec B §5), each message on its field.
 */
export function orderEntrySchema(ctx: () => OrderEntryContext) {
  return z
    .object({
      price: z.string(),
      quantity: z.string(),
      amount: z.string(),
      stopAmount: z.string(),
      stopPercent: z.string(),
      maxSlippage: z.string(),
      timeInForce: z.string(),
      destination: z.string(),
      expires: z.string(),
    })
    .superRefine((values, issues) => {
      for (const [path, message] of Object.entries(orderEntryErrors(values, ctx()))) {
        issues.addIssue({ code: 'custom', path: [path], message });
      }
    });
}
