import { accountMessages, passwordMessages, passwordPolicyMessages, verificationMessages } from '../../shared/messages';
import { eddErrors } from '../edd/errors';
import { exchangeErrors } from '../exchange/errors';
import { transferErrors } from '../transfers/errors';

// Every error the server answers with, by stable code. Clients show `detail` (spec A §8
// picks validation errors first, then detail, then title), so details are complete sentences
// and reuse the spec's texts where the spec gives one.

export interface ErrorDefinition {
  status: number;
  detail: string;
}

export const errorCatalogue = {
  // Generic HTTP-level failures.
  validation_failed: { status: 400, detail: accountMessages.invalidRequest },
  invalid_json: { status: 400, detail: 'The request body is not valid JSON.' },
  bad_request: { status: 400, detail: accountMessages.invalidRequest },
  payload_too_large: { status: 413, detail: 'The request body is too large.' },
  unsupported_media_type: { status: 415, detail: 'The request body must be JSON (application/json).' },
  route_not_found: { status: 404, detail: 'No such endpoint.' },
  not_found: { status: 404, detail: 'The requested resource does not exist.' },
  rate_limited: { status: 429, detail: 'Too many requests. Please wait a moment and try again.' },
  internal: { status: 500, detail: 'An unexpected error occurred. Please try again later.' },

  // Sessions.
  unauthenticated: { status: 401, detail: 'You need to log in to do this.' },
  session_expired: { status: 401, detail: accountMessages.sessionExpired },
  invalid_credentials: { status: 401, detail: accountMessages.invalidLogin },
  refresh_token_missing: { status: 401, detail: accountMessages.sessionExpired },
  refresh_token_invalid: { status: 401, detail: accountMessages.sessionExpired },
  refresh_token_reused: { status: 401, detail: accountMessages.sessionExpired },
  auth_method_required: { status: 403, detail: 'Cookie-authenticated calls must send the header X-Auth-Method: cookie.' },
  untrusted_origin: { status: 403, detail: 'Requests from this origin are not allowed.' },
  forbidden: { status: 403, detail: 'You do not have permission to do this.' },
  method_not_allowed: { status: 405, detail: 'This method is not allowed here.' },

  // The real-time hub.
  hub_connections_exceeded: {
    status: 429,
    detail: 'Too many live connections are open for this account. Close one (another tab or device) and try again.',
  },
  hub_negotiations_exceeded: {
    status: 429,
    detail: 'Too many live connections are being opened for this account at once. Please wait a moment.',
  },
  hub_connection_busy: { status: 409, detail: 'Another request is already using this live connection.' },
  hub_unavailable: { status: 503, detail: 'The live connection is temporarily unavailable. Please try again.' },

  // Accounts.
  email_taken: { status: 409, detail: 'An account with this email address already exists.' },
  wrong_account_type: { status: 409, detail: 'This step only applies to business accounts.' },
  reset_token_invalid: { status: 400, detail: passwordMessages.resetTokenInvalid },
  password_breached: { status: 400, detail: passwordPolicyMessages.breached },
  already_verified: { status: 409, detail: 'This contact detail is already verified.' },
  verification_code_incorrect: { status: 400, detail: verificationMessages.codeIncorrect },
  verification_code_expired: { status: 400, detail: 'The verification code has expired. Please request a new one.' },
  verification_code_missing: { status: 400, detail: 'No verification code is pending. Please request a new one.' },
  verification_attempts_exceeded: {
    status: 400,
    detail: 'Too many incorrect attempts. Please request a new verification code.',
  },
  ...exchangeErrors,
  ...transferErrors,
  ...eddErrors,
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof errorCatalogue;
