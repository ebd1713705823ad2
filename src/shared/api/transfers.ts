import { z } from 'zod';
import { currencyCode } from './currency-code';
import { accountMessages, decimalPlacesMessage } from '../messages';
import { accountLimits } from '../constants';
import { looseDecimal, positiveDecimalString } from '../money/decimal-field';
import { decimalPlaces, isDecimalString, toUnits } from '../money/units';

// Spec A §3 and §7: deposit addresses, withdrawal fee and withdrawal requests.

/** Contract of the Deposit modal (spec A §2, §7) */
export const depositAddressSchema = z.object({ currency: z.string(), address: z.string() });
export type DepositAddress = z.infer<typeof depositAddressSchema>;
/** Contract of the Deposit modal (spec A §2, §7) */
export const walletAddressesSchema = z.object({ addresses: z.array(depositAddressSchema) });
/** Contract of the Withdraw modal (spec A §2, §5, §7) */
export const withdrawFeeSchema = z.object({ fee: looseDecimal });

const MIN_UNITS = toUnits(accountLimits.withdrawMinimum);

const USD_PLACES = 2;

/**
 * Spec A §5: amount required, at least 0.0001; usd needs a transfer method, others an address.
 * Contract of the Withdraw modal (spec A §2, §5, §7)
 */
export const withdrawRequestSchema = z
  .object({
    currency: currencyCode(),
    amount: z
      .union([z.string(), z.number()], { error: accountMessages.withdrawAmountRequired })
      .transform((v) => String(v).trim())
      .refine((v) => v.length > 0, accountMessages.withdrawAmountRequired)
      .refine(
        (v) => isDecimalString(v) && decimalPlaces(v) <= 8 && !v.startsWith('-') && toUnits(v) >= MIN_UNITS,
        accountMessages.withdrawAmountMinimum,
      ),
    memo: z.string().trim().max(140).optional(),
    transferType: z.enum(['ach', 'wire'], { error: accountMessages.withdrawTransferMethod }).optional(),
    address: z.string().trim().max(128).optional(),
  })
  .superRefine((v, ctx) => {
    // A bank pays whole cents: a usd amount with more places could never be sent as asked.
    if (v.currency === 'usd' && isDecimalString(v.amount) && decimalPlaces(v.amount) > USD_PLACES) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: decimalPlacesMessage('Amount', USD_PLACES) });
    }
    if (v.currency === 'usd' && !v.transferType) {
      ctx.addIssue({ code: 'custom', path: ['transferType'], message: accountMessages.withdrawTransferMethod });
    }
    if (v.currency !== 'usd' && !(v.address && /^[A-Za-z0-9:_-]{16,128}$/.test(v.address))) {
      ctx.addIssue({ code: 'custom', path: ['address'], message: accountMessages.withdrawAddress });
    }
  });
export type WithdrawRequest = z.input<typeof withdrawRequestSchema>;
/** Contract of the Withdraw modal (spec A §2, §5, §7) */
export const withdrawResponseSchema = z.object({ success: z.boolean(), message: z.string().optional() });
export type WithdrawResponse = z.infer<typeof withdrawResponseSchema>;

/* ---------- transfers in motion (our design; docs/API.md) ---------- */

/** A deposit or withdrawal as the server tracks it until it is done (or failed). */
export const transferStatuses = ['pending', 'done', 'failed'] as const;
export const transferSchema = z.object({
  id: z.string(),
  kind: z.enum(['deposit', 'withdrawal']),
  /** chain (crypto), wire, ach, micro (a bank account's verification micro-deposit). */
  method: z.string(),
  currency: z.string(),
  amount: looseDecimal,
  fee: looseDecimal.optional(),
  status: z.string(),
  confirmations: z.number().int().nonnegative().optional(),
  required_confirmations: z.number().int().nonnegative().optional(),
  created_at: z.string(),
});
export type TransferWire = z.input<typeof transferSchema>;

/** Development only: POST /dev/chain/deposit announces an on-chain transfer to one of our deposit addresses. */
export const devChainDepositSchema = z.object({
  address: z.string({ error: 'address is required.' }).trim().min(1, 'address is required.').max(128),
  amount: positiveDecimalString('amount'),
});
export type DevChainDeposit = z.input<typeof devChainDepositSchema>;

/**
 * Development only: POST /dev/clock/advance moves the clock of money in and out (cool-downs,
 * confirmations, payouts, ACH settlement) forward, for end-to-end tests; sessions keep real time.
 */
export const devClockAdvanceSchema = z.object({
  ms: z
    .number({ error: 'ms must be a whole number of milliseconds.' })
    .int('ms must be a whole number of milliseconds.')
    .min(1, 'ms must be at least 1.')
    .max(30 * 24 * 60 * 60 * 1000, 'ms must be at most 30 days.'),
});
export const devClockAnswerSchema = z.object({ offset_ms: z.number().int().nonnegative() });
