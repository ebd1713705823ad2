import type { Executor } from '../db/database';
import type { VerificationCodeRow } from '../db/schema';

export function verificationCodesRepository(db: Executor) {
  return {
    /** Only the newest code counts: asking for a new one discards the old ones. */
    async replace(code: VerificationCodeRow): Promise<void> {
      await db
        .deleteFrom('verification_codes')
        .where('user_id', '=', code.user_id)
        .where('channel', '=', code.channel)
        .execute();
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

    async recordFailedAttempt(id: string): Promise<void> {
      await db
        .updateTable('verification_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },

    async consume(id: string, now: number): Promise<void> {
      await db.updateTable('verification_codes').set({ consumed_at: now }).where('id', '=', id).execute();
    },
  };
}
export type VerificationCodesRepository = ReturnType<typeof verificationCodesRepository>;
