// A scripted stand-in for fetch: tests describe answers per call; the real HTTP client runs.

export interface FetchCall {
  url: string;
  path: string;
  method: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  body: BodyInit | null | undefined;
  signal: AbortSignal | null | undefined;
}

export type FetchScript = (call: FetchCall, index: number) => Response | Promise<Response>;

export interface FakeFetch {
  fetch: typeof fetch;
  calls: FetchCall[];
  /** Calls to one path (query ignored). */
  callsTo(path: string): FetchCall[];
}

export function createFakeFetch(script: FetchScript): FakeFetch {
  const calls: FetchCall[] = [];
  const fake = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call: FetchCall = {
      url,
      path: new URL(url, 'http://localhost').pathname,
      method: (init.method ?? 'GET').toUpperCase(),
      headers: new Headers(init.headers),
      credentials: init.credentials,
      body: init.body,
      signal: init.signal,
    };
    calls.push(call);
    if (init.signal?.aborted) throw init.signal.reason ?? new DOMException('Aborted', 'AbortError');
    return script(call, calls.length - 1);
  }) as typeof fetch;
  return { fetch: fake, calls, callsTo: (path) => calls.filter((c) => c.path === path) };
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json', ...headers },
  });
}

export function emptyResponse(status: number): Response {
  return new Response(null, { status });
}

/** A promise plus its resolver, for holding an answer back until the test says so. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** An answer that never comes, except as the abort of the request's signal. */
export function hangUntilAborted(call: FetchCall): Promise<Response> {
  return new Promise((_, reject) => {
    call.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
  });
}

export const flush = () => new Promise((r) => setTimeout(r, 0));
