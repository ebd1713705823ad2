import { verificationLimits } from '../../shared/constants';
import { verificationMessages } from '../../shared/messages';
import type { VerificationChannel } from '../../shared/api/auth';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { appError, type ErrorCode } from '../errors';
import { hmac, randomDigits, safeEqual } from '../lib/crypto';
import { newId } from '../lib/ids';
import { inTransaction } from '../repositories';
import { outboxTemplates } from '../outbox';

/** Where a channel's code goes: the email address or the joined phone number. */
export function destinationOf(user: UserRow, channel: VerificationChannel): string {
  return channel === 'email' ? user.email : `${user.phone_country_code}${user.phone_number}`;
}

function isConfirmed(user: UserRow, channel: VerificationChannel): boolean {
  return (channel === 'email' ? user.email_confirmed : user.phone_confirmed) === 1;
}

/** Masks all but the edges, so the answer confirms where the code went without repeating it. */
export function maskDestination(destination: string, channel: VerificationChannel): string {
  if (channel === 'phone') return `${'•'.repeat(Math.max(0, destination.length - 4))}${destination.slice(-4)}`;
  const [local = '', domain = ''] = destination.split('@');
  return `${local.slice(0, 1)}${'•'.repeat(Math.max(1, local.length - 1))}@${domain}`;
}

/** Wrong codes allowed per user and channel, across the codes sent to them (docs/API.md). */
const attemptBudget = { max: verificationLimits.codeMaxAttempts, windowMs: verificationLimits.codeAttemptWindowMs };

type ConfirmOutcome = { code: ErrorCode | 'ok'; renewsAt?: number | undefined };

/**
 * Email and phone verification codes: 6 digits, stored as a keyed hash, valid 10 min; 5 attempts
 * per user and channel in 15 minutes, which a new code does not restore.
 */
export function createVerification(ctx: AppContext) {
  const codeHash = (userId: string, channel: string, code: string) => hmac(ctx.keys.codes, `${userId}:${channel}:${code}`);

  return {
    async request(user: UserRow, channel: VerificationChannel): Promise<{ destination: string }> {
      if (isConfirmed(user, channel)) throw appError('already_verified');
      const code = randomDigits(verificationLimits.codeDigits);
      const destination = destinationOf(user, channel);
      const now = ctx.clock.now();
      await inTransaction(ctx.database, async (repos) => {
        await repos.verificationCodes.replace({
          id: newId(),
          user_id: user.id,
          channel,
          destination,
          code_hash: codeHash(user.id, channel, code),
          created_at: now,
          expires_at: now + verificationLimits.codeLifetimeMs,
          consumed_at: null,
        });
        const draft =
          channel === 'email'
            ? outboxTemplates.emailVerificationMail(destination, code)
            : outboxTemplates.phoneVerificationSms(destination, code);
        await ctx.outbox.enqueue(repos, draft);
      });
      ctx.outbox.kick();
      return { destination: maskDestination(destination, channel) };
    },

    /**
     * Confirms a code. Every comparison first takes an attempt from the budget, in the same
     * statement that checks it is not spent, so no two concurrent confirms share the last one;
     * a wrong code keeps it taken even though the call then fails.
     */
    async confirm(user: UserRow, channel: VerificationChannel, code: string): Promise<void> {
      if (isConfirmed(user, channel)) throw appError('already_verified');
      const outcome = await inTransaction(ctx.database, async (repos): Promise<ConfirmOutcome> => {
        const now = ctx.clock.now();
        const codes = repos.verificationCodes;
        const pending = await codes.findPending(user.id, channel);
        if (!pending || pending.destination !== destinationOf(user, channel)) return { code: 'verification_code_missing' };
        if (pending.expires_at <= now) return { code: 'verification_code_expired' };
        if (!(await codes.takeAttempt(user.id, channel, now, attemptBudget))) {
          return { code: 'verification_attempts_exceeded', renewsAt: await codes.attemptsRenewAt(user.id, channel, attemptBudget) };
        }
        if (!safeEqual(pending.code_hash, codeHash(user.id, channel, code))) return { code: 'verification_code_incorrect' };
        await codes.consume(pending.id, now);
        await codes.forgetAttempts(user.id, channel);
        await repos.users.update(user.id, {
          ...(channel === 'email' ? { email_confirmed: 1 } : { phone_confirmed: 1 }),
          updated_at: now,
        });
        return { code: 'ok' };
      });
      switch (outcome.code) {
        case 'ok':
          return;
        case 'verification_code_incorrect':
          throw appError(outcome.code, { errors: { code: [verificationMessages.codeIncorrect] } });
        case 'verification_attempts_exceeded': {
          const seconds = outcome.renewsAt === undefined ? 0 : Math.ceil((outcome.renewsAt - ctx.clock.now()) / 1000);
          throw appError(outcome.code, seconds > 0 ? { headers: { 'Retry-After': String(seconds) } } : {});
        }
        default:
          throw appError(outcome.code);
      }
    },
  };
}
