import type { FetchLike } from '../private/rest-client';

// A routed fetch for tests: answers by "METHOD path" with a status and JSON body, and records
// every request (URL, method, headers, credentials, body).

export interface FakeResponse {
  readonly status?: number;
  readonly body?: unknown;
  /** Raw text instead of JSON (malformed answers). */
  readonly text?: string;
}

export type Route = FakeResponse | ((req: RecordedRequest) => FakeResponse | Promise<FakeResponse>);

export interface RecordedRequest {
  readonly url: string;
  readonly path: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly credentials: RequestCredentials | undefined;
  readonly body: unknown;
}

export class FakeFetch {
  readonly requests: RecordedRequest[] = [];
  private readonly routes = new Map<string, Route>();

  route(key: string, route: Route): this {
    this.routes.set(key, route);
    return this;
  }

  readonly fetch: FetchLike = async (input, init) => {
    const url = new URL(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => (headers[k] = v));
    const req: RecordedRequest = {
      url: input,
      path: url.pathname,
      method,
      headers,
      credentials: init.credentials,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    this.requests.push(req);
    const route = this.routes.get(`${method} ${url.pathname}`);
    const res: FakeResponse =
      route === undefined
        ? { status: 404, body: { title: 'Resource not found', status: 404 } }
        : typeof route === 'function'
          ? await route(req)
          : route;
    const text = res.text ?? (res.body === undefined ? '' : JSON.stringify(res.body));
    const status = res.status ?? 200;
    // 204/205/304 may not carry a body at all.
    const nullBody = status === 204 || status === 205 || status === 304;
    return new Response(nullBody ? null : text, { status, headers: { 'content-type': 'application/json' } });
  };

  count(key: string): number {
    const [method, path] = key.split(' ');
    return this.requests.filter((r) => r.method === method && r.path === path).length;
  }
}
