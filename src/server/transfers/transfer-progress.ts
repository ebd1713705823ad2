import { canonicalDecimal } from '../../shared/money/units';
import type { Clock } from '../time/timers';
import type { Exchange } from '../exchange';
import type { ChainWatcher } from './chain-watcher';
import type { DepositAddressBook } from './deposit-addresses';
import { requiredConfirmations, type MoneyConfig } from './money-config';
import type { PayoutProcessor } from './payout-processor';
import { transferRef, type TransferStore } from './transfer-store';
import type { WithdrawalReviewGate } from './withdrawal-review-gate';

// The loop that moves transfers on: new chain transfers and their confirmations, payouts that
// finished, time-settled deposits (ACH) that are due, large withdrawals an operator decided; and,
// after a restart, handing what is still pending back to the chain watcher and the payout
// processor (withdrawals in review get no payout until approved).

export interface TransferProgressDeps {
  exchange: Exchange;
  clock: Clock;
  config: MoneyConfig;
  chain: ChainWatcher;
  payouts: PayoutProcessor;
  addresses: DepositAddressBook;
}

export function createTransferProgress(deps: TransferProgressDeps, store: TransferStore, reviews: Pick<WithdrawalReviewGate, 'poll'>) {
  const { chain, config, exchange, clock } = deps;

  async function pollChain(): Promise<void> {
    for (const seen of await chain.poll()) {
      let row = await store.byExternalId(seen.txid);
      if (!row) {
        const owner = await deps.addresses.owner(seen.address);
        if (!owner) {
          chain.settled(seen.txid);
          continue;
        }
        row = await store.startDeposit({
          user_id: owner.userId,
          method: 'chain',
          currency: owner.currency,
          amount: canonicalDecimal(seen.amount),
          address: seen.address,
          memo: null,
          bank_account_id: null,
          external_id: seen.txid,
          confirmations: seen.confirmations,
          required_confirmations: requiredConfirmations(config, owner.currency),
          due_at: null,
        });
      }
      if (row.status !== 'pending') {
        chain.settled(seen.txid);
        continue;
      }
      const confirmations = Math.min(seen.confirmations, 1_000_000);
      if (confirmations >= Number(row.required_confirmations)) {
        await store.complete(row, 'done', { confirmations });
        chain.settled(seen.txid);
      } else if (confirmations !== Number(row.confirmations)) {
        await store.setConfirmations(row.id, confirmations);
      }
    }
  }

  async function pollPending(): Promise<void> {
    const now = clock.now();
    for (const row of await store.pending()) {
      if (store.isStarting(row.id)) continue;
      if (!exchange.isTransferPending(transferRef(row.id))) {
        await store.reconcile(row);
        continue;
      }
      if (row.kind === 'withdrawal') {
        const status = await deps.payouts.status(row.id);
        if (status !== 'pending') await store.complete(row, status);
      } else if (row.method !== 'chain' && row.due_at !== null && Number(row.due_at) <= now) {
        await store.complete(row, 'done');
      }
    }
  }

  let running: Promise<void> | null = null;
  let stopped = false;

  return {
    /** One look at everything in motion; never runs twice at once. */
    async poll(): Promise<void> {
      if (stopped) return;
      if (running) return running;
      running = (async () => {
        try {
          await pollChain();
          await pollPending();
          await reviews.poll();
        } finally {
          running = null;
        }
      })();
      return running;
    },

    /** After a restart: hands payouts and chain transfers still pending back to their processors. */
    async resume(): Promise<void> {
      const rows = await store.pending();
      chain.resume(
        rows
          .filter((r) => r.method === 'chain' && r.external_id !== null && r.address !== null)
          .map((r) => ({ txid: r.external_id!, address: r.address!, amount: r.amount, seenAt: Number(r.created_at) })),
      );
      for (const r of rows) {
        if (r.kind !== 'withdrawal') continue;
        await deps.payouts.send({
          id: r.id,
          currency: r.currency,
          amount: r.amount,
          address: r.address,
          method: r.method,
          bankAccountId: r.bank_account_id,
        });
      }
    },

    async stop(): Promise<void> {
      stopped = true;
      if (running) await running.catch(() => undefined);
    },
  };
}
