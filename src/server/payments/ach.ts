import { accountMessages } from '../../shared/messages';
import { fromUnits, toUnits } from '../../shared/money/units';
import type { Clock } from '../time/timers';
import type { AppContext } from '../context';
import { appError } from '../errors';
import type { TransferService } from '../transfers/transfer-service';
import type { BankAccounts } from './bank-accounts';

// ACH: the agreement (spec A's `dwolla` flag) is accepted by onboarding with an active bank
// account; deposits pull from that account, stay pending for the settlement period and are
// limited per rolling 7 days (ACH_WEEKLY_LIMIT, USD).

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export function createAch(ctx: AppContext, banks: BankAccounts, transfers: TransferService, clock: Clock = ctx.clock) {
  const db = ctx.database.db;
  const { money } = ctx.config;
  // Deposits of one process are checked against the limit one at a time, so two at once cannot both fit.
  let queue: Promise<unknown> = Promise.resolve();

  async function agreement(userId: string) {
    return db.selectFrom('ach_agreements').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  return {
    async status(userId: string) {
      return { dwolla: (await agreement(userId)) !== undefined };
    },

    async onboard(userId: string, displayId: string) {
      const account = await banks.activeByDisplayId(userId, displayId);
      const now = clock.now();
      await db
        .insertInto('ach_agreements')
        .values({ user_id: userId, bank_account_id: account.id, completed_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ bank_account_id: account.id, completed_at: now }))
        .execute();
      return { success: true, message: accountMessages.achSuccess };
    },

    weeklyLimit() {
      return { weekly_deposit_limit: money.achWeeklyLimit };
    },

    /** The bank account ACH moves money with; throws when onboarding is missing or the account is gone. */
    async bankAccountId(userId: string): Promise<string> {
      const a = await agreement(userId);
      if (!a) throw appError('ach_not_onboarded');
      const account = await banks.active(userId);
      if (!account || account.id !== a.bank_account_id)
        throw appError('ach_not_onboarded', {
          detail: 'The bank account of your ACH onboarding is no longer active. Complete ACH onboarding again.',
        });
      return account.id;
    },

    async deposit(userId: string, amount: string) {
      const bankAccountId = await this.bankAccountId(userId);
      const run = queue.then(async () => {
        const used = await transfers.achDepositedSince(userId, clock.now() - WEEK_MS);
        const limit = toUnits(money.achWeeklyLimit);
        const left = limit > used ? limit - used : 0n;
        if (toUnits(amount) > left) {
          throw appError('ach_limit_exceeded', {
            detail: `This deposit would exceed your weekly ACH deposit limit of ${fromUnits(limit, 2)} USD; ${fromUnits(left, 2)} USD is left for the next 7 days.`,
            errors: { amount: [`At most ${fromUnits(left, 2)} USD can be deposited by ACH now.`] },
          });
        }
        return transfers.usdDeposit(userId, 'ach', amount, { bankAccountId, settleMs: money.achSettlementMs });
      });
      queue = run.catch(() => undefined);
      const transfer = await run;
      return { success: true, message: `Your ACH deposit of ${transfer.amount} USD is pending until it settles.` };
    },
  };
}

export type Ach = ReturnType<typeof createAch>;
