import { z } from 'zod';
import { paths } from '../../../shared/api/paths';
import {
  achAgreementStatusSchema,
  achDepositLimitSchema,
  bankAccountsByCurrencySchema,
  bankAccountSchema,
  paymentResultSchema,
  wireInstructionsSchema,
  type AchDeposit,
  type BankAccount,
  type CreateBankAccount,
  type PaymentResult,
  type WireInstructions,
} from '../../../shared/api/payments';
import { http } from '../../http/client';

// Spec A §7 payment calls.

/** The user's bank accounts, all currencies flattened (the answer is keyed by currency). */
export async function fetchBankAccounts(signal?: AbortSignal, silent = false): Promise<BankAccount[]> {
  const byCurrency = await http.get(paths.payments.bankAccount, {
    schema: bankAccountsByCurrencySchema,
    silent,
    ...(signal ? { signal } : {}),
  });
  return Object.values(byCurrency).flat();
}

export function createBankAccount(body: CreateBankAccount): Promise<unknown> {
  return http.post(paths.payments.bankAccount, body, { silent: true });
}

export function verifyBankAccount(amount1: string, amount2: string): Promise<unknown> {
  return http.post(
    paths.payments.bankAccountVerify,
    { amount1, amount2 },
    { silent: true, schema: z.union([bankAccountSchema, paymentResultSchema]) },
  );
}

export function removeBankAccount(): Promise<unknown> {
  return http.del(paths.payments.bankAccount, { silent: true });
}

export function fetchWireInstructions(signal: AbortSignal): Promise<WireInstructions> {
  return http.get(paths.payments.wireInstructions, { schema: wireInstructionsSchema, signal });
}

/** Spec A §8: an ACH status failure only ends loading (no toast). */
export function fetchAchStatus(signal: AbortSignal): Promise<z.output<typeof achAgreementStatusSchema>> {
  return http.get(paths.payments.achAgreementStatus, { schema: achAgreementStatusSchema, silent: true, signal });
}

export function fetchAchLimit(signal: AbortSignal): Promise<z.output<typeof achDepositLimitSchema>> {
  return http.get(paths.payments.achDepositLimit, { schema: achDepositLimitSchema, silent: true, signal });
}

export function achOnboard(displayId: string): Promise<PaymentResult> {
  return http.post(paths.payments.achOnboarding, { bank_account_display_id: displayId }, { schema: paymentResultSchema, silent: true });
}

export function achDeposit(body: AchDeposit): Promise<PaymentResult> {
  return http.post(paths.payments.achDeposit, body, { schema: paymentResultSchema, silent: true });
}
