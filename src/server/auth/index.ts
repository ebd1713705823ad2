export { assertNotBreached, isBreachedPassword } from './breached-passwords';
export { createAuthenticator, toAuthenticatedUser, bearerToken, parseRoles } from './authenticate';
export type { AuthContext, AuthenticatedUser, AuthVia, Authenticator } from './authenticate';
export { isTrustedOrigin } from './origin';
export { ACCESS_COOKIE, REFRESH_COOKIE, REFRESH_COOKIE_PATH, setSessionCookies, clearSessionCookies } from './cookies';
export { createSessionService, defaultSessionTimings, type SessionService, type SessionTimings } from './session-service';
export { loadOrCreateKeys, deriveKeys, type ServerKeys } from './keys';
export { hashPassword, verifyPassword, burnPasswordCheck } from './passwords';
