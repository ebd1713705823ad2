// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Mock } from 'vitest';
import { credentialExemptPaths, paths } from '../../shared/api/paths';
import { storageKeys } from '../../shared/constants';
import { accountMessages } from '../../shared/messages';
import { config } from '../config';
import { setNavigator, type NavigateFn } from '../navigation/navigator';
import { session } from '../session/session';
import { createFakeFetch, deferred, emptyResponse, flush, hangUntilAborted, jsonResponse, type FakeFetch } from '../testing/fake-fetch';

const unexpectedResponseText = accountMessages.unexpectedResponse;
import { wireUser } from '../testing/users';
import { toast } from '../toast/toast';
import { http, HttpError } from './client';

let navigate: Mock<NavigateFn>;
let toastError: ReturnType<typeof vi.spyOn>;

function useFetch(fake: FakeFetch): FakeFetch {
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

beforeEach(() => {
  localStorage.clear();
  session.clear();
  navigate = vi.fn<NavigateFn>();
  setNavigator(navigate);
  toastError = vi.spyOn(toast, 'error').mockImplementation(() => 0);
  window.history.replaceState(null, '', '/portfolio?tab=1');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setNavigator(null);
});

describe('credentials (spec A §6–§7)', () => {
  test('A7.http.x-auth-method-cookie: every call sends X-Auth-Method: cookie with credentials included', async () => {
    const fake = useFetch(createFakeFetch(() => jsonResponse(200, [])));
    await http.get(paths.account.balances);
    await http.post(paths.orders.requestForQuote, { pair: 'btcusd' });
    await http.put(paths.users.principalAddress, {});
    await http.del(paths.orders.cancel('7'));
    for (const call of fake.calls) {
      expect(call.headers.get('X-Auth-Method')).toBe('cookie');
      expect(call.credentials).toBe('include');
    }
    expect(fake.calls.map((c) => c.method)).toEqual(['GET', 'POST', 'PUT', 'DELETE']);
  });

  test('A6.credentials.exempt-calls, A6.credentials.exempt-absolute-urls, A7.http.x-auth-method-cookie: exempt URLs carry no credentials', async () => {
    const fake = useFetch(createFakeFetch(() => jsonResponse(200, {})));
    for (const path of credentialExemptPaths) await http.post(path, {});
    await http.get('https://news.example.com/feed.json');
    expect(fake.calls).toHaveLength(credentialExemptPaths.length + 1);
    for (const call of fake.calls) {
      expect(call.headers.has('X-Auth-Method')).toBe(false);
      expect(call.credentials).not.toBe('include');
    }
    // Another host never even gets same-origin cookies.
    expect(fake.calls.at(-1)?.credentials).toBe('omit');
  });

  test('A6.credentials.exempt-calls, A8.toast.http-errors: an exempt call answering 401 is not refreshed, retried or toasted', async () => {
    const fake = useFetch(
      createFakeFetch(() => jsonResponse(401, { title: 'Unauthorized', status: 401, detail: 'Invalid email or password.' })),
    );
    await expect(http.post(paths.auth.login, { email: 'a@b.c', password: 'x' })).rejects.toMatchObject({ status: 401 });
    expect(fake.calls).toHaveLength(1);
    expect(toastError).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('credential-exempt calls (spec A §6)', () => {
  // Written out rather than read from credentialExemptPaths, so a call dropped from that list fails here.
  const exempt = [
    '/v1/auth/login',
    '/v1/users/register',
    '/v1/auth/logout',
    '/v1/auth/password/forgot-password',
    '/v1/auth/password/validate-reset-token',
    '/v1/auth/password/reset-password',
  ];

  test('A6.credentials.exempt-calls: each is sent without cookie credentials, and its 401 is not refreshed', async () => {
    session.setUser(wireUser());
    const fake = useFetch(createFakeFetch(() => jsonResponse(401, { title: 'Unauthorized', status: 401 })));
    for (const path of exempt) await expect(http.post(path, {})).rejects.toMatchObject({ status: 401 });
    expect(fake.calls.map((c) => c.path)).toEqual(exempt);
    for (const call of fake.calls) {
      expect(call.headers.has('X-Auth-Method')).toBe(false);
      expect(call.credentials).not.toBe('include');
    }
    expect(session.getSnapshot().user).not.toBeNull();
  });

  test('A6.credentials.exempt-absolute-urls: another host gets no cookies, and its 401 is not refreshed', async () => {
    session.setUser(wireUser());
    const fake = useFetch(createFakeFetch(() => jsonResponse(401, { title: 'Unauthorized', status: 401 })));
    await expect(http.get('https://news.example.com/feed.json')).rejects.toMatchObject({ status: 401 });
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]?.credentials).toBe('omit');
    expect(fake.calls[0]?.headers.has('X-Auth-Method')).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('token refresh (spec A §4)', () => {
  test('A4.token-refresh.one-refresh-on-401, A4.token-refresh.retries-request, A7.auth.refresh-token: three concurrent 401s share one cookie-credentialed refresh', async () => {
    const refreshAnswer = deferred<Response>();
    const seen = new Map<string, number>();
    const fake = useFetch(
      createFakeFetch((call) => {
        if (call.path === paths.auth.refreshToken) return refreshAnswer.promise;
        const n = (seen.get(call.path) ?? 0) + 1;
        seen.set(call.path, n);
        return n === 1 ? jsonResponse(401, { title: 'Unauthorized', status: 401 }) : jsonResponse(200, { path: call.path });
      }),
    );
    const results = Promise.all([http.get(paths.account.balances), http.get(paths.orders.open), http.get(paths.orders.done)]);
    await vi.waitFor(() => expect(fake.callsTo(paths.auth.refreshToken)).toHaveLength(1));
    await flush();
    // All three are waiting on the one refresh: nothing retried yet.
    expect(fake.calls).toHaveLength(4);
    refreshAnswer.resolve(emptyResponse(204));
    await expect(results).resolves.toEqual([{ path: paths.account.balances }, { path: paths.orders.open }, { path: paths.orders.done }]);
    expect(fake.callsTo(paths.auth.refreshToken)).toHaveLength(1);
    for (const path of [paths.account.balances, paths.orders.open, paths.orders.done]) expect(fake.callsTo(path)).toHaveLength(2);
    const refresh = fake.callsTo(paths.auth.refreshToken)[0]!;
    expect(refresh.method).toBe('POST');
    expect(refresh.credentials).toBe('include');
    expect(refresh.headers.get('X-Auth-Method')).toBe('cookie');
    expect(toastError).not.toHaveBeenCalled();
  });

  test('A4.token-refresh.failure-to-login, A7.auth.refresh-token, A8.session.expired-text: failure clears the session and goes to login with reason and returnUrl', async () => {
    session.setUser(wireUser());
    expect(localStorage.getItem(storageKeys.user)).not.toBeNull();
    const fake = useFetch(
      createFakeFetch((call) =>
        call.path === paths.auth.refreshToken
          ? jsonResponse(401, { title: 'Unauthorized', status: 401, detail: accountMessages.sessionExpired })
          : jsonResponse(401, { title: 'Unauthorized', status: 401 }),
      ),
    );
    const calls = [http.get(paths.account.balances), http.get(paths.account.feeRates)];
    for (const call of calls) await expect(call).rejects.toMatchObject({ name: 'HttpError', status: 401 });

    expect(fake.callsTo(paths.auth.refreshToken)).toHaveLength(1);
    expect(session.getSnapshot().user).toBeNull();
    expect(localStorage.getItem(storageKeys.user)).toBeNull();
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith(accountMessages.sessionExpired, expect.anything());
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/account/login?reason=session-expired&returnUrl=%2Fportfolio%3Ftab%3D1', {
      replace: true,
    });
  });

  test('A7.auth.refresh-token: the refresh is a POST without a body', async () => {
    session.setUser(wireUser());
    let refused = false;
    const fake = useFetch(
      createFakeFetch((call) => {
        if (call.path === paths.auth.refreshToken) return emptyResponse(204);
        if (refused) return jsonResponse(200, []);
        refused = true;
        return jsonResponse(401, { title: 'Unauthorized', status: 401 });
      }),
    );
    await http.get(paths.account.balances);
    const refresh = fake.callsTo(paths.auth.refreshToken)[0];
    expect(refresh?.method).toBe('POST');
    expect(refresh?.body).toBeUndefined();
  });

  test('A4 token refresh: a retry that is refused again ends the session too', async () => {
    session.setUser(wireUser());
    const fake = useFetch(
      createFakeFetch((call) =>
        call.path === paths.auth.refreshToken ? emptyResponse(204) : jsonResponse(401, { title: 'Unauthorized', status: 401 }),
      ),
    );
    await expect(http.get(paths.account.balances)).rejects.toMatchObject({ status: 401 });
    expect(fake.callsTo(paths.account.balances)).toHaveLength(2);
    expect(session.getSnapshot().user).toBeNull();
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/account\/login\?reason=session-expired/), { replace: true });
  });

  test('A4 token refresh: a visitor without a session is not told it expired', async () => {
    useFetch(createFakeFetch(() => jsonResponse(401, { title: 'Unauthorized', status: 401 })));
    await expect(http.get(paths.users.me, { silent: true })).rejects.toMatchObject({ status: 401 });
    expect(toastError).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('errors (spec A §8)', () => {
  test('A8.toast.http-errors: any HTTP error but 401 shows the chosen text', async () => {
    useFetch(createFakeFetch(() => jsonResponse(404, { title: 'Not Found', status: 404, detail: 'No such endpoint.' })));
    const error = await http.get('/v1/nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 404, userMessage: 'No such endpoint.', body: { detail: 'No such endpoint.' } });
    expect(toastError).toHaveBeenCalledWith('No such endpoint.', expect.anything());
  });

  test('A8 global error toast: silent calls show none', async () => {
    useFetch(createFakeFetch(() => jsonResponse(500, { title: 'Internal Server Error', status: 500 })));
    await expect(http.get('/v1/x', { silent: true })).rejects.toMatchObject({ status: 500 });
    expect(toastError).not.toHaveBeenCalled();
  });

  test('A8 validation errors are exposed per field', async () => {
    useFetch(
      createFakeFetch(() =>
        jsonResponse(400, {
          title: 'Bad Request',
          status: 400,
          detail: 'Invalid request.',
          errors: { email: ['Please enter a valid Email Address.'] },
        }),
      ),
    );
    const error = (await http.post(paths.users.register, {}, { silent: true }).catch((e: unknown) => e)) as HttpError;
    expect(error.fieldErrors).toEqual({ email: ['Please enter a valid Email Address.'] });
    expect(error.userMessage).toBe('Please enter a valid Email Address.');
  });

  test('A8 network failure is status 0', async () => {
    useFetch(
      createFakeFetch(() => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(http.get('/v1/x')).rejects.toMatchObject({ status: 0, userMessage: 'Network connection failed (0)' });
    expect(toastError).toHaveBeenCalledWith('Network connection failed (0)', expect.anything());
  });

  test('a call that outlives timeoutMs fails as a request timeout', async () => {
    useFetch(createFakeFetch((call) => hangUntilAborted(call)));
    await expect(http.get('/v1/slow', { timeoutMs: 20, silent: true })).rejects.toMatchObject({
      status: 408,
      userMessage: 'Request timeout (408)',
    });
  });

  test('a call the caller aborts rejects with the abort, no toast', async () => {
    useFetch(createFakeFetch((call) => hangUntilAborted(call)));
    const controller = new AbortController();
    const pending = http.get('/v1/slow', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(toastError).not.toHaveBeenCalled();
  });

  test('an answer that does not match the schema is an HttpError', async () => {
    useFetch(createFakeFetch(() => jsonResponse(200, { nope: true })));
    const { userSchema } = await import('../../shared/api/users');
    await expect(http.get(paths.users.me, { schema: userSchema })).rejects.toMatchObject({
      status: 200,
      userMessage: unexpectedResponseText,
    });
    expect(toastError).toHaveBeenCalledWith(unexpectedResponseText, expect.anything());
  });
});

describe('requests', () => {
  test('query values are encoded and undefined ones dropped; JSON bodies are typed', async () => {
    const fake = useFetch(createFakeFetch(() => jsonResponse(200, { ok: true })));
    await http.get(paths.account.transactions, { query: { from: 1, types: 'buy,sell', pending: false, after: undefined } });
    expect(fake.calls[0]?.url).toBe('/v1/account-management/transactions?from=1&types=buy%2Csell&pending=false');
    await http.post('/v1/x', { a: 1 });
    expect(fake.calls[1]?.headers.get('Content-Type')).toBe('application/json');
    expect(fake.calls[1]?.body).toBe('{"a":1}');
  });

  test('A7.http.api-base: every call goes to the configured API base', async () => {
    // The base comes from the build's environment; set here the way a build would set it.
    const built = config as { apiBase: string };
    const before = built.apiBase;
    built.apiBase = 'https://api.example.com';
    try {
      const fake = useFetch(createFakeFetch(() => jsonResponse(200, {})));
      await http.get(paths.account.balances);
      await http.post(paths.auth.login, {});
      expect(fake.calls.map((c) => c.url)).toEqual([
        'https://api.example.com/v1/account-management/balances',
        'https://api.example.com/v1/auth/login',
      ]);
      // The API's own host, not another one: its calls keep their cookie credentials.
      expect(fake.calls[0]?.credentials).toBe('include');
    } finally {
      built.apiBase = before;
    }
  });

  test('FormData goes out as multipart (the browser sets the boundary)', async () => {
    const fake = useFetch(createFakeFetch(() => emptyResponse(204)));
    const form = new FormData();
    form.append('UserId', 'u-1');
    await expect(http.post(paths.edd.responses, form)).resolves.toBeUndefined();
    expect(fake.calls[0]?.body).toBe(form);
    expect(fake.calls[0]?.headers.has('Content-Type')).toBe(false);
  });

  test('answers are parsed with the schema given', async () => {
    useFetch(createFakeFetch(() => jsonResponse(200, { id: 7, email: 'a@b.c', accountType: 'corporation', email_confirmed: 'true' })));
    const { userSchema } = await import('../../shared/api/users');
    const user = await http.get(paths.users.me, { schema: userSchema });
    expect(user).toMatchObject({ id: '7', account_type: 'corporation', email_confirmed: true });
  });
});
