import type { z } from 'zod';
import { AUTH_METHOD_COOKIE, AUTH_METHOD_HEADER, connectionTiming } from '../../shared/constants';
import { statusTexts } from '../../shared/messages';
import { problemSchema } from '../../shared/api/problem';
import { fail, messageOf, ok, type Result } from '../result';
import { TimeoutError, withTimeout } from '../time/timeout';
import type { Timers } from '../time/timers';

// REST calls of the engine (spec B §7): cookie credentials and X-Auth-Method on every call; a
// 401 triggers the app's one shared refresh (never our own refresh call) and one retry; a
// failed refresh ends the session.

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface RestClientDeps {
  readonly fetch: FetchLike;
  readonly apiBase: string;
  readonly timers: Timers;
  /** `sentAt`: the clock's time when the refused request went out (see EngineHost.refreshSession). */
  readonly refreshSession: (sentAt: number) => Promise<boolean>;
  readonly onSessionLost: () => void;
  /** Per-request limit (our choice: the spec gives none for these calls). */
  readonly requestTimeoutMs?: number;
}

export const REQUEST_TIMEOUT_MS = 30_000;

export interface RequestOptions<S extends z.ZodType> {
  readonly method?: 'GET' | 'POST' | 'DELETE';
  readonly body?: unknown;
  readonly schema?: S;
  /** Overrides the client's per-request limit. */
  readonly timeoutMs?: number;
}

export class RestClient {
  private refreshing: Promise<boolean> | null = null;

  constructor(private readonly deps: RestClientDeps) {}

  async request<S extends z.ZodType>(path: string, options: RequestOptions<S> = {}): Promise<Result<z.output<S>>> {
    const sentAt = this.deps.timers.now();
    const first = await this.send(path, options);
    if (!first.ok || first.value.status !== 401) return this.read(first, options.schema);
    const refreshed = await this.refresh(sentAt);
    if (!refreshed) {
      this.deps.onSessionLost();
      return fail('UNAUTHORIZED', statusTexts[401] ?? 'Unauthorized', 401);
    }
    return this.read(await this.send(path, options), options.schema);
  }

  /** One refresh at a time from this engine; the host serialises across tabs. */
  private refresh(sentAt: number): Promise<boolean> {
    this.refreshing ??= withTimeout(
      this.deps.refreshSession(sentAt),
      connectionTiming.tokenRefreshTimeoutMs,
      this.deps.timers,
      'Token refresh timed out',
    )
      .catch(() => false)
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  private async send(path: string, options: RequestOptions<z.ZodType>): Promise<Result<Response>> {
    const headers: Record<string, string> = { [AUTH_METHOD_HEADER]: AUTH_METHOD_COOKIE, Accept: 'application/json' };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const controller = typeof AbortController === 'function' ? new AbortController() : null;
    const ms = options.timeoutMs ?? this.deps.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
    try {
      const res = await withTimeout(
        this.deps.fetch(joinUrl(this.deps.apiBase, path), {
          method: options.method ?? 'GET',
          credentials: 'include',
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: controller?.signal ?? null,
        }),
        ms,
        this.deps.timers,
        statusTexts[408] ?? 'Request timeout',
      );
      return ok(res);
    } catch (e) {
      if (e instanceof TimeoutError) {
        controller?.abort();
        return fail('TIMEOUT', e.message, 408);
      }
      return fail('NETWORK', statusTexts[0] ?? messageOf(e), 0);
    }
  }

  private async read<S extends z.ZodType>(res: Result<Response>, schema?: S): Promise<Result<z.output<S>>> {
    if (!res.ok) return res as Result<never>;
    const r = res.value;
    let body: unknown = undefined;
    const text = await r.text().catch(() => '');
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
    }
    if (!r.ok) {
      const problem = problemSchema.safeParse(body);
      const message = problem.success ? (problem.data.detail ?? problem.data.title) : (statusTexts[r.status] ?? `HTTP ${r.status}`);
      const failure = fail<never>(problem.success && problem.data.code ? problem.data.code : `HTTP_${r.status}`, message, r.status);
      const named = problem.success ? problem.data.errors : undefined;
      if (!named || failure.ok) return failure;
      const fields: Record<string, string> = {};
      for (const [field, messages] of Object.entries(named)) if (messages[0]) fields[field] = messages[0];
      return { ok: false, error: { ...failure.error, fields } };
    }
    if (!schema) return ok(body as z.output<S>);
    const parsed = schema.safeParse(body);
    if (!parsed.success) return fail('UNEXPECTED_RESPONSE', 'The server sent an unexpected response.', r.status);
    return ok(parsed.data as z.output<S>);
  }
}

export function joinUrl(base: string, path: string): string {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(path)) return path;
  return `${base.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}
