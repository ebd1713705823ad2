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

/** Email and phone verification codes: 6 digits, stored as a keyed hash, 10 min, 5 attempts. */
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
          attempts: 0,
          consumed_at: null,
        });
        const draft =
          channel === 'email' ? outboxTemplates.emailVerificationMail(destination, code) : outboxTemplates.phoneVerificationSms(destination, code);
        await ctx.outbox.enqueue(repos, draft);
      });
      ctx.outbox.kick();
      return { destination: maskDestination(destination, channel) };
    },

    /** Confirms a code; wrong attempts are counted even though the call then fails. */
    async confirm(user: UserRow, channel: VerificationChannel, code: string): Promise<void> {
      if (isConfirmed(user, channel)) throw appError('already_verified');
      const outcome = await inTransaction(ctx.database, async (repos): Promise<ErrorCode | 'ok'> => {
        const now = ctx.clock.now();
        const pending = await repos.verificationCodes.findPending(user.id, channel);
        if (!pending || pending.destination !== destinationOf(user, channel)) return 'verification_code_missing';
        if (pending.attempts >= verificationLimits.codeMaxAttempts) return 'verification_attempts_exceeded';
        if (pending.expires_at <= now) return 'verification_code_expired';
        if (!safeEqual(pending.code_hash, codeHash(user.id, channel, code))) {
          await repos.verificationCodes.recordFailedAttempt(pending.id);
          return 'verification_code_incorrect';
        }
        await repos.verificationCodes.consume(pending.id, now);
        await repos.users.update(user.id, {
          ...(channel === 'email' ? { email_confirmed: 1 } : { phone_confirmed: 1 }),
          updated_at: now,
        });
        return 'ok';
      });
      if (outcome === 'verification_code_incorrect') {
        throw appError(outcome, { errors: { code: [verificationMessages.codeIncorrect] } });
      }
      if (outcome !== 'ok') throw appError(outcome);
    },
  };
}
