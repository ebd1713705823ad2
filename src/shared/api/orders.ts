import { z } from 'zod';
import { decimalString, looseDecimal, positiveDecimalString } from '../money/decimal-field';
import { orderMessages } from '../messages';
import { tradingLimits } from '../constants';
import { MAX_EPOCH_MS, wholeNumber } from './whole-number';
import {
  destinations,
  orderTypeCodes,
  orderTypeName,
  orderTypeNames,
  sides,
  timeInForceByType,
  timesInForce,
  type OrderTypeName,
} from '../orders/order-types';

// Spec B §3 and §7: the order form payload, orders, trades, their list queries and request for
// quote.

const pairField = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]{4,20}$/, 'pair must be base and quote joined, e.g. btcusd.');
const optionalDecimal = (label: string) => positiveDecimalString(label).optional();
const flagInput = z.union([z.boolean(), z.literal('true'), z.literal('false')]).transform((v) => v === true || v === 'true');

/**
 * The order form payload (spec B §3), sent to POST /v1/orders/buy or /v1/orders/sell (our
 * choice of path). Empty fields are dropped by the client before sending (spec B §5).
 */
export const orderFormSchema = z
  .object({
    currency_pair: z
      .string({
        error: (issue) =>
          issue.input === undefined ? 'currency_pair is required.' : 'currency_pair must be base and quote joined, e.g. btcusd.',
      })
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9]{4,20}$/, 'currency_pair must be base and quote joined, e.g. btcusd.'),
    algorithm_id: z
      .union(
        [
          z.number(),
          z
            .string()
            .regex(/^\d{1,4}$/)
            .transform(Number),
        ],
        { error: 'algorithm_id is not a known order type.' },
      )
      .default(orderTypeCodes.Limit)
      .refine((v) => orderTypeName(v) !== undefined, 'algorithm_id is not a known order type.'),
    price: optionalDecimal('Price'),
    quantity: optionalDecimal('Quantity'),
    amount: optionalDecimal('Amount'),
    client_order_id: z
      .union([z.string(), z.number()])
      .transform(String)
      .pipe(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'client_order_id must be 1 to 64 letters, digits, - or _.'))
      .optional(),
    time_in_force: z.enum(timesInForce, { error: 'time_in_force must be GTC, IOC, FOK or GTD.' }).optional(),
    destination: z.enum(destinations, { error: "destination must be 'Ox' or 'Dark Pool'." }).optional(),
    routing_option: z.string().max(64).optional(),
    max_slippage: decimalString('max_slippage').optional(),
    stop_amount: optionalDecimal('stop_amount'),
    stop_percent: positiveDecimalString('stop_percent', 2).optional(),
    expires: wholeNumber('expires', 1, MAX_EPOCH_MS).optional(),
    quote_id: z.string().max(128).optional(),
    stop_any_id: z.string().max(64).optional(),
    stop_any_price: optionalDecimal('stop_any_price'),
    stop_any_trail_amount: optionalDecimal('stop_any_trail_amount'),
    stop_any_trail_percent: optionalDecimal('stop_any_trail_percent'),
    total_time: wholeNumber('total_time', 0, MAX_EPOCH_MS).optional(),
    interval: wholeNumber('interval', 0, MAX_EPOCH_MS).optional(),
    continuous: flagInput.optional(),
    post_only: flagInput.optional(),
  })
  .strict();
export type OrderFormInput = z.input<typeof orderFormSchema>;
export type OrderForm = z.output<typeof orderFormSchema>;

/**
 * POST /v1/orders/{orderType} (spec B §7): the type is in the path (its code, e.g. 201, or its
 * name, e.g. Limit, any case); the side, which /v1/orders/buy|sell carry in the path, is in
 * the body. algorithm_id may be left out; when sent it must name the path's type.
 */
export const orderTypeParamsSchema = z.object({
  orderType: z
    .string()
    .max(32)
    .transform((v, ctx) => {
      const t = v.trim();
      const code = /^\d{1,4}$/.test(t)
        ? Number(t)
        : orderTypeCodes[orderTypeNames.find((n) => n.toLowerCase() === t.toLowerCase()) ?? ('' as OrderTypeName)];
      if (code !== undefined && orderTypeName(code) !== undefined) return code;
      ctx.addIssue({
        code: 'custom',
        message: `orderType must be one of ${orderTypeNames.map((n) => `${n} (${orderTypeCodes[n]})`).join(', ')}.`,
      });
      return z.NEVER;
    }),
});

export const typedOrderFormSchema = orderFormSchema.extend({
  side: z.enum(sides, { error: "side must be 'buy' or 'sell'." }),
});
export type TypedOrderFormInput = z.input<typeof typedOrderFormSchema>;

/**
 * Spec B §5 per-type rules, given the side (which the path carries). Returns field → message.
 * Shared by the server and the order entry form.
 */
export function orderFormRuleErrors(form: OrderForm, side: (typeof sides)[number]): Record<string, string> {
  const errors: Record<string, string> = {};
  const type = orderTypeName(form.algorithm_id);
  const needsAmountOrQuantity = () => {
    if (side === 'buy' && !form.amount && !form.quantity) errors.amount = orderMessages.amountRequired;
    if (side === 'sell' && !form.quantity) errors.quantity = orderMessages.quantityRequired;
  };
  switch (type) {
    case 'Market':
      needsAmountOrQuantity();
      break;
    case 'Limit':
    case 'IOC':
      if (!form.price) errors.price = orderMessages.priceRequired;
      if (!form.quantity) errors.quantity = orderMessages.quantityRequired;
      break;
    case 'Stop':
      needsAmountOrQuantity();
      if (!form.price) errors.price = orderMessages.priceRequired;
      break;
    case 'TrailingStop':
      needsAmountOrQuantity();
      if (!form.stop_amount && !form.stop_percent) errors.stop_amount = 'Enter a trail amount or a trail percent.';
      break;
  }
  if (type && form.time_in_force && !timeInForceByType[type].includes(form.time_in_force)) {
    errors.time_in_force = `${form.time_in_force} is not allowed for ${type} orders.`;
  }
  if (form.time_in_force === 'GTD' && !form.expires) errors.expires = 'expires is required for GTD orders.';
  if (form.destination === 'Dark Pool' && type !== 'Limit') errors.destination = 'Dark Pool is only for Limit orders.';
  return errors;
}

/**
 * Spec B §3: client_order_id is a random integer from 100000 to 1000000, as text.
 * Contract of the Order entry card (spec B §2, §3).
 */
export function newClientOrderId(random: () => number = Math.random): string {
  const { clientOrderIdMin: min, clientOrderIdMax: max } = tradingLimits;
  return String(Math.floor(min + random() * (max - min + 1)));
}

/** An order as displayed (spec B §3). Numeric fields are decimal strings on our wire. */
export const orderSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  client_order_id: z.union([z.string(), z.number()]).transform(String).nullish(),
  date_added: z.union([z.string(), z.number()]),
  date_updated: z.union([z.string(), z.number()]).nullish(),
  status: z.string(),
  filled: looseDecimal.optional(),
  filled_amount: looseDecimal.optional(),
  vwap: looseDecimal.optional(),
  price: looseDecimal.optional(),
  quantity: looseDecimal.optional(),
  amount: looseDecimal.optional(),
  pair: z.string(),
  action: z.string(),
  type: z.string(),
  algorithm_id: z.union([z.number(), z.string().transform(Number)]).optional(),
  time_in_force: z.string().optional(),
  destination: z.string().optional(),
  stop_price: looseDecimal.optional(),
  expires: z.number().nullish(),
  fees: looseDecimal.optional(),
  reason: z.string().nullish(),
});
export type Order = z.output<typeof orderSchema>;
export type OrderWire = z.input<typeof orderSchema>;
export const orderListSchema = z.array(orderSchema);

/**
 * GET /v1/orders and GET /v1/orders/done: optional pair filter; done orders are newest first,
 * `limit` of them (default 100).
 */
export const orderListQuerySchema = z.object({
  pair: pairField.optional(),
  limit: wholeNumber('limit', 1, 1000).optional(),
});
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

/** DELETE /v1/orders/{id}. */
export const orderIdParamsSchema = z.object({ id: z.string().max(64) });

/** A trade (spec B §3); all values strings. */
export const tradeSchema = z.object({
  cursor: z.union([z.string(), z.number()]).transform(String),
  trade_id: z.union([z.string(), z.number()]).transform(String),
  order_id: z.union([z.string(), z.number()]).transform(String),
  date_updated: z.union([z.string(), z.number()]),
  action: z.string(),
  currency_pair: z.string(),
  quantity: looseDecimal,
  amount: looseDecimal,
  price: looseDecimal,
  fees: looseDecimal,
  net_amount: looseDecimal,
});
export type Trade = z.output<typeof tradeSchema>;
export type TradeWire = z.input<typeof tradeSchema>;
export const tradeListSchema = z.array(tradeSchema);

/** GET /v1/account-management/trades: newest first; `after` is the `cursor` of the last trade already seen. */
export const tradeListQuerySchema = z.object({
  pair: pairField.optional(),
  limit: wholeNumber('limit', 1, 1000).optional(),
  after: z
    .string()
    .regex(/^\d{1,15}$/, 'after must be a trade cursor.')
    .optional(),
});
export type TradeListQuery = z.output<typeof tradeListQuerySchema>;

/** POST /v1/orders/request-for-quote: pair, side, amount (buy) or quantity (sell). */
export const quoteRequestSchema = z
  .object({
    pair: pairField,
    side: z.enum(sides, { error: "side must be 'buy' or 'sell'." }),
    amount: optionalDecimal('Amount'),
    quantity: optionalDecimal('Quantity'),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.side === 'buy' && !v.amount && !v.quantity) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: orderMessages.amountRequired });
    }
    if (v.side === 'sell' && !v.quantity) ctx.addIssue({ code: 'custom', path: ['quantity'], message: orderMessages.quantityRequired });
  });
export type QuoteRequest = z.input<typeof quoteRequestSchema>;

export const quoteResponseSchema = z.object({
  quote_id: z.string().min(1),
  quantity: looseDecimal.optional(),
  amount: looseDecimal.optional(),
  price: looseDecimal.optional(),
  expires_at: z.number().optional(),
});
export type QuoteResponse = z.output<typeof quoteResponseSchema>;
