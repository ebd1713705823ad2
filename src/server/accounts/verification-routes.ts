import type { FastifyInstance } from 'fastify';
import { messageResponseSchema, verificationChannels, verificationConfirmRequestSchema } from '../../shared/api/auth';
import { paths } from '../../shared/api/paths';
import type { AppContext } from '../context';
import { byIp, byUser, rateLimit } from '../http/rate-limit';
import { defineRoute } from '../http/route';
import { createVerification } from './verification';
import { repositories } from '../repositories';
import { userView } from './user-view';

const channelLabel = { email: 'Email address', phone: 'Phone number' } as const;

/** Spec A §7: request and confirm email and phone codes. */
export function registerVerificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const verification = createVerification(ctx);
  const { authenticator, config } = ctx;

  // Shared by both channels: the limit is on codes sent to one user, whatever the channel.
  const requestLimits = [
    rateLimit(app, config.rateLimits.codeRequestPerIp, byIp),
    rateLimit(app, config.rateLimits.codeRequestPerUser, byUser),
  ];

  for (const channel of verificationChannels) {
    defineRoute(app, authenticator, {
      method: 'POST',
      url: paths.auth.verificationRequest(channel),
      auth: true,
      response: messageResponseSchema,
      preHandler: requestLimits,
      async handler({ auth }) {
        const { destination } = await verification.request(auth.user, channel);
        return { success: true, message: `A verification code has been sent to ${destination}.` };
      },
    });

    defineRoute(app, authenticator, {
      method: 'POST',
      url: paths.auth.verificationConfirm(channel),
      auth: true,
      body: verificationConfirmRequestSchema,
      response: messageResponseSchema,
      async handler({ auth, body }) {
        await verification.confirm(auth.user, channel, body.code);
        const user = await repositories(ctx.database.db).users.findById(auth.user.id);
        if (user) ctx.userEvents.emit(auth.user.id, userView(user));
        return { success: true, message: `${channelLabel[channel]} verified.` };
      },
    });
  }
}
