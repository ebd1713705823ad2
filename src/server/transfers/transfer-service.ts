import type { TransferWire } from '../../shared/api/transfers';
import type { BitcoinNetwork } from '../../shared/addresses/bitcoin-address';
import { canonicalDecimal } from '../../shared/money/units';
import type { Clock } from '../time/timers';
import type { AppDatabase } from '../db/database';
import { appError } from '../errors';
import type { Exchange } from '../exchange';
import type { ChainWatcher } from './chain-watcher';
import type { DepositAddressBook } from './deposit-addresses';
import { withdrawFee, type MoneyConfig } from './money-config';
import type { PayoutProcessor } from './payout-processor';
import { createTransferProgress } from './transfer-progress';
import { createTransferStore, transferToWire, type DepositCredited } from './transfer-store';
import { createWithdrawals, type WithdrawalChecks, type WithdrawInput } from './withdrawals';
import { createWithdrawalReviewGate, type ReviewQueue } from './withdrawal-review-gate';

// Deposits and withdrawals from request to done. The money moves in the exchange's single
// writer (exchange/transfer-moves.ts): a pending line when a transfer starts, the credit or
// the payout out of the hold when it ends. The `transfers` table keeps what the ledger does not
// (method, address, confirmations, due time); transfer-store.ts links the two, the progress
// loop moves transfers on, withdrawals.ts checks and starts withdrawals.

export { transferRef, transferToWire } from './transfer-store';
export type { WithdrawalChecks } from './withdrawals';

export interface TransferServiceDeps {
  database: AppDatabase;
  exchange: Exchange;
  clock: Clock;
  config: MoneyConfig;
  bitcoinNetwork: BitcoinNetwork;
  chain: ChainWatcher;
  payouts: PayoutProcessor;
  addresses: DepositAddressBook;
  checks: WithdrawalChecks;
  /** Where large withdrawals wait for an operator (WITHDRAWAL_REVIEW_THRESHOLD_USD). */
  reviews: ReviewQueue;
  log: { error(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
  /** After a deposit is credited: the enhanced-due-diligence rule looks at the new total. */
  onDepositCredited?: DepositCredited;
}

export function createTransferService(deps: TransferServiceDeps) {
  const store = createTransferStore(deps.database, deps.exchange, deps.clock, async (userId) => {
    // The money is in; a failed rule check must not undo or stall the credit.
    try {
      await deps.onDepositCredited?.(userId);
    } catch (err) {
      deps.log.error({ err, userId }, 'due-diligence check after a deposit failed');
    }
  });
  const gate = createWithdrawalReviewGate(
    {
      ...deps,
      async lastClose(pair) {
        const row = await deps.database.db
          .selectFrom('candles')
          .select('close')
          .where('pair', '=', pair)
          .orderBy('start', 'desc')
          .limit(1)
          .executeTakeFirst();
        return row?.close ?? null;
      },
    },
    store,
  );
  const progress = createTransferProgress(deps, store, gate);
  const withdrawals = createWithdrawals(deps, store, gate);

  return {
    poll: progress.poll,
    resume: progress.resume,
    stop: progress.stop,
    withdraw: (userId: string, req: WithdrawInput) => withdrawals.withdraw(userId, req),
    checkCurrency: store.knownCurrency,
    bankAccountBusy: store.bankAccountBusy,
    achDepositedSince: store.achDepositedSince,

    withdrawFee(currency: string): string {
      return withdrawFee(deps.config, currency);
    },

    /** Development: an on-chain transfer to one of our deposit addresses, seen at once. */
    async announceChainDeposit(
      simulated: { announce(address: string, amount: string): string },
      address: string,
      amount: string,
    ): Promise<TransferWire> {
      const owner = await deps.addresses.owner(address);
      if (!owner) throw appError('deposit_address_unknown', { errors: { address: ['No deposit address of ours matches this address.'] } });
      const txid = simulated.announce(address, amount);
      await progress.poll();
      // A poll already running may have missed it: look once more.
      let row = await store.byExternalId(txid);
      if (!row) {
        await progress.poll();
        row = await store.byExternalId(txid);
        if (!row) throw appError('internal', { cause: new Error(`chain deposit ${txid} was not picked up`) });
      }
      return transferToWire(row);
    },

    /** A USD deposit settled after `settleMs` (ACH), or at once (settleMs 0: a wire that arrived). */
    async usdDeposit(
      userId: string,
      method: 'ach' | 'wire',
      amount: string,
      opts: { bankAccountId?: string | null; reference?: string; settleMs: number },
    ): Promise<TransferWire> {
      const row = await store.startDeposit({
        user_id: userId,
        method,
        currency: 'usd',
        amount: canonicalDecimal(amount),
        address: null,
        memo: opts.reference ?? null,
        bank_account_id: opts.bankAccountId ?? null,
        external_id: null,
        confirmations: 0,
        required_confirmations: 0,
        due_at: deps.clock.now() + opts.settleMs,
      });
      if (opts.settleMs > 0) return transferToWire(row);
      await store.complete(row, 'done');
      return transferToWire({ ...row, status: 'done' });
    },
  };
}

export type TransferService = ReturnType<typeof createTransferService>;
