import { z } from 'zod';
import { accountMessages, } from '../messages';
import { accountLimits } from '../constants';
import { looseDecimal } from '../money/decimal-field';
import { decimalPlaces, isDecimalString, toUnits } from '../money/units';

// Spec A §3 and §7: deposit addresses, withdrawal fee and withdrawal requests.

export const depositAddressSchema = z.object({ currency: z.string(), address: z.string() });
export type DepositAddress = z.infer<typeof depositAddressSchema>;
export const walletAddressesSchema = z.object({ addresses: z.array(depositAddressSchema) });
export const withdrawFeeSchema = z.object({ fee: looseDecimal });

const MIN_UNITS = toUnits(accountLimits.withdrawMinimum);

/** Spec A §5: amount required, at least 0.0001; usd needs a transfer method, others an address. */
export const withdrawRequestSchema = z
  .object({
    currency: z.string({ error: 'currency is required.' }).trim().toLowerCase().regex(/^[a-z0-9]{2,10}$/, 'currency must be a currency code.'),
    amount: z
      .union([z.string(), z.number()], { error: accountMessages.withdrawAmountRequired })
      .transform((v) => String(v).trim())
      .refine((v) => v.length > 0, accountMessages.withdrawAmountRequired)
      .refine((v) => isDecimalString(v) && decimalPlaces(v) <= 8 && !v.startsWith('-') && toUnits(v) >= MIN_UNITS, accountMessages.withdrawAmountMinimum),
    memo: z.string().trim().max(140).optional(),
    transferType: z.enum(['ach', 'wire'], { error: accountMessages.withdrawTransferMethod }).optional(),
    address: z.string().trim().max(128).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.currency === 'usd' && !v.transferType) ctx.addIssue({ code: 'custom', path: ['transferType'], message: accountMessages.withdrawTransferMethod });
    if (v.currency !== 'usd' && !(v.address && /^[A-Za-z0-9:_-]{16,128}$/.test(v.address))) {
      ctx.addIssue({ code: 'custom', path: ['address'], message: accountMessages.withdrawAddress });
    }
  });
export type WithdrawRequest = z.input<typeof withdrawRequestSchema>;
export const withdrawResponseSchema = z.object({ success: z.boolean(), message: z.string().optional() });
export type WithdrawResponse = z.infer<typeof withdrawResponseSchema>;
