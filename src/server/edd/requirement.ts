import Decimal from 'decimal.js';
import type { AuthContext } from '../auth';
import type { AppContext } from '../context';
import type { Executor } from '../db/database';
import { appError } from '../errors';
import { userView } from '../accounts/user-view';
import { inTransaction } from '../repositories';
import { transferActionsOnly } from '../repositories/transfer-actions';
import { VOLUME_RETENTION_DAYS, windowStart } from '../exchange/volume-tracker';

// When a customer must answer enhanced due diligence. The rule itself is a pure function of
// the customer's exposure, so every deposit path (faucet, crypto, wire) and the volume tracker
// can feed it; evaluateEddRequirement reads the exposure from storage and sets the flag.

/** USD and the stablecoins counted one to one with it. */
export const USD_LIKE = ['usd', 'usdt', 'usdc', 'pax'] as const;

export interface EddExposure {
  /** Cumulative deposits in USD and USD stablecoins. */
  depositsUsd: Decimal;
  /** USD volume traded today and the 29 days before (the exchange's day buckets). */
  volume30dUsd: Decimal;
}

export interface EddThresholds {
  depositsUsd: number;
  volume30dUsd: number;
}

/** B13.edd.requirement-rule: required once either exposure is above its threshold. */
export function eddRequiredBy(exposure: EddExposure, thresholds: EddThresholds): boolean {
  return exposure.depositsUsd.gt(thresholds.depositsUsd) || exposure.volume30dUsd.gt(thresholds.volume30dUsd);
}

export async function readExposure(db: Executor, userId: string, now: number): Promise<EddExposure> {
  const deposits = await db
    .selectFrom('transactions')
    .select('amount')
    .where('user_id', '=', userId)
    .where('action', 'in', ['Deposit', 'Credit'])
    .where(transferActionsOnly)
    .where('currency', 'in', [...USD_LIKE])
    .execute();
  const volume = await db
    .selectFrom('volume_days')
    .select('usd_volume')
    .where('user_id', '=', userId)
    .where('day', '>=', windowStart(now, VOLUME_RETENTION_DAYS))
    .execute();
  return {
    depositsUsd: deposits.reduce((sum, r) => sum.plus(r.amount), new Decimal(0)),
    volume30dUsd: volume.reduce((sum, r) => sum.plus(r.usd_volume), new Decimal(0)),
  };
}

/** Sets or clears `enhanced_due_diligence_required`, then tells the user's open tabs. */
export async function markEddRequired(ctx: AppContext, userId: string, required: boolean): Promise<void> {
  const now = ctx.clock.now();
  const updated = await inTransaction(ctx.database, async (repos) => {
    await repos.users.update(userId, { enhanced_due_diligence_required: required ? 1 : 0, updated_at: now });
    return repos.users.findById(userId);
  });
  if (updated) ctx.userEvents.emit(userId, userView(updated));
}

/**
 * After money came in (or volume grew): sets the flag when the rule says so. A customer whose
 * questionnaire an operator already approved is not asked again by the rule (an operator can).
 */
export async function evaluateEddRequirement(ctx: AppContext, userId: string): Promise<boolean> {
  const db = ctx.database.db;
  const user = await db
    .selectFrom('users')
    .select(['enhanced_due_diligence_required', 'account_kind'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || user.account_kind === 'system') return false;
  if (user.enhanced_due_diligence_required) return true;
  const approved = await db
    .selectFrom('edd_requests')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'Approved')
    .executeTakeFirst();
  if (approved) return false;
  const exposure = await readExposure(db, userId, ctx.clock.now());
  if (!eddRequiredBy(exposure, { depositsUsd: ctx.config.eddDepositThresholdUsd, volume30dUsd: ctx.config.eddVolumeThresholdUsd }))
    return false;
  await markEddRequired(ctx, userId, true);
  return true;
}

/** Whether the user has answered and waits for review. */
export async function hasPendingEddRequest(db: Executor, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('edd_requests')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'Submitted')
    .executeTakeFirst();
  return !!row;
}

/** B13.edd.blocks-orders: while EDD is required and not submitted, orders are refused saying why. */
export async function assertMayPlaceOrders(ctx: AppContext, auth: Pick<AuthContext, 'user'>): Promise<void> {
  if (!auth.user.enhanced_due_diligence_required) return;
  if (await hasPendingEddRequest(ctx.database.db, auth.user.id)) return;
  throw appError('edd_required');
}
