import { z } from 'zod';
import { looseDecimal } from '../money/decimal-field';
import { flag } from '../flags';
import { transactionLimits } from '../constants';
import { MAX_EPOCH_MS, wholeNumber } from './whole-number';
import { candleIntervals } from '../market/candle-buckets';

// Spec A §7 and spec B §7: balances, currencies, pairs, fee rates, transactions, candles.

/** Both amounts default to 0 when absent (spec A §3 portfolio row). */
const decimalText = z.union([z.string(), z.number()]).transform(String);
export const balanceSchema = z.object({
  currency: z.string().min(1),
  balance: decimalText.default('0'),
  available: decimalText.default('0'),
});
export type Balance = z.output<typeof balanceSchema>;
export type BalanceWire = z.input<typeof balanceSchema>;
export const balanceListSchema = z.array(balanceSchema);
/** Alias used by the web app. */
export const balancesResponseSchema = balanceListSchema;

export const currencySchema = z.object({
  symbol: z.string(),
  name: z.string(),
  is_fiat: z.union([z.number(), z.boolean(), z.string()]).transform((v) => v === 1 || v === true || v === '1' || v === 'true'),
  ascii_sign: z.string().nullish(),
  trading_enabled: z.union([z.number(), z.boolean(), z.string()]).transform((v) => v === 1 || v === true || v === '1' || v === 'true'),
  decimals: z.number().int().optional(),
});
export type Currency = z.output<typeof currencySchema>;
export type CurrencyWire = z.input<typeof currencySchema>;
export const currencyListSchema = z.array(currencySchema);

export const currencyPairSchema = z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  formatted_symbol: z.string(),
  /** Spec B §3: the pair fee, a fraction (our server sends the taker fee). */
  fee: looseDecimal.optional(),
  maker_fee: looseDecimal.optional(),
  tick_size: looseDecimal.optional(),
  lot_size: looseDecimal.optional(),
  min_quantity: looseDecimal.optional(),
});
export type CurrencyPair = z.output<typeof currencyPairSchema>;
export type CurrencyPairWire = z.input<typeof currencyPairSchema>;

/** Spec A §7: currency-pairs may come as an array or as an object of values. */
export const currencyPairListSchema = z
  .union([z.array(currencyPairSchema), z.record(z.string(), currencyPairSchema)])
  .transform((v) => (Array.isArray(v) ? v : Object.values(v)));

/** Spec A §3: fee rates response. Rates are fractions; the UI shows rate × 100 with 3 decimals. */
export const feeRatesSchema = z.object({
  volume: looseDecimal,
  makerRate: looseDecimal,
  nprRate: looseDecimal,
  nprOffRate: looseDecimal,
});
export type FeeRates = z.output<typeof feeRatesSchema>;
export type FeeRatesWire = z.input<typeof feeRatesSchema>;

/* ---------- transactions (spec B §3) ---------- */

/** Contract of the Transaction History screen (spec B §2, §3). */
export const transactionActions = ['Buy', 'Sell', 'Deposit', 'Withdraw', 'Credit', 'Charge'] as const;
export type TransactionAction = (typeof transactionActions)[number];

export const transactionSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  day: z.string(),
  action: z.string(),
  currency: z.string(),
  amount: looseDecimal,
  price: looseDecimal.nullish(),
  symbol: z.string().nullish(),
  status: z.string(),
});
export type Transaction = z.output<typeof transactionSchema>;
export type TransactionWire = z.input<typeof transactionSchema>;

/** Our answer is { data, next_after }; a plain array from another back end is accepted too. */
export const transactionListSchema = z
  .union([
    z.array(transactionSchema),
    z.object({ data: z.array(transactionSchema), next_after: z.string().nullish(), total: z.number().optional() }),
  ])
  .transform((v) => (Array.isArray(v) ? { data: v, next_after: null } : { data: v.data, next_after: v.next_after ?? null }));

const epochMs = (label: string) => wholeNumber(label, 0, MAX_EPOCH_MS);
/** Deepest page `offset` reaches; `after` pages through anything beyond. */
export const MAX_TRANSACTION_OFFSET = 1_000_000;

const transactionFilterFields = {
  from: epochMs('from').optional(),
  to: epochMs('to').optional(),
  types: z
    .string()
    .max(200, 'types must be buy, sell, deposit, withdraw, credit or charge.')
    .transform((v) =>
      v
        .split(',')
        .map((t) => t.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(transactionLimits.types, { error: 'types must be buy, sell, deposit, withdraw, credit or charge.' })))
    .optional(),
  pending: flag.optional(),
  currency: z.string().trim().toUpperCase().max(16).optional(),
};
const fromNotAfterTo = (v: { from?: number | undefined; to?: number | undefined }) =>
  v.from === undefined || v.to === undefined || v.from <= v.to;

/** GET /v1/account-management/transactions query (spec A §7, spec B §3). */
export const transactionQuerySchema = z
  .object({
    ...transactionFilterFields,
    limit: wholeNumber('limit', 1, 1000).optional(),
    after: z
      .string()
      .regex(/^\d{1,15}$/, 'after must be the next_after of a previous page.')
      .optional(),
    offset: wholeNumber('offset', 0, MAX_TRANSACTION_OFFSET).optional(),
  })
  .refine(fromNotAfterTo, { path: ['from'], message: 'from cannot be after to.' });
export type TransactionQuery = z.output<typeof transactionQuerySchema>;

/** Most rows one CSV export carries (newest first); narrow the filter for older ones. */
export const MAX_TRANSACTION_EXPORT_ROWS = 100_000;
/** GET /v1/account-management/transactions.csv query: the list's filter, no paging. */
export const transactionExportQuerySchema = z
  .object(transactionFilterFields)
  .refine(fromNotAfterTo, { path: ['from'], message: 'from cannot be after to.' });
export type TransactionExportQuery = z.output<typeof transactionExportQuerySchema>;
/** Column order of the CSV export. */
export const transactionCsvColumns = ['id', 'date', 'action', 'currency', 'amount', 'price', 'symbol', 'status'] as const;

/* ---------- candles (our choice: GET /v1/market/candles) ---------- */

export const candleQuerySchema = z.object({
  pair: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]{4,20}$/, 'pair must be base and quote joined, e.g. btcusd.'),
  interval: z.enum(candleIntervals, { error: `interval must be one of ${candleIntervals.join(', ')}.` }).default('1d'),
  limit: wholeNumber('limit', 1, 1000).optional(),
});
export const candleSchema = z.object({
  time: z.number(),
  open: looseDecimal,
  high: looseDecimal,
  low: looseDecimal,
  close: looseDecimal,
  volume: looseDecimal,
});
export type Candle = z.output<typeof candleSchema>;
export const candleListSchema = z.array(candleSchema);
