import { invalidateAuth } from '../auth/auth-cache';
import type { Executor } from '../db/database';
import type { RefreshTokenRow, SessionRow } from '../db/schema';

/** Login sessions (refresh-token families) and their refresh tokens. */
export function sessionsRepository(db: Executor) {
  return {
    async create(session: SessionRow): Promise<void> {
      await db.insertInto('sessions').values(session).execute();
    },

    async findById(id: string): Promise<SessionRow | undefined> {
      return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async touch(id: string, now: number): Promise<void> {
      await db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', id).execute();
    },

    async revoke(id: string, now: number, reason: string): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now, revoked_reason: reason })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
      invalidateAuth({ sessionId: id });
    },

    async revokeAllForUser(userId: string, now: number, reason: string): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now, revoked_reason: reason })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
      invalidateAuth({ userId });
    },

    async insertRefreshToken(token: RefreshTokenRow): Promise<void> {
      await db.insertInto('refresh_tokens').values(token).execute();
    },

    async findRefreshToken(tokenHash: string): Promise<RefreshTokenRow | undefined> {
      return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },

    /** Marks a token rotated; false if someone else rotated it first (lost race). */
    async markRotated(tokenHash: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('refresh_tokens')
        .set({ rotated_at: now })
        .where('token_hash', '=', tokenHash)
        .where('rotated_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Drops tokens that can no longer be used, so the table does not grow forever. */
    async deleteExpiredRefreshTokens(now: number): Promise<number> {
      const result = await db.deleteFrom('refresh_tokens').where('expires_at', '<', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
