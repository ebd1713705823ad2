import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, preHandlerAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import { parseRoles, type AuthContext, type Authenticator } from '../auth';
import { appError, fieldErrorsFromZod, validationError } from '../errors';
import { requireAuth } from './auth-guard';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by routes declared with `auth: true`, before their rate limits and handler run. */
    auth: AuthContext | null;
  }
}

type Schema = z.ZodType;
type Parsed<S> = S extends Schema ? z.output<S> : undefined;

export interface HandlerContext<B, Q, P, A extends boolean> {
  request: FastifyRequest;
  reply: FastifyReply;
  body: B;
  query: Q;
  params: P;
  auth: A extends true ? AuthContext : null;
}

export interface RouteSpec<
  B extends Schema | undefined,
  Q extends Schema | undefined,
  P extends Schema | undefined,
  R extends Schema,
  A extends boolean,
> {
  method: HTTPMethods;
  url: string;
  /** true: a logged-in caller is required (cookie + X-Auth-Method, or Bearer). */
  auth: A;
  body?: B;
  query?: Q;
  params?: P;
  /**
   * The answer's schema. Handlers return its wire (input) type; the value is checked against
   * the schema before it is sent, so a drifting answer fails loudly in tests.
   */
  response: R;
  /**
   * Spec A §6: roles that may call this route; a user with at least one of them passes,
   * anyone else gets 403 `forbidden`. Only checked with `auth: true`.
   */
  roles?: readonly string[];
  /** Run after authentication and before validation: rate limits. */
  preHandler?: preHandlerAsyncHookHandler[];
  /** Success status (default 200). */
  status?: number;
  handler(ctx: HandlerContext<Parsed<B>, Parsed<Q>, Parsed<P>, A>): Promise<z.input<R>>;
}

function parseWith<S extends Schema | undefined>(schema: S, value: unknown, where: 'body' | 'query' | 'params'): Parsed<S> {
  if (!schema) return undefined as Parsed<S>;
  const result = schema.safeParse(value);
  if (result.success) return result.data as Parsed<S>;
  const errors = fieldErrorsFromZod(result.error);
  // Query and path fields are named with their location so they can't clash with body fields.
  if (where === 'body') throw validationError(errors);
  throw validationError(Object.fromEntries(Object.entries(errors).map(([k, v]) => [`${where}.${k}`, v])));
}

/**
 * Declares one route: schema-validated input (400 naming each field), optional
 * authentication, checked answer. Handlers never see unvalidated input.
 */
export function defineRoute<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  R extends Schema = Schema,
  A extends boolean = false,
>(app: FastifyInstance, authenticator: Authenticator, spec: RouteSpec<B, Q, P, R, A>): void {
  const preHandler: preHandlerAsyncHookHandler[] = [];
  if (spec.auth) {
    const roles = spec.roles;
    preHandler.push(async (request) => {
      const auth = await requireAuth(request, authenticator);
      if (roles && !parseRoles(auth.user.roles).some((r) => roles.includes(r))) throw appError('forbidden');
      request.auth = auth;
    });
  }
  preHandler.push(...(spec.preHandler ?? []));

  app.route({
    method: spec.method,
    url: spec.url,
    config: { contract: { auth: spec.auth, body: spec.body, query: spec.query, params: spec.params } },
    preHandler,
    handler: async (request, reply) => {
      const ctx = {
        request,
        reply,
        body: parseWith(spec.body, request.body, 'body'),
        query: parseWith(spec.query, request.query, 'query'),
        params: parseWith(spec.params, request.params, 'params'),
        auth: request.auth,
      } as HandlerContext<Parsed<B>, Parsed<Q>, Parsed<P>, A>;
      const answer = await spec.handler(ctx);
      const check = spec.response.safeParse(answer);
      if (!check.success) {
        throw appError('internal', {
          cause: new Error(`Answer of ${spec.method} ${spec.url} does not match its schema: ${check.error.message}`),
        });
      }
      reply.code(spec.status ?? 200);
      return answer;
    },
  });
}

/** Registers the `request.auth` slot (once per app). */
export function installRequestAuthSlot(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
}
