import type { WithdrawResponse } from '../../shared/api/transfers';
import { isValidAddress } from '../../shared/addresses/is-valid-address';
import type { BitcoinNetwork } from '../../shared/addresses/bitcoin-address';
import { accountMessages } from '../../shared/messages';
import { canonicalDecimal, fromUnits, toUnits } from '../../shared/money/units';
import type { Clock } from '../time/timers';
import { validationError } from '../errors';
import type { Exchange } from '../exchange';
import { newId } from '../lib/ids';
import { withdrawFee, type MoneyConfig } from './money-config';
import type { PayoutProcessor } from './payout-processor';
import { transferRef, type TransferRow, type TransferStore } from './transfer-store';
import type { WithdrawalReviewGate } from './withdrawal-review-gate';

// POST withdraw: every check first (currency, address and its checksum, the approved-address
// setting, the USD rails), then amount + fee held by the writer and the payout handed over;
// a large withdrawal is held the same way but waits for an operator instead of the payout.

export interface WithdrawalChecks {
  /** Throws when the user may not withdraw crypto to this address (approved-address setting). */
  cryptoAddress(userId: string, currency: string, address: string): Promise<void>;
  /** The bank account a USD withdrawal of this type goes to; throws when the user has none usable. */
  usdBankAccount(userId: string, transferType: 'ach' | 'wire'): Promise<string>;
}

export interface WithdrawalDeps {
  exchange: Exchange;
  clock: Clock;
  config: MoneyConfig;
  bitcoinNetwork: BitcoinNetwork;
  payouts: PayoutProcessor;
  checks: WithdrawalChecks;
  log: { error(obj: object, msg?: string): void };
}

export interface WithdrawInput {
  currency: string;
  amount: string;
  memo?: string | undefined;
  transferType?: 'ach' | 'wire' | undefined;
  address?: string | undefined;
}

export function createWithdrawals(deps: WithdrawalDeps, store: TransferStore, gate: WithdrawalReviewGate) {
  /** Where the money goes: the method, and the address or bank account. */
  async function destination(userId: string, req: WithdrawInput) {
    if (req.currency === 'usd') {
      const type = req.transferType;
      if (!type) throw validationError({ transferType: [accountMessages.withdrawTransferMethod] });
      return { method: type, address: null, bankAccountId: await deps.checks.usdBankAccount(userId, type) };
    }
    const address = req.address ?? '';
    if (!isValidAddress(req.currency, address, { bitcoinNetwork: deps.bitcoinNetwork }))
      throw validationError({ address: [accountMessages.withdrawAddress] });
    await deps.checks.cryptoAddress(userId, req.currency, address);
    return { method: 'chain', address, bankAccountId: null };
  }

  return {
    async withdraw(userId: string, req: WithdrawInput): Promise<WithdrawResponse> {
      const { currency } = req;
      await store.knownCurrency(currency);
      const { method, address, bankAccountId } = await destination(userId, req);
      const amount = canonicalDecimal(req.amount);
      const fee = withdrawFee(deps.config, currency);
      const review = await gate.needsReview(currency, amount);
      const now = deps.clock.now();
      const row: TransferRow = {
        id: newId(),
        user_id: userId,
        kind: 'withdrawal',
        method,
        currency,
        amount,
        fee,
        status: review ? 'review' : 'pending',
        address,
        memo: req.memo ?? null,
        bank_account_id: bankAccountId,
        external_id: null,
        confirmations: 0,
        required_confirmations: 0,
        due_at: null,
        created_at: now,
        updated_at: now,
      };
      const ask = () => deps.exchange.beginWithdrawal(userId, currency, amount, fee, transferRef(row.id));
      const total = fromUnits(toUnits(amount) + toUnits(fee));
      if (review) {
        const to = address ?? `${method.toUpperCase()} to bank account ${bankAccountId}`;
        await store.start(row, ask, gate.hold(row, to));
        return {
          success: true,
          message: `Your withdrawal of ${amount} ${currency.toUpperCase()} (fee ${fee}, ${total} in total) is pending review: large withdrawals are checked by our team before they are paid. The funds stay on hold until then; you will be mailed the outcome.`,
        };
      }
      await store.start(row, ask);
      try {
        await deps.payouts.send({ id: row.id, currency, amount, address, method, bankAccountId });
      } catch (err) {
        // Held and recorded: the next restart (resume) hands it to the processor again.
        deps.log.error({ err, transfer: row.id }, 'payout processor refused a withdrawal; it stays pending');
      }
      return {
        success: true,
        message: `Your withdrawal of ${amount} ${currency.toUpperCase()} (fee ${fee}, ${total} in total) is pending.`,
      };
    },
  };
}
