import { act, cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactElement, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import { afterEach, beforeEach, vi } from 'vitest';
import { statusTexts } from '../../../shared/messages';
import { registrationStore } from '../../registration/registration-store';
import { session } from '../../session/session';
import { createFakeFetch, emptyResponse, jsonResponse, type FetchCall } from '../../testing/fake-fetch';
import { wireUser } from '../../testing/users';

// Test support for the account screens: the API faked behind `fetch` per route, answering
// the way the reference server does (JSON, problem+json), and a router harness. The real
// HTTP client, session and stores run.

export interface FakeReply {
  status?: number;
  body?: unknown;
}

type Responder = FakeReply | ((call: FetchCall) => FakeReply | Promise<FakeReply>);

export function ok(body?: unknown, status = 200): FakeReply {
  return { status, body };
}

export function problem(status: number, detail: string, extra: { code?: string; errors?: Record<string, string[]> } = {}): FakeReply {
  return { status, body: { title: statusTexts[status] ?? 'Error', status, detail, ...extra } };
}

/** The reference server's 400 for a body that failed validation. */
export function validationProblem(errors: Record<string, string[]>): FakeReply {
  return problem(400, 'Invalid request.', { code: 'validation_failed', errors });
}

function toResponse(reply: FakeReply): Response {
  const status = reply.status ?? 200;
  return reply.body === undefined ? emptyResponse(status === 200 ? 204 : status) : jsonResponse(status, reply.body);
}

export interface FakeApi {
  /** Answers `method path` with the responders in turn; the last one keeps answering. */
  on(method: string, path: string, ...responders: Responder[]): FakeApi;
  calls: FetchCall[];
  callsTo(method: string, path: string): FetchCall[];
  /** The JSON body of the n-th call to `method path`. */
  bodyOf(method: string, path: string, index?: number): unknown;
}

/** Stubs the global fetch with a fake that answers per route, like the reference server. */
export function fakeApi(): FakeApi {
  const handlers = new Map<string, Responder[]>();
  const fake = createFakeFetch(async (call) => {
    const queue = handlers.get(`${call.method} ${call.path}`);
    const responder = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    if (!responder) return toResponse(problem(404, 'No such endpoint.', { code: 'route_not_found' }));
    return toResponse(typeof responder === 'function' ? await responder(call) : responder);
  });
  vi.stubGlobal('fetch', fake.fetch);

  const callsTo = (method: string, path: string) => fake.calls.filter((c) => c.method === method.toUpperCase() && c.path === path);
  const api: FakeApi = {
    on(method, path, ...responders) {
      handlers.set(`${method.toUpperCase()} ${path}`, responders);
      return api;
    },
    calls: fake.calls,
    callsTo,
    bodyOf(method, path, index = 0) {
      const body = callsTo(method, path)[index]?.body;
      return typeof body === 'string' ? (JSON.parse(body) as unknown) : undefined;
    },
  };
  return api;
}

export { wireUser };

/** Shows where the app navigated to, and how (PUSH or REPLACE). */
function LocationProbe() {
  const location = useLocation();
  const type = useNavigationType();
  return (
    <p data-testid="location" data-navigation={type}>
      {location.pathname}
    </p>
  );
}

export function renderPage(
  page: ReactElement,
  {
    path,
    entry,
    extraRoutes,
    userOptions,
  }: { path: string; entry?: string; extraRoutes?: ReactNode; userOptions?: Parameters<typeof userEvent.setup>[0] },
) {
  // No pause between keystrokes: the forms do not debounce, and long forms stay quick.
  const user = userEvent.setup({ delay: null, ...userOptions });
  const utils = render(
    <StrictMode>
      <MemoryRouter initialEntries={[entry ?? path]}>
        <Routes>
          <Route path={path} element={page} />
          {extraRoutes}
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  );
  return { user, ...utils };
}

/**
 * Lets answers and renders settle without moving (fake) time, until `check` passes. For
 * tests with fake timers: vi.waitFor advances them, RTL's async helpers wait on them.
 */
export async function settle(check: () => void = () => undefined, rounds = 50): Promise<void> {
  for (let i = 1; ; i++) {
    await act(async () => {
      await new Promise((resolve) => setImmediate(resolve));
    });
    try {
      check();
      return;
    } catch (error) {
      if (i >= rounds) throw error;
    }
  }
}

/** Every account test starts logged out with nothing stored and no fetch stubbed. */
export function useCleanAccountState(): void {
  // Long forms typed key by key: give slow, shared CI machines room.
  vi.setConfig({ testTimeout: 30_000 });
  beforeEach(() => {
    session.clear();
    registrationStore.clear();
  });
  afterEach(() => {
    cleanup();
    session.clear();
    registrationStore.clear();
    sessionStorage.clear();
    localStorage.clear();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
