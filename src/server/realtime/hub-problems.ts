import { AppError, errorCatalogue, PROBLEM_CONTENT_TYPE, type ErrorCode } from '../errors';
import type { HubRejection, RenderedRejection } from '../hub';

// Refused hub requests answer like every other call of the API: a problem body with a code from
// the one catalogue. The official SignalR client puts the body text in its error, so the reason
// reaches whoever reads the error.

/** The hub's own rejection codes, as catalogue codes. */
const byHubCode: Record<string, ErrorCode> = {
  UNAUTHORIZED: 'unauthenticated',
  ORIGIN_NOT_ALLOWED: 'untrusted_origin',
  AUTH_UNAVAILABLE: 'internal',
  TOO_MANY_CONNECTIONS: 'hub_connections_exceeded',
  TOO_MANY_NEGOTIATIONS: 'hub_negotiations_exceeded',
  NEGOTIATION_RATE_EXCEEDED: 'rate_limited',
  SERVER_CLOSING: 'hub_unavailable',
  SERVER_BUSY: 'hub_unavailable',
};

/** Protocol-level refusals (a bad id, a second transport) carry no code: their status picks one. */
const byStatus: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'hub_connection_busy',
  429: 'rate_limited',
  503: 'hub_unavailable',
};

function isCatalogueCode(code: string | undefined): code is ErrorCode {
  return code !== undefined && Object.hasOwn(errorCatalogue, code);
}

export function hubProblem(rejection: HubRejection): AppError {
  if (isCatalogueCode(rejection.code)) return new AppError(rejection.code);
  const code = (rejection.code !== undefined ? byHubCode[rejection.code] : undefined) ?? byStatus[rejection.status] ?? 'internal';
  // The hub's reason is client-safe and often more precise (it names the limit); the catalogue's
  // sentence is kept where the hub's is only a status word or could say more than it should.
  const keepCatalogueDetail = code === 'unauthenticated' || code === 'internal';
  return new AppError(code, keepCatalogueDetail ? {} : { detail: rejection.message });
}

export function renderHubRejection(rejection: HubRejection): RenderedRejection {
  return { contentType: PROBLEM_CONTENT_TYPE, body: JSON.stringify(hubProblem(rejection).toProblem()) };
}
