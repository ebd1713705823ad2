import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerPasswordRoutes } from './password-routes';
import { registerRegistrationRoutes } from './registration-routes';
import { registerSessionRoutes } from './session-routes';
import { registerVerificationRoutes } from './verification-routes';

/** Every account call of spec A §7 (sessions, registration, passwords, verification). */
export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerSessionRoutes(app, ctx);
  registerRegistrationRoutes(app, ctx);
  registerPasswordRoutes(app, ctx);
  registerVerificationRoutes(app, ctx);
}

export { userView } from './user-view';
