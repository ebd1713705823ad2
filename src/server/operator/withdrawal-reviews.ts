import Decimal from 'decimal.js';
import { PRODUCT_NAME } from '../../shared/constants';
import type { AppContext } from '../context';
import type { Executor } from '../db/database';
import { runTransaction } from '../db/transaction';
import type { WithdrawalReviewsTable } from '../db/schema';
import type { Selectable } from 'kysely';
import { appError } from '../errors';
import { newId } from '../lib/ids';
import { repositories } from '../repositories';
import { appendAudit } from './audit-log';

// Withdrawals above WITHDRAWAL_REVIEW_THRESHOLD_USD wait for an operator before they are paid.
// The withdrawal processor asks needsReview(), parks the withdrawal with hold() (funds stay
// held on its side), and registers onApproved/onRejected to pay or release it once decided.
// The decision, the customer's mail and the audit entry commit together; the processor also
// looks for decided reviews itself, so a decision whose handler did not run is still applied.

export type WithdrawalReviewRow = Selectable<WithdrawalReviewsTable>;

export interface WithdrawalHold {
  /** The withdrawal's own id (review and withdrawal share it); a new one when absent. */
  id?: string;
  userId: string;
  currency: string;
  amount: string;
  destination: string;
}

export interface WithdrawalDecisionHandlers {
  onApproved(review: WithdrawalReviewRow): Promise<void>;
  onRejected(review: WithdrawalReviewRow): Promise<void>;
}

function decisionMail(to: string, review: WithdrawalReviewRow, approved: boolean, note: string) {
  const what = `${review.amount} ${review.currency.toUpperCase()} to ${review.destination}`;
  return {
    recipient: to,
    channel: 'email' as const,
    subject: `${PRODUCT_NAME}: your withdrawal ${approved ? 'was approved' : 'was rejected'}`,
    body: approved
      ? `Your withdrawal of ${what} was approved and is being paid out.\n\nNote from our compliance team: ${note}`
      : `Your withdrawal of ${what} was rejected and will not be paid. The amount and fee held for it are available in your balance again.\n\nNote from our compliance team: ${note}`,
    code: null,
    link: null,
  };
}

export function createWithdrawalReviews(ctx: AppContext) {
  let handlers: WithdrawalDecisionHandlers | null = null;
  const db = ctx.database.db;
  return {
    /** Whether a withdrawal worth `amountUsd` must wait for review. */
    needsReview(amountUsd: Decimal.Value): boolean {
      return new Decimal(amountUsd).gt(ctx.config.withdrawalReviewThresholdUsd);
    },
    /** Parks a withdrawal as pending review (in the caller's transaction when given); answers its review id. */
    async hold(request: WithdrawalHold, executor: Executor = db): Promise<string> {
      const id = request.id ?? newId();
      await executor
        .insertInto('withdrawal_reviews')
        .values({
          id,
          user_id: request.userId,
          currency: request.currency,
          amount: request.amount,
          destination: request.destination,
          status: 'pending',
          created_at: ctx.clock.now(),
        })
        .execute();
      return id;
    },
    /** The withdrawal processor's way to pay or release a decided withdrawal. */
    setHandlers(next: WithdrawalDecisionHandlers): void {
      handlers = next;
    },
    get(id: string): Promise<WithdrawalReviewRow | undefined> {
      return db.selectFrom('withdrawal_reviews').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** The oldest first, with the customer's email for the console. */
    async list(status: string): Promise<(WithdrawalReviewRow & { email: string })[]> {
      return db
        .selectFrom('withdrawal_reviews')
        .innerJoin('users', 'users.id', 'withdrawal_reviews.user_id')
        .selectAll('withdrawal_reviews')
        .select('users.email')
        .where('withdrawal_reviews.status', '=', status)
        .orderBy('withdrawal_reviews.created_at', 'asc')
        .limit(200)
        .execute();
    },
    async decide(id: string, decision: 'approve' | 'reject', note: string, actorId: string): Promise<WithdrawalReviewRow> {
      const now = ctx.clock.now();
      const decided = await runTransaction(ctx.database, async (trx) => {
        const row = await trx.selectFrom('withdrawal_reviews').selectAll().where('id', '=', id).executeTakeFirst();
        if (!row) throw appError('withdrawal_review_not_found');
        if (row.status !== 'pending') throw appError('withdrawal_already_reviewed');
        const status = decision === 'approve' ? 'approved' : 'rejected';
        await trx
          .updateTable('withdrawal_reviews')
          .set({ status, note, reviewed_by: actorId, reviewed_at: now })
          .where('id', '=', id)
          .execute();
        const repos = repositories(trx);
        const user = await repos.users.findById(row.user_id);
        if (user) await ctx.outbox.enqueue(repos, decisionMail(user.email, row, decision === 'approve', note));
        await appendAudit(
          trx,
          {
            actorId,
            action: `withdrawal.${decision}`,
            subject: row.user_id,
            detail: { review: id, currency: row.currency, amount: row.amount, note },
          },
          now,
        );
        return { ...row, status, note, reviewed_by: actorId, reviewed_at: now };
      });
      ctx.outbox.kick();
      if (handlers) await (decision === 'approve' ? handlers.onApproved(decided) : handlers.onRejected(decided));
      return decided;
    },
  };
}

export type WithdrawalReviews = ReturnType<typeof createWithdrawalReviews>;
