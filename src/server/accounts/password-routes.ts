import type { FastifyInstance } from 'fastify';
import {
  forgotPasswordRequestSchema,
  messageResponseSchema,
  resetPasswordRequestSchema,
  validateResetTokenRequestSchema,
  validateResetTokenResponseSchema,
} from '../../shared/api/auth';
import { paths } from '../../shared/api/paths';
import { assertNotBreached } from '../auth';
import type { AppContext } from '../context';
import { byBodyField, byIp, rateLimit } from '../http/rate-limit';
import { defineRoute } from '../http/route';
import { createPasswordReset } from './password-reset';

export const FORGOT_PASSWORD_ANSWER = 'If an account exists for this email address, a password reset link has been sent to it.';

/** Spec A §7: forgotten password, link check, reset. All exempt from X-Auth-Method (§6). */
export function registerPasswordRoutes(app: FastifyInstance, ctx: AppContext): void {
  const reset = createPasswordReset(ctx);
  const { authenticator, config } = ctx;

  defineRoute(app, authenticator, {
    method: 'POST',
    url: paths.auth.forgotPassword,
    auth: false,
    body: forgotPasswordRequestSchema,
    response: messageResponseSchema,
    preHandler: [
      rateLimit(app, config.rateLimits.forgotPasswordPerIp, byIp),
      rateLimit(app, config.rateLimits.forgotPasswordPerAccount, byBodyField('email')),
    ],
    async handler({ body }) {
      await reset.requestLink(body.email);
      return { success: true, message: FORGOT_PASSWORD_ANSWER };
    },
  });

  defineRoute(app, authenticator, {
    method: 'POST',
    url: paths.auth.validateResetToken,
    auth: false,
    body: validateResetTokenRequestSchema,
    response: validateResetTokenResponseSchema,
    async handler({ body }) {
      await reset.validate(body.user_id, body.token);
      return { valid: true };
    },
  });

  defineRoute(app, authenticator, {
    method: 'POST',
    url: paths.auth.resetPassword,
    auth: false,
    body: resetPasswordRequestSchema,
    response: messageResponseSchema,
    async handler({ body, request }) {
      assertNotBreached(body.new_password, 'new_password');
      const user = await reset.reset(body.user_id, body.token, body.new_password);
      request.log.info({ userId: user.id }, 'password reset; all sessions revoked');
      return { success: true, message: 'Your password has been changed. Please log in with your new password.' };
    },
  });
}
