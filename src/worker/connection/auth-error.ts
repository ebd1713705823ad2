import { messageOf, statusOf } from '../result';

const AUTH_WORDS = ['unauthorized', 'invalid_token', 'token expired', 'authentication', 'forbidden'];

/**
 * Spec B §8: authentication-type errors are status 401, or a message containing
 * unauthorized, invalid_token, token expired, authentication or forbidden.
 */
export function isAuthError(reason: unknown): boolean {
  if (statusOf(reason) === 401) return true;
  const text = messageOf(reason).toLowerCase();
  // SignalR's negotiate failure reads "... Status code '401'".
  if (/status code '?401'?/.test(text)) return true;
  return AUTH_WORDS.some((w) => text.includes(w));
}
