import type { FastifyInstance } from 'fastify';
import {
  addApprovedAddressSchema,
  approvedAddressIdParamsSchema,
  approvedAddressListSchema,
  approvedAddressSchema,
  approvedAddressSettingsSchema,
  confirmApprovedAddressSchema,
} from '../../shared/api/approved-addresses';
import { paths } from '../../shared/api/paths';
import { paymentResultSchema } from '../../shared/api/payments';
import type { AppContext } from '../context';
import { defineRoute } from '../http/route';
import { byUser, rateLimit } from '../http/rate-limit';
import type { ApprovedAddressBook } from './approved-address-book';

/** security/approved-addresses (our design, docs/API.md). */
export function registerApprovedAddressRoutes(app: FastifyInstance, ctx: AppContext, book: ApprovedAddressBook): void {
  const { authenticator } = ctx;
  // Each new address mails a code: limited like verification codes, so nobody floods a mailbox.
  const addLimit = [rateLimit(app, ctx.config.rateLimits.codeRequestPerUser, byUser)];

  defineRoute(app, authenticator, {
    method: 'GET',
    url: paths.security.approvedAddresses,
    auth: true,
    response: approvedAddressListSchema,
    async handler({ auth }) {
      return book.list(auth.user.id);
    },
  });

  defineRoute(app, authenticator, {
    method: 'POST',
    url: paths.security.approvedAddresses,
    auth: true,
    body: addApprovedAddressSchema,
    response: approvedAddressSchema,
    status: 201,
    preHandler: addLimit,
    async handler({ auth, body }) {
      return book.add(auth.user, body);
    },
  });

  defineRoute(app, authenticator, {
    method: 'POST',
    url: `${paths.security.approvedAddresses}/:id/confirm`,
    auth: true,
    params: approvedAddressIdParamsSchema,
    body: confirmApprovedAddressSchema,
    response: approvedAddressSchema,
    async handler({ auth, params, body }) {
      return book.confirm(auth.user.id, params.id, body.code);
    },
  });

  defineRoute(app, authenticator, {
    method: 'DELETE',
    url: `${paths.security.approvedAddresses}/:id`,
    auth: true,
    params: approvedAddressIdParamsSchema,
    response: paymentResultSchema,
    async handler({ auth, params }) {
      await book.remove(auth.user.id, params.id);
      return { success: true, message: 'The address was removed.' };
    },
  });

  defineRoute(app, authenticator, {
    method: 'PUT',
    url: paths.security.approvedAddressSettings,
    auth: true,
    body: approvedAddressSettingsSchema,
    response: approvedAddressListSchema,
    async handler({ auth, body }) {
      await book.setOnlyApproved(auth.user, body.withdraw_only_to_approved);
      return book.list(auth.user.id);
    },
  });
}
