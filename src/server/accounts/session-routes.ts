import type { FastifyInstance } from 'fastify';
import { loginRequestSchema, loginResponseSchema, messageResponseSchema } from '../../shared/api/auth';
import { paths } from '../../shared/api/paths';
import { userSchema } from '../../shared/api/users';
import { admitsSignIn, burnPasswordCheck, verifyPassword, type SessionEnd } from '../auth';
import type { AppContext } from '../context';
import { appError } from '../errors';
import { declaresCookieAuth } from '../http/auth-guard';
import { byBodyField, byIp, rateLimit } from '../http/rate-limit';
import { defineRoute } from '../http/route';
import { inTransaction, repositories } from '../repositories';
import { sessionMeta } from './request-meta';
import { userView } from './user-view';

/** Spec A §7: who am I, login, logout, refresh. */
export function registerSessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { database, clock, sessions, authenticator, config, cookies, sessionEvents } = ctx;

  defineRoute(app, authenticator, {
    method: 'GET',
    url: paths.users.me,
    auth: true,
    response: userSchema,
    async handler({ auth }) {
      return userView(auth.user);
    },
  });

  defineRoute(app, authenticator, {
    method: 'POST',
    url: paths.auth.login,
    auth: false,
    body: loginRequestSchema,
    response: loginResponseSchema,
    preHandler: [
      rateLimit(app, config.rateLimits.loginPerIp, byIp),
      rateLimit(app, config.rateLimits.loginPerAccount, byBodyField('email')),
    ],
    async handler({ body, request, reply }) {
      const user = await repositories(database.db).users.findByEmail(body.email);
      if (!user || !admitsSignIn(user, config.devRoutes)) {
        await burnPasswordCheck(body.password);
        throw appError('invalid_credentials');
      }
      if (!(await verifyPassword(user.password_hash, body.password))) throw appError('invalid_credentials');
      const session = await inTransaction(database, (repos) => sessions.start(repos, user.id, sessionMeta(request)));
      cookies.set(request, reply, session, clock.now());
      request.log.info({ userId: user.id, sessionId: session.sessionId }, 'login');
      return { user_details: userView(user) };
    },
  });

  // Exempt from X-Auth-Method (spec A §6): logging out must work even from a broken client.
  defineRoute(app, authenticator, {
    method: 'POST',
    url: paths.auth.logout,
    auth: false,
    response: messageResponseSchema,
    async handler({ request, reply }) {
      const refresh = request.cookies[cookies.refresh];
      const access = request.cookies[cookies.access];
      const current = access ? await authenticator.resolveAccessToken(access, 'cookie') : null;
      const ended = await inTransaction(database, async (repos) => {
        const ends: SessionEnd[] = [];
        const byRefresh = refresh ? await sessions.endByRefreshToken(repos, refresh, 'logout') : null;
        if (byRefresh) ends.push(byRefresh);
        if (current) ends.push(await sessions.end(repos, current.sessionId, 'logout'));
        return ends;
      });
      for (const end of ended) sessionEvents.emit(end);
      cookies.clear(request, reply);
      return { success: true, message: 'You have been logged out.' };
    },
  });

  defineRoute(app, authenticator, {
    method: 'POST',
    url: paths.auth.refreshToken,
    auth: false,
    response: loginResponseSchema,
    async handler({ request, reply }) {
      if (!declaresCookieAuth(request)) throw appError('auth_method_required');
      const presented = request.cookies[cookies.refresh];
      if (!presented) throw appError('refresh_token_missing');
      const result = await inTransaction(database, (repos) => sessions.rotate(repos, presented));
      if (!result.ok) {
        if (result.ended) sessionEvents.emit(result.ended);
        cookies.clear(request, reply);
        if (result.code === 'refresh_token_reused') request.log.warn('refresh token reused after its grace window: session revoked');
        throw appError(result.code);
      }
      const user = await repositories(database.db).users.findById(result.userId);
      if (!user || !admitsSignIn(user, config.devRoutes)) {
        cookies.clear(request, reply);
        throw appError('refresh_token_invalid');
      }
      cookies.set(request, reply, result, clock.now());
      return { user_details: userView(user) };
    },
  });
}
