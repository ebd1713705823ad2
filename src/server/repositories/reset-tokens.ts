import type { Executor } from '../db/database';
import type { PasswordResetTokenRow } from '../db/schema';

export function resetTokensRepository(db: Executor) {
  return {
    async insert(token: PasswordResetTokenRow): Promise<void> {
      await db.insertInto('password_reset_tokens').values(token).execute();
    },

    async find(tokenHash: string): Promise<PasswordResetTokenRow | undefined> {
      return db.selectFrom('password_reset_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },

    /** After a successful reset every outstanding link of the user stops working. */
    async markAllUsed(userId: string, now: number): Promise<void> {
      await db
        .updateTable('password_reset_tokens')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
    },
  };
}
export type ResetTokensRepository = ReturnType<typeof resetTokensRepository>;
