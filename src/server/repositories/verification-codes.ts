import type { ExpressionBuilder } from 'kysely';
import type { Executor } from '../db/database';
import type { Database, VerificationCodeRow } from '../db/schema';

export interface AttemptBudget {
  /** Attempts allowed in one window. */
  max: number;
  /** A window lasts this long from its first attempt; then the budget is whole again. */
  windowMs: number;
}

export function verificationCodesRepository(db: Executor) {
  return {
    /** Only the newest code counts: asking for a new one discards the old ones. */
    async replace(code: VerificationCodeRow): Promise<void> {
      await db.deleteFrom('verification_codes').where('user_id', '=', code.user_id).where('channel', '=', code.channel).execute();
      await db.insertInto('verification_codes').values(code).execute();
    },

    async findPending(userId: string, channel: string): Promise<VerificationCodeRow | undefined> {
      return db
        .selectFrom('verification_codes')
        .selectAll()
        .where('user_id', '=', userId)
        .where('channel', '=', channel)
        .where('consumed_at', 'is', null)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
    },

    async consume(id: string, now: number): Promise<void> {
      await db.updateTable('verification_codes').set({ consumed_at: now }).where('id', '=', id).execute();
    },

    /**
     * Takes one attempt from the user's budget for the channel, or answers false (taking nothing)
     * when it is spent. A window that has ended starts over with this attempt. One statement that
     * checks and counts, so concurrent confirms can never share the last attempt (PostgreSQL at
     * READ COMMITTED included).
     */
    async takeAttempt(userId: string, channel: string, now: number, budget: AttemptBudget): Promise<boolean> {
      const cutoff = now - budget.windowMs;
      const ended = (eb: ExpressionBuilder<Database, 'verification_attempts'>) =>
        eb('verification_attempts.window_started_at', '<=', cutoff);
      const row = await db
        .insertInto('verification_attempts')
        .values({ user_id: userId, channel, window_started_at: now, attempts: 1 })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'channel'])
            .doUpdateSet((eb) => ({
              attempts: eb
                .case()
                .when(ended(eb))
                .then(1)
                .else(eb('verification_attempts.attempts', '+', 1))
                .end(),
              window_started_at: eb.case().when(ended(eb)).then(now).else(eb.ref('verification_attempts.window_started_at')).end(),
            }))
            .where((eb) => eb.or([ended(eb), eb('verification_attempts.attempts', '<', budget.max)])),
        )
        .returning('attempts')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** When the user's budget for the channel is whole again (its window's end), if it has a window. */
    async attemptsRenewAt(userId: string, channel: string, budget: AttemptBudget): Promise<number | undefined> {
      const row = await db
        .selectFrom('verification_attempts')
        .select('window_started_at')
        .where('user_id', '=', userId)
        .where('channel', '=', channel)
        .executeTakeFirst();
      return row ? row.window_started_at + budget.windowMs : undefined;
    },

    /** A verified channel needs no budget any more. */
    async forgetAttempts(userId: string, channel: string): Promise<void> {
      await db.deleteFrom('verification_attempts').where('user_id', '=', userId).where('channel', '=', channel).execute();
    },
  };
}
export type VerificationCodesRepository = ReturnType<typeof verificationCodesRepository>;
