import type { FastifyInstance } from 'fastify';
import { loginResponseSchema } from '../../shared/api/auth';
import { paths } from '../../shared/api/paths';
import { beneficialOwnersRequestSchema, principalAddressRequestSchema, registrationRequestSchema } from '../../shared/api/users';
import { assertNotBreached, hashPassword } from '../auth';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/errors';
import type { UserRow } from '../db/schema';
import { appError, errorCatalogue } from '../errors';
import { byIp, rateLimit } from '../http/rate-limit';
import { defineRoute } from '../http/route';
import { createTextSealer } from '../lib/sealed-text';
import { inTransaction, repositories } from '../repositories';
import { beneficialOwnerRows, newUserRow, principalPlaceColumns } from './registration';
import { sessionMeta } from './request-meta';
import { userView } from './user-view';

const emailTaken = () => appError('email_taken', { errors: { email: [errorCatalogue.email_taken.detail] } });

function requireBusiness(user: UserRow): void {
  if (user.account_type !== 'corporation') throw appError('wrong_account_type');
}

/** Spec A §7: registration and the business onboarding steps. */
export function registerRegistrationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { database, clock, sessions, authenticator, config } = ctx;
  const idSealer = createTextSealer(ctx.keys.idNumbers);

  defineRoute(app, authenticator, {
    method: 'POST',
    url: paths.users.register,
    auth: false,
    body: registrationRequestSchema,
    response: loginResponseSchema,
    preHandler: [rateLimit(app, config.rateLimits.registerPerIp, byIp)],
    async handler({ body, request, reply }) {
      assertNotBreached(body.password, 'password');
      // Hashed before the email is looked up, so a taken email costs the same argon2 work as a
      // new one and the answer's timing does not tell them apart (docs/API.md).
      const passwordHash = await hashPassword(body.password);
      if (await repositories(database.db).users.findByEmail(body.email)) throw emailTaken();
      const row = newUserRow(body, passwordHash, clock.now(), idSealer);
      let started;
      try {
        started = await inTransaction(database, async (repos) => {
          await repos.users.insert(row);
          if (body.account_type === 'corporation' && body.beneficial_owners?.length) {
            await repos.users.replaceBeneficialOwners(row.id, beneficialOwnerRows(body.beneficial_owners, idSealer), clock.now());
          }
          const session = await sessions.start(repos, row.id, sessionMeta(request));
          const user = await repos.users.findById(row.id);
          return { session, user: user! };
        });
      } catch (err) {
        // Two registrations of one email racing: the unique index decides, the loser gets 409.
        if (isUniqueViolation(err)) throw emailTaken();
        throw err;
      }
      ctx.cookies.set(request, reply, started.session, clock.now());
      request.log.info({ userId: row.id, accountType: row.account_type }, 'registered');
      return { user_details: userView(started.user) };
    },
  });

  defineRoute(app, authenticator, {
    method: 'PUT',
    url: paths.users.principalAddress,
    auth: true,
    body: principalAddressRequestSchema,
    response: loginResponseSchema,
    async handler({ body, auth }) {
      requireBusiness(auth.user);
      const user = await inTransaction(database, async (repos) => {
        await repos.users.update(auth.user.id, {
          ...principalPlaceColumns(body),
          has_submitted_principal_address: 1,
          updated_at: clock.now(),
        });
        return (await repos.users.findById(auth.user.id))!;
      });
      const view = userView(user);
      ctx.userEvents.emit(auth.user.id, view);
      return { user_details: view };
    },
  });

  defineRoute(app, authenticator, {
    method: 'PUT',
    url: paths.users.beneficialOwners,
    auth: true,
    body: beneficialOwnersRequestSchema,
    response: loginResponseSchema,
    async handler({ body, auth }) {
      requireBusiness(auth.user);
      const user = await inTransaction(database, async (repos) => {
        const now = clock.now();
        await repos.users.replaceBeneficialOwners(auth.user.id, beneficialOwnerRows(body, idSealer), now);
        await repos.users.update(auth.user.id, { has_submitted_beneficial_owners: 1, updated_at: now });
        return (await repos.users.findById(auth.user.id))!;
      });
      const view = userView(user);
      ctx.userEvents.emit(auth.user.id, view);
      return { user_details: view };
    },
  });
}
