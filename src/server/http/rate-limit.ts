import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type {} from '@fastify/rate-limit';
import ipaddr from 'ipaddr.js';
import type { RateLimitRule } from '../config';
import { appError, type ErrorCode } from '../errors';

/**
 * A preHandler allowing `rule.max` calls per `rule.windowMs` for each key. Returning
 * undefined from `key` skips the check (e.g. no email in the body: validation will answer).
 * Built on @fastify/rate-limit's createRateLimit so the answer is our 429 problem (`code`,
 * `rate_limited` unless the route has a more precise one).
 */
export function rateLimit(
  app: FastifyInstance,
  rule: RateLimitRule,
  key: (request: FastifyRequest) => string | undefined,
  code: ErrorCode = 'rate_limited',
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
      throw appError(code, { headers: { 'retry-after': String(result.ttlInSeconds) } });
    }
  };
}

/**
 * The bucket of a client address: an IPv4 address (also when written IPv4-mapped, ::ffff:a.b.c.d)
 * is its own; IPv6 addresses are grouped by /64, the block one subscriber gets, so that
 * nobody can step through 2^64 fresh buckets.
 */
export function ipBucket(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
}

export const byIp = (request: FastifyRequest): string => `ip:${ipBucket(request.ip)}`;

/** Key of the logged-in caller (routes declared with `auth: true` set it before their limits run). */
export const byUser = (request: FastifyRequest): string | undefined => (request.auth ? `user:${request.auth.user.id}` : undefined);

/** Key from a string field of the (not yet validated) JSON body, normalised. */
export const byBodyField =
  (field: string) =>
  (request: FastifyRequest): string | undefined => {
    const body = request.body as Record<string, unknown> | undefined;
    const value = body && typeof body === 'object' ? body[field] : undefined;
    return typeof value === 'string' && value.trim() ? `${field}:${value.trim().toLowerCase()}` : undefined;
  };
