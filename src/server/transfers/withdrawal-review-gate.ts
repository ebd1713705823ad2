import Decimal from 'decimal.js';
import { volumeRules } from '../../shared/constants';
import type { Executor } from '../db/database';
import type { Exchange } from '../exchange';
import type { WithdrawalReviews } from '../operator';
import type { PayoutProcessor } from './payout-processor';
import { transferRef, type TransferRow, type TransferStore } from './transfer-store';

// Large withdrawals wait for an operator (operator/withdrawal-reviews.ts) before they are paid.
// Such a withdrawal is held like any other (amount + fee, pending Withdraw and Charge lines),
// but its row is in 'review' and no payout is sent. Approved: the row becomes pending and the
// payout goes out. Rejected: the hold is released and the lines and the row end 'rejected'.
// The decision's handler applies it at once; poll() applies decisions whose handler did not
// run (a crash, a restart) and ends rows the writer never held.

export type ReviewQueue = Pick<WithdrawalReviews, 'needsReview' | 'hold' | 'get' | 'setHandlers'>;

const USD_LIKE = new Set(['usd', ...volumeRules.stablecoins]);

export interface WithdrawalReviewGateDeps {
  exchange: Pick<Exchange, 'pairs' | 'lastPrice' | 'isTransferPending' | 'settleTransfer'>;
  reviews: ReviewQueue;
  payouts: PayoutProcessor;
  /** The latest stored candle close of a pair, when no trade has set a last price since the start. */
  lastClose(pair: string): Promise<string | null>;
  log: { error(obj: object, msg?: string): void };
}

/**
 * USD worth of `amount` of `currency`: itself for USD and the stablecoins, otherwise at the last
 * price (or latest candle close) of a pair against one of them; null when nothing prices it.
 */
export async function usdWorth(
  deps: { exchange: Pick<Exchange, 'pairs' | 'lastPrice'>; lastClose: WithdrawalReviewGateDeps['lastClose'] },
  currency: string,
  amount: string,
): Promise<Decimal | null> {
  if (USD_LIKE.has(currency)) return new Decimal(amount);
  const pairs = deps.exchange.pairs().filter((p) => p.base === currency && USD_LIKE.has(p.quote));
  for (const read of [(pair: string) => Promise.resolve(deps.exchange.lastPrice(pair)), deps.lastClose]) {
    for (const p of pairs) {
      const price = await read(p.symbol);
      if (price !== null && new Decimal(price).gt(0)) return new Decimal(price).mul(amount);
    }
  }
  return null;
}

export function createWithdrawalReviewGate(deps: WithdrawalReviewGateDeps, store: TransferStore) {
  const { exchange, reviews } = deps;

  async function pay(row: TransferRow): Promise<void> {
    try {
      await deps.payouts.send({
        id: row.id,
        currency: row.currency,
        amount: row.amount,
        address: row.address,
        method: row.method,
        bankAccountId: row.bank_account_id,
      });
    } catch (err) {
      // Pending now: the next restart (resume) hands it to the processor again.
      deps.log.error({ err, transfer: row.id }, 'payout processor refused an approved withdrawal; it stays pending');
    }
  }

  /** Applies an operator's decision to the withdrawal of the same id; nothing when it is no longer in review. */
  async function apply(id: string, decision: 'approved' | 'rejected'): Promise<void> {
    const row = await store.byId(id);
    if (!row || row.status !== 'review' || store.isStarting(id)) return;
    if (!exchange.isTransferPending(transferRef(id))) {
      // The writer never held it (or no longer does): its lines say how it ended.
      await store.reconcile(row);
      return;
    }
    if (decision === 'approved') {
      if (await store.releaseFromReview(id)) await pay(row);
    } else {
      await store.complete(row, 'rejected');
    }
  }

  reviews.setHandlers({
    onApproved: (review) => apply(review.id, 'approved'),
    onRejected: (review) => apply(review.id, 'rejected'),
  });

  return {
    /**
     * Whether this withdrawal waits for review: worth more than the threshold. A currency that
     * nothing prices yet (no trade and no candle against USD or a stablecoin) is not held: there
     * is no USD figure to compare, and a fresh market would otherwise stop every withdrawal.
     */
    async needsReview(currency: string, amount: string): Promise<boolean> {
      const usd = await usdWorth(deps, currency, amount);
      return usd !== null && reviews.needsReview(usd);
    },

    /** Writes the review of a withdrawal row (in the transaction that stores the row). */
    hold(row: TransferRow, destination: string) {
      return (trx: Executor) =>
        reviews.hold({ id: row.id, userId: row.user_id, currency: row.currency, amount: row.amount, destination }, trx);
    },

    /** Decisions not applied yet, and rows in review the writer does not hold. */
    async poll(): Promise<void> {
      for (const row of await store.inReview()) {
        if (store.isStarting(row.id)) continue;
        if (!exchange.isTransferPending(transferRef(row.id))) {
          await store.reconcile(row);
          continue;
        }
        const review = await reviews.get(row.id);
        if (review?.status === 'approved' || review?.status === 'rejected') await apply(row.id, review.status);
      }
    },
  };
}

export type WithdrawalReviewGate = ReturnType<typeof createWithdrawalReviewGate>;
