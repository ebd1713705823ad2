import { z } from 'zod';
import { flag } from '../flags';
import { accountLimits } from '../constants';
import { looseDecimal, positiveDecimalString } from '../money/decimal-field';

// Spec A §3 and §7: bank accounts, wire instructions and ACH.

/** Contract of the Bank Account Management screen (spec A §2, §7) */
export const bankAccountSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  bank_name: z.string().nullish(),
  account_number: z.string(),
  routing_number: z.string().nullish(),
  currency: z.string(),
  type: z.string(),
  name1: z.string().nullish(),
  ach_enabled: flag.optional(),
  international_bank: flag.optional(),
  /** 'active', anything else meaning unverified. */
  status: z.string(),
  /** Ours: the id ACH onboarding names (bank_account_display_id). */
  display_id: z.string().optional(),
  /** Ours: wrong verification tries left before verification locks (3 at first). */
  verification_attempts_left: z.number().int().nonnegative().optional(),
  /** Ours: true once 3 wrong tries locked verification. */
  verification_locked: flag.optional(),
});
export type BankAccount = z.output<typeof bankAccountSchema>;
/**
 * GET bank-account: an object keyed by currency, each a list of accounts.
 * Contract of the Bank Account Management screen (spec A §2, §7)
 */
export const bankAccountsByCurrencySchema = z.record(z.string(), z.array(bankAccountSchema));

const req = (field: string) =>
  z
    .string({ error: `${field} is required.` })
    .trim()
    .min(1, `${field} is required.`)
    .max(100);

/**
 * Spec A §5: required fields depend on domestic/international and individual/corporate.
 * Contract of the Bank Account Management screen (spec A §2, §7)
 */
export const createBankAccountSchema = z
  .object({
    type: z.enum(['individual', 'corporate'], { error: 'type is required.' }),
    bank_account_type: z.enum(['checking', 'savings'], { error: 'bank_account_type is required.' }),
    is_international: z.boolean({ error: 'is_international is required.' }),
    account_number: req('account_number'),
    routing_number: z.string().trim().max(34).optional(),
    swift_number: z.string().trim().max(11).optional(),
    enable_wires: z.boolean({ error: 'enable_wires is required.' }),
    first_name: req('first_name'),
    last_name: req('last_name'),
    name: z.string().trim().max(200).optional(),
    bank_currency: z.string().trim().toLowerCase().default('usd'),
    bank_name: z.string().trim().max(200).optional(),
    wire_instructions: z.string().trim().max(1000).optional(),
    wire_routing_number: z.string().trim().max(34).optional(),
  })
  .superRefine((v, ctx) => {
    const need = (key: keyof typeof v) => {
      if (!v[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required.` });
    };
    if (v.is_international) (['swift_number', 'bank_name', 'wire_instructions'] as const).forEach(need);
    else (['routing_number', 'wire_routing_number'] as const).forEach(need);
    if (v.type === 'corporate') need('name');
  });
export type CreateBankAccount = z.input<typeof createBankAccountSchema>;

const verifyAmount = (field: string) =>
  z
    .union([z.string(), z.number()], { error: `${field} is required.` })
    .transform(String)
    .refine(
      (v) => /^(0\.\d{1,2}|1(\.0{1,2})?)$/.test(v.trim()) && Number(v) >= Number(accountLimits.verifyAmountMin),
      `${field} must be between 0.01 and 1 in steps of 0.01.`,
    );
/** Contract of the Bank Account Management screen (spec A §2, §7) */
export const verifyBankAccountSchema = z.object({ amount1: verifyAmount('amount1'), amount2: verifyAmount('amount2') });

/** Contract of the Wire Instructions screen (spec A §2, §3) */
export const wireInstructionsSchema = z.object({
  beneficiary_name: z.string(),
  beneficiary_address: z.string(),
  bank_name: z.string(),
  bank_address: z.string(),
  bank_routing_swift: z.string().nullish(),
  bank_routing_number: z.string().nullish(),
  bank_account_number: z.string(),
  reference_id: z.string(),
});
export type WireInstructions = z.infer<typeof wireInstructionsSchema>;

/** Contract of the ACH Onboarding screen (spec A §2, §7) */
export const achAgreementStatusSchema = z.object({ dwolla: flag });
/** Contract of the ACH Onboarding screen (spec A §2, §7) */
export const achOnboardingSchema = z.object({
  bank_account_display_id: z.string().trim().min(1, 'bank_account_display_id is required.').max(64),
});
/** Contract of the ACH Onboarding screen (spec A §2, §7) */
export const achDepositLimitSchema = z.object({ weekly_deposit_limit: looseDecimal });

/** Ours: answers of the calls spec A §7 leaves "not shown" (create, verify, remove, onboarding, ACH deposit). */
export const paymentResultSchema = z.object({ success: z.boolean(), message: z.string().optional() });
export type PaymentResult = z.infer<typeof paymentResultSchema>;

/** Ours: POST .../ach/deposit pulls `amount` USD from the active ACH bank account (pending until settled). */
export const achDepositSchema = z.object({ amount: positiveDecimalString('amount', 2) });
export type AchDeposit = z.input<typeof achDepositSchema>;

/** Development only: POST /dev/wire/deposit credits a wire carrying a user's reference id. */
export const devWireDepositSchema = z.object({
  reference_id: z.string({ error: 'reference_id is required.' }).trim().min(1, 'reference_id is required.').max(64),
  amount: positiveDecimalString('amount', 2),
});
export type DevWireDeposit = z.input<typeof devWireDepositSchema>;
