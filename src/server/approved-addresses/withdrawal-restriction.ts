import { PRODUCT_NAME, transferLimits } from '../../shared/constants';
import type { Clock } from '../time/timers';
import type { AppContext } from '../context';
import { runTransaction } from '../db/transaction';
import { appError } from '../errors';
import { repositories } from '../repositories';
import { statusOf } from './address-status';

// The setting "withdraw only to approved addresses" and the check every crypto withdrawal
// passes. It has no row until the first address is confirmed, which turns it on.

export function createWithdrawalRestriction(ctx: AppContext, clock: Clock = ctx.clock) {
  const db = ctx.database.db;

  async function setting(userId: string): Promise<{ on: boolean; liftsAt: number | null }> {
    const row = await db
      .selectFrom('withdrawal_settings')
      .select(['only_approved', 'lifts_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row || row.only_approved !== 1) return { on: false, liftsAt: null };
    const liftsAt = row.lifts_at === null ? null : Number(row.lifts_at);
    if (liftsAt !== null && liftsAt <= clock.now()) return { on: false, liftsAt: null };
    return { on: true, liftsAt };
  }

  async function onlyApproved(userId: string): Promise<boolean> {
    return (await setting(userId)).on;
  }
  return {
    setting,
    onlyApproved,

    /**
     * Turning the restriction on takes effect at once. Turning it off while it is on waits out
     * the cool-down (and mails the user): otherwise whoever takes over a session could lift it
     * and withdraw anywhere at once, which is what the restriction is there to prevent.
     */
    async setOnlyApproved(user: { id: string; email: string }, on: boolean): Promise<void> {
      const now = clock.now();
      const current = await setting(user.id);
      if (!on && current.on && current.liftsAt !== null) return;
      const values = on
        ? { only_approved: 1, lifts_at: null }
        : current.on
          ? { only_approved: 1, lifts_at: now + transferLimits.approvedAddressCooldownMs }
          : { only_approved: 0, lifts_at: null };
      await runTransaction(ctx.database, async (trx) => {
        await trx
          .insertInto('withdrawal_settings')
          .values({ user_id: user.id, ...values, updated_at: now })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: now }))
          .execute();
        if (values.lifts_at !== null) {
          await ctx.outbox.enqueue(repositories(trx), {
            recipient: user.email,
            channel: 'email',
            subject: `${PRODUCT_NAME}: withdrawals to any address in 24 hours`,
            body: `Someone asked to let your ${PRODUCT_NAME} account withdraw to addresses that are not approved. This takes effect on ${new Date(values.lifts_at).toISOString()}.\n\nIf it was not you, turn "withdraw only to approved addresses" back on, change your password and contact support.`,
            code: null,
            link: null,
          });
        }
      });
      if (values.lifts_at !== null) ctx.outbox.kick();
    },

    /**
     * Refuses a withdrawal to `address` when the user restricts withdrawals to approved
     * addresses and it is not one of them, or still cools down.
     */
    async checkWithdrawal(userId: string, currency: string, address: string): Promise<void> {
      if (!(await onlyApproved(userId))) return;
      const rows = await db
        .selectFrom('approved_addresses')
        .selectAll()
        .where('user_id', '=', userId)
        .where('currency', '=', currency)
        .where('address', '=', address)
        .execute();
      const now = clock.now();
      if (rows.some((r) => statusOf(r, now) === 'usable')) return;
      const cooling = rows.find((r) => statusOf(r, now) === 'cooling_down');
      if (cooling) {
        const at = new Date(Number(cooling.confirmed_at) + transferLimits.approvedAddressCooldownMs).toISOString();
        throw appError('withdraw_address_cooling_down', {
          detail: `This approved address is still in its 24-hour cool-down: withdrawals to it are possible from ${at}.`,
          errors: { address: [`This approved address can receive withdrawals from ${at}.`] },
        });
      }
      throw appError('withdraw_address_not_approved', {
        errors: { address: ['This address is not one of your usable approved addresses.'] },
      });
    },
  };
}

export type WithdrawalRestriction = ReturnType<typeof createWithdrawalRestriction>;
