import type { z } from 'zod';
import { AUTH_METHOD_COOKIE, AUTH_METHOD_HEADER } from '../../shared/constants';
import { apiUrl } from '../config';
import { systemTimers } from '../time/timers';
import { accountMessages } from '../../shared/messages';
import { toast } from '../toast/toast';
import { statusText } from './error-text';
import { HttpError } from './http-error';
import { refreshGeneration, refreshSession } from './refresh';
import { requestPolicyFor, type RequestPolicy } from './request-policy';
import { emitSessionExpired } from './session-events';

const unexpectedResponseText = accountMessages.unexpectedResponse;

// The one HTTP client of the web app (spec A §6–§8). Everything that talks to the API goes
// through here so the credential rules, the shared refresh and the error texts hold everywhere.

export { HttpError, isHttpError } from './http-error';

export interface RequestOptions<T> {
  query?: Record<string, string | number | boolean | undefined>;
  /** Parses the answer; a mismatch is an HttpError (the call "failed"). */
  schema?: z.ZodType<T>;
  /** No global error toast; the caller shows its own message. */
  silent?: boolean;
  signal?: AbortSignal;
  /** Time allowed until the answer's headers arrive; default 30 s. */
  timeoutMs?: number;
  /** JSON, or FormData sent as multipart. For post/put the positional body wins. */
  body?: unknown;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const DEFAULT_TIMEOUT_MS = 30_000;

function buildUrl(path: string, query: RequestOptions<unknown>['query']): string {
  const url = apiUrl(path);
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

type EncodedBody = { body?: BodyInit; contentType?: string };

function encodeBody(body: unknown): EncodedBody {
  if (body === undefined) return {};
  // The browser sets the multipart boundary itself; a Content-Type here would break it.
  if (typeof FormData !== 'undefined' && body instanceof FormData) return { body };
  return { body: JSON.stringify(body), contentType: 'application/json' };
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204 || res.status === 205) return undefined;
  const raw = await res.text().catch(() => '');
  if (raw.trim() === '') return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (/\bjson\b/i.test(type) || /^\s*[{[]/.test(raw)) {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return raw;
    }
  }
  return raw;
}

async function send(
  method: Method,
  url: string,
  policy: RequestPolicy,
  encoded: EncodedBody,
  o: RequestOptions<unknown>,
): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  if (encoded.contentType) headers.set('Content-Type', encoded.contentType);
  if (policy.authHeader) headers.set(AUTH_METHOD_HEADER, AUTH_METHOD_COOKIE);

  const controller = new AbortController();
  let timedOut = false;
  const cancelTimeout = systemTimers.after(o.timeoutMs ?? DEFAULT_TIMEOUT_MS, () => {
    timedOut = true;
    controller.abort();
  });
  const forwardAbort = () => controller.abort(o.signal?.reason);
  o.signal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    if (o.signal?.aborted) throw o.signal.reason ?? new DOMException('Aborted', 'AbortError');
    const init: RequestInit = { method, headers, credentials: policy.credentials, signal: controller.signal };
    if (encoded.body !== undefined) init.body = encoded.body;
    return await fetch(url, init);
  } catch (error) {
    // The caller gave up: not a failure to report.
    if (o.signal?.aborted) throw o.signal.reason ?? error;
    if (timedOut) throw new HttpError({ status: 408, url, userMessage: statusText(408), cause: error });
    throw new HttpError({ status: 0, url, cause: error });
  } finally {
    cancelTimeout();
    o.signal?.removeEventListener('abort', forwardAbort);
  }
}

async function failure(res: Response, url: string): Promise<HttpError> {
  return new HttpError({ status: res.status, body: await readBody(res), url, retryAfter: res.headers.get('retry-after') });
}

async function execute<T>(method: Method, path: string, body: unknown, o: RequestOptions<T>): Promise<T> {
  const url = buildUrl(path, o.query);
  const policy = requestPolicyFor(url);
  const encoded = encodeBody(body);
  const sentAt = refreshGeneration();
  let res = await send(method, url, policy, encoded, o as RequestOptions<unknown>);

  if (res.status === 401 && policy.refreshOn401) {
    const refreshed = await refreshSession(sentAt);
    if (refreshed) res = await send(method, url, policy, encoded, o as RequestOptions<unknown>);
    if (!refreshed || res.status === 401) {
      emitSessionExpired();
      throw await failure(res, url);
    }
  }
  if (!res.ok) throw await failure(res, url);

  const data = await readBody(res);
  if (!o.schema) return data as T;
  const parsed = o.schema.safeParse(data);
  if (!parsed.success) {
    throw new HttpError({ status: res.status, body: data, url, userMessage: unexpectedResponseText, cause: parsed.error });
  }
  return parsed.data;
}

async function request<T>(method: Method, path: string, body: unknown, o: RequestOptions<T> = {}): Promise<T> {
  try {
    return await execute(method, path, body, o);
  } catch (error) {
    // Spec A §8: every HTTP error except 401 shows an error toast. The id folds identical
    // failures of concurrent calls into one toast.
    if (error instanceof HttpError && error.status !== 401 && !o.silent) {
      toast.error(error.userMessage, { id: `http:${error.userMessage}` });
    }
    throw error;
  }
}

export const http = {
  get: <T = unknown>(path: string, o?: RequestOptions<T>): Promise<T> => request<T>('GET', path, o?.body, o),
  post: <T = unknown>(path: string, body?: unknown, o?: RequestOptions<T>): Promise<T> => request<T>('POST', path, body ?? o?.body, o),
  put: <T = unknown>(path: string, body?: unknown, o?: RequestOptions<T>): Promise<T> => request<T>('PUT', path, body ?? o?.body, o),
  del: <T = unknown>(path: string, o?: RequestOptions<T>): Promise<T> => request<T>('DELETE', path, o?.body, o),
};
