import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type {} from '@fastify/rate-limit';
import type { RateLimitRule } from '../config';
import { appError } from '../errors';

/**
 * A preHandler allowing `rule.max` calls per `rule.windowMs` for each key. Returning
 * undefined from `key` skips the check (e.g. no email in the body: validation will answer).
 * Built on @fastify/rate-limit's createRateLimit so the answer is our 429 problem.
 */
export function rateLimit(
  app: FastifyInstance,
  rule: RateLimitRule,
  key: (request: FastifyRequest) => string | undefined,
): preHandlerAsyncHookHandler {
  const check = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowMs,
    keyGenerator: (request) => key(request) ?? '',
  });
  return async (request) => {
    if (key(request) === undefined) return;
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      throw appError('rate_limited', { headers: { 'retry-after': String(result.ttlInSeconds) } });
    }
  };
}

export const byIp = (request: FastifyRequest): string => `ip:${request.ip}`;

/** Key from a string field of the (not yet validated) JSON body, normalised. */
export const byBodyField =
  (field: string) =>
  (request: FastifyRequest): string | undefined => {
    const body = request.body as Record<string, unknown> | undefined;
    const value = body && typeof body === 'object' ? body[field] : undefined;
    return typeof value === 'string' && value.trim() ? `${field}:${value.trim().toLowerCase()}` : undefined;
  };
