import { accountLimits } from '../../shared/constants';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { appError } from '../errors';
import { randomToken, sha256 } from '../lib/crypto';
import { inTransaction, repositories, type Repositories } from '../repositories';
import { outboxTemplates } from '../outbox';
import { admitsSignIn, hashPassword } from '../auth';

export function resetLink(publicUrl: string, userId: string, token: string): string {
  const q = new URLSearchParams({ userId, token });
  return `${publicUrl}/account/password/reset-password?${q.toString()}`;
}

/** Forgotten-password links: random token, stored hashed, valid 24 h (spec A §9), single use. */
export function createPasswordReset(ctx: AppContext) {
  const resettable = (user: UserRow | undefined): user is UserRow => !!user && admitsSignIn(user, ctx.config.devRoutes);

  async function usableToken(repos: Repositories, userId: string, token: string) {
    const row = await repos.resetTokens.find(sha256(token));
    const ok = row && row.user_id === userId && row.used_at === null && row.expires_at > ctx.clock.now();
    // A link made before its account became unusable (a system or demo account) opens nothing.
    return ok && resettable(await repos.users.findById(userId)) ? row : undefined;
  }

  return {
    /** Sends a link when a person's account exists; silent otherwise, so emails cannot be probed. */
    async requestLink(email: string): Promise<void> {
      const sent = await inTransaction(ctx.database, async (repos) => {
        const user = await repos.users.findByEmail(email);
        if (!resettable(user)) return false;
        const token = randomToken();
        const now = ctx.clock.now();
        await repos.resetTokens.insert({
          token_hash: sha256(token),
          user_id: user.id,
          created_at: now,
          expires_at: now + accountLimits.resetLinkLifetimeMs,
          used_at: null,
        });
        const hours = Math.round(accountLimits.resetLinkLifetimeMs / 3_600_000);
        await ctx.outbox.enqueue(
          repos,
          outboxTemplates.passwordResetMail(user.email, resetLink(ctx.config.publicUrl, user.id, token), hours),
        );
        return true;
      });
      if (sent) ctx.outbox.kick();
    },

    async validate(userId: string, token: string): Promise<void> {
      const row = await usableToken(repositories(ctx.database.db), userId, token);
      if (!row) throw appError('reset_token_invalid');
    },

    /** Sets the new password, spends every open link and signs out every session. */
    async reset(userId: string, token: string, newPassword: string): Promise<UserRow> {
      await this.validate(userId, token);
      // Hash outside the transaction: argon2 takes tens of ms and SQLite has one writer.
      const passwordHash = await hashPassword(newPassword);
      const done = await inTransaction(ctx.database, async (repos) => {
        // Checked again inside the transaction: a concurrent reset may have used the link.
        if (!(await usableToken(repos, userId, token))) return undefined;
        const now = ctx.clock.now();
        await repos.users.update(userId, { password_hash: passwordHash, updated_at: now });
        await repos.resetTokens.markAllUsed(userId, now);
        const ended = await ctx.sessions.endAllForUser(repos, userId, 'password_reset');
        const updated = await repos.users.findById(userId);
        if (updated) await ctx.outbox.enqueue(repos, outboxTemplates.passwordChangedMail(updated.email));
        return updated ? { updated, ended } : undefined;
      });
      if (!done) throw appError('reset_token_invalid');
      ctx.sessionEvents.emit(done.ended);
      ctx.outbox.kick();
      return done.updated;
    },
  };
}
