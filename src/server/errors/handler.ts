import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { AppError, appError, validationError } from './app-error';
import { fieldErrorsFromZod } from './zod-errors';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** Maps anything thrown inside a request to an AppError; unknown failures become `internal`. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) return validationError(fieldErrorsFromZod(err));
  const e = err as Partial<FastifyError> & { validation?: unknown };
  switch (e?.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return appError('payload_too_large');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return appError('invalid_json');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return appError('unsupported_media_type');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return appError('bad_request', { detail: 'The Content-Length header does not match the body.' });
    case 'FST_ERR_BAD_URL':
      return appError('bad_request', { detail: 'The URL is not valid: a part of its path cannot be decoded.' });
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return appError('bad_request', { detail: 'The URL is not valid: a part of its path is too long.' });
  }
  if (e?.validation) return validationError({ body: [String(e.message ?? 'Invalid request.')] });
  const status = typeof e?.statusCode === 'number' ? e.statusCode : 500;
  if (status === 429) return appError('rate_limited');
  if (status === 404) return appError('not_found');
  if (status === 413) return appError('payload_too_large');
  if (status === 415) return appError('unsupported_media_type');
  // Other client errors raised by Fastify or a plugin (bad URL, bad header…): keep them 4xx.
  if (status >= 400 && status < 500) return appError('bad_request', { cause: err });
  return appError('internal', { cause: err });
}

export function sendProblem(reply: FastifyReply, error: AppError): FastifyReply {
  if (error.headers) reply.headers(error.headers);
  return reply.code(error.status).type(PROBLEM_CONTENT_TYPE).send(error.toProblem());
}

/**
 * For Fastify's `frameworkErrors`: requests refused before routing (an undecodable path, an
 * over-long path parameter) get the same problem body as every other refusal.
 */
export function sendFrameworkError(error: unknown, _request: FastifyRequest, reply: FastifyReply): void {
  void sendProblem(reply, toAppError(error));
}

/** Installs the one error handler: every failure is a problem body. (buildApp sets the 404 handler.) */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const error = toAppError(err);
    if (error.status >= 500) {
      request.log.error({ err }, 'request failed');
    } else {
      request.log.info({ code: error.code, status: error.status }, 'request rejected');
    }
    return sendProblem(reply, error);
  });
}
