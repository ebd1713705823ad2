// @vitest-environment jsdom
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { Mock } from 'vitest';
import { paths } from '../../shared/api/paths';
import { connectionTiming } from '../../shared/constants';
import { setNavigator, type NavigateFn } from '../navigation/navigator';
import { createFakeFetch, emptyResponse, hangUntilAborted, jsonResponse } from '../testing/fake-fetch';
import { wireUser } from '../testing/users';
import { toast } from '../toast/toast';
import { session } from './session';

let navigate: Mock<NavigateFn>;

beforeEach(() => {
  localStorage.clear();
  session.clear();
  navigate = vi.fn<NavigateFn>();
  setNavigator(navigate);
  vi.spyOn(toast, 'error').mockImplementation(() => 0);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  setNavigator(null);
});

test('A7.auth.login, A4.session.login-stores-user, A3.user.account-type-spellings: login stores user_details as the session', async () => {
  const fake = createFakeFetch(() =>
    jsonResponse(200, { user_details: wireUser({ account_type: undefined, accountType: 'corporation' }) }),
  );
  vi.stubGlobal('fetch', fake.fetch);
  const user = await session.login('ada@example.com', 'pw');
  expect(user.account_type).toBe('corporation');
  expect(session.getSnapshot().user).toEqual(user);
  expect(fake.calls[0]).toMatchObject({ method: 'POST', path: paths.auth.login, body: '{"email":"ada@example.com","password":"pw"}' });
});

test('A8.login.failure-text: login failure rejects without a toast and keeps the visitor logged out', async () => {
  vi.stubGlobal('fetch', createFakeFetch(() => jsonResponse(401, { title: 'Unauthorized', status: 401 })).fetch);
  await expect(session.login('a@b.c', 'bad')).rejects.toBeTruthy();
  expect(session.getSnapshot().user).toBeNull();
  expect(toast.error).not.toHaveBeenCalled();
});

test('A4.session.logout-clears, A7.auth.logout: logout clears the session and goes to login', async () => {
  session.setUser(wireUser());
  const fake = createFakeFetch(() => emptyResponse(204));
  vi.stubGlobal('fetch', fake.fetch);
  await session.logout();
  expect(fake.calls[0]).toMatchObject({ method: 'POST', path: paths.auth.logout });
  expect(session.getSnapshot().user).toBeNull();
  expect(navigate).toHaveBeenCalledWith('/account/login', { replace: true });
});

test('A7.auth.logout: logout is a POST without a body', async () => {
  session.setUser(wireUser());
  const fake = createFakeFetch(() => emptyResponse(204));
  vi.stubGlobal('fetch', fake.fetch);
  await session.logout();
  expect(fake.calls).toHaveLength(1);
  expect(fake.calls[0]?.body).toBeUndefined();
});

test('A4.session.logout-failure-still-clears, A7.auth.logout: logout failure still clears the session and goes to login', async () => {
  session.setUser(wireUser());
  vi.stubGlobal('fetch', createFakeFetch(() => jsonResponse(500, { title: 'Internal Server Error', status: 500 })).fetch);
  await session.logout();
  expect(session.getSnapshot().user).toBeNull();
  expect(navigate).toHaveBeenCalledWith('/account/login', { replace: true });
  expect(toast.error).not.toHaveBeenCalled();
});

test('A7.users.me, B7.users.me-validates-session: GET /v1/users/me refreshes the stored user and marks the session checked', async () => {
  session.setUser(wireUser({ phone_confirmed: false }));
  vi.stubGlobal('fetch', createFakeFetch(() => jsonResponse(200, wireUser({ phone_confirmed: true }))).fetch);
  await expect(session.loadCurrentUser()).resolves.toMatchObject({ phone_confirmed: true });
  expect(session.getSnapshot()).toMatchObject({ checked: true, user: { phone_confirmed: true } });
});

test('A4.session.me-failure-clears, B7.users.me-validates-session: GET /v1/users/me failure clears the local session', async () => {
  session.setUser(wireUser());
  vi.stubGlobal('fetch', createFakeFetch(() => jsonResponse(500, { title: 'Internal Server Error', status: 500 })).fetch);
  await expect(session.loadCurrentUser()).resolves.toBeNull();
  expect(session.getSnapshot()).toMatchObject({ checked: true, user: null });
  expect(toast.error).not.toHaveBeenCalled();
});

test('CORE.session.anonymous-start-no-call: start-up without a stored user makes no call and is anonymous', async () => {
  const fake = createFakeFetch(() => jsonResponse(200, wireUser()));
  vi.stubGlobal('fetch', fake.fetch);
  await expect(session.loadCurrentUser()).resolves.toBeNull();
  expect(fake.calls).toHaveLength(0);
  expect(session.getSnapshot()).toMatchObject({ checked: true, user: null });
});

test('B9.session.check-timeout-5s: the session check gives up after 5 s', async () => {
  vi.useFakeTimers();
  session.setUser(wireUser());
  vi.stubGlobal('fetch', createFakeFetch((call) => hangUntilAborted(call)).fetch);
  const pending = session.loadCurrentUser();
  await vi.advanceTimersByTimeAsync(connectionTiming.sessionCheckTimeoutMs - 1);
  expect(session.getSnapshot().user).not.toBeNull();
  await vi.advanceTimersByTimeAsync(1);
  await expect(pending).resolves.toBeNull();
  expect(session.getSnapshot().user).toBeNull();
});
