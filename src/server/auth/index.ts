export { createAuthenticator, toAuthenticatedUser, bearerToken, parseRoles } from './authenticate';
export type { AuthContext, AuthenticatedUser, AuthVia, Authenticator } from './authenticate';
export { isTrustedOrigin, rawRequestScheme } from './origin';
export { ACCESS_COOKIE, REFRESH_COOKIE, REFRESH_COOKIE_PATH, sessionCookies, type SessionCookies } from './cookies';
export { createSessionEvents, type SessionEnd, type SessionEvents } from './session-events';
export { createSessionService, defaultSessionTimings, type SessionService, type SessionTimings } from './session-service';
export { loadOrCreateKeys, deriveKeys, type ServerKeys } from './keys';
export { hashPassword, verifyPassword, burnPasswordCheck } from './passwords';
export { admitsSignIn } from './account-kind';
