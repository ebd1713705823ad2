import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerPasswordRoutes } from './password-routes';
import { registerRegistrationRoutes } from './registration-routes';
import { registerSessionRoutes } from './session-routes';
import { registerVerificationRoutes } from './verification-routes';

/** The user account's calls of spec A §7: sessions, registration, passwords, verification. */
export function registerUserAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerSessionRoutes(app, ctx);
  registerRegistrationRoutes(app, ctx);
  registerPasswordRoutes(app, ctx);
  registerVerificationRoutes(app, ctx);
}

export { userView } from './user-view';
