// @vitest-environment jsdom
import { afterEach, expect, test, vi } from 'vitest';
import { paths } from '../../shared/api/paths';
import { createFakeFetch, deferred, emptyResponse, flush, hangUntilAborted, jsonResponse } from '../testing/fake-fetch';
import { createFakeLocks } from '../testing/fake-locks';
import { ManualTimers } from '../time/manual-timers';
import { AUTH_CHANNEL_NAME, createRefresher, type Refresher } from './refresh';

// Each "tab" (or the trading worker) is its own refresher with its own BroadcastChannel end;
// they share one lock manager, as same-origin contexts share navigator.locks.

const open: Array<{ refresher: Refresher; channel: BroadcastChannel }> = [];
let run = 0;

function tabs(count: number, options: Parameters<typeof createRefresher>[0]): Refresher[] {
  const name = `${AUTH_CHANNEL_NAME}-test-${++run}`;
  return Array.from({ length: count }, () => {
    const channel = new BroadcastChannel(name);
    const refresher = createRefresher({ ...options, channel });
    open.push({ refresher, channel });
    return refresher;
  });
}

afterEach(() => {
  for (const { refresher, channel } of open.splice(0)) {
    refresher.dispose();
    channel.close();
  }
});

const untilMessage = () => new Promise((r) => setTimeout(r, 20));

test('CORE.session.refresh-across-tabs: A4 token refresh across tabs: concurrent 401s in two tabs and the worker make one refresh', async () => {
  const answer = deferred<Response>();
  const fake = createFakeFetch(() => answer.promise);
  const [tabA, tabB, worker] = tabs(3, { fetch: fake.fetch, locks: createFakeLocks() }) as [Refresher, Refresher, Refresher];
  const sent = [tabA.generation(), tabB.generation(), worker.generation()];

  const results = Promise.all([tabA.refreshSession(sent[0]), tabB.refreshSession(sent[1]), worker.refreshSession(sent[2])]);
  await flush();
  answer.resolve(emptyResponse(204));

  await expect(results).resolves.toEqual([true, true, true]);
  expect(fake.callsTo(paths.auth.refreshToken)).toHaveLength(1);
  expect(tabB.generation()).toBe(tabA.generation());
});

test('CORE.session.refresh-across-tabs: A4 token refresh across tabs: a request sent before another tab refreshed is retried without refreshing', async () => {
  const fake = createFakeFetch(() => emptyResponse(204));
  const [tabA, tabB] = tabs(2, { fetch: fake.fetch, locks: createFakeLocks() }) as [Refresher, Refresher];
  const sentByB = tabB.generation();

  await expect(tabA.refreshSession(tabA.generation())).resolves.toBe(true);
  await untilMessage();
  await expect(tabB.refreshSession(sentByB)).resolves.toBe(true);
  expect(fake.calls).toHaveLength(1);

  // A request B sends after that refresh and that still gets a 401 does refresh again.
  await expect(tabB.refreshSession(tabB.generation())).resolves.toBe(true);
  expect(fake.calls).toHaveLength(2);
});

test('A4.token-refresh.shared-by-concurrent: a worker request refused before this tab refreshed (its send time in epoch ms) is retried without refreshing', async () => {
  let clock = 1_700_000_000_000;
  const fake = createFakeFetch(() => emptyResponse(204));
  const [tab] = tabs(1, { fetch: fake.fetch, locks: createFakeLocks(), now: () => clock }) as [Refresher];
  const workerSentAt = clock - 5;
  clock += 40;
  await expect(tab.refreshSession(tab.generation())).resolves.toBe(true);
  expect(fake.calls).toHaveLength(1);
  // The worker's refused request went out before that refresh completed: no second refresh.
  await expect(tab.refreshSession(workerSentAt)).resolves.toBe(true);
  expect(fake.calls).toHaveLength(1);
  // One sent after it and still refused refreshes again.
  clock += 1_000;
  await expect(tab.refreshSession(clock - 10)).resolves.toBe(true);
  expect(fake.calls).toHaveLength(2);
});

test('A4 token refresh across tabs: when the lock holder fails, the next tab tries itself', async () => {
  let n = 0;
  const fake = createFakeFetch(() => (++n === 1 ? jsonResponse(401, { title: 'Unauthorized', status: 401 }) : emptyResponse(204)));
  const [tabA, tabB] = tabs(2, { fetch: fake.fetch, locks: createFakeLocks() }) as [Refresher, Refresher];
  const results = await Promise.all([tabA.refreshSession(0), tabB.refreshSession(0)]);
  expect(results).toEqual([false, true]);
  expect(fake.calls).toHaveLength(2);
});

test('B7.auth.refresh-via-auth-service: without Web Locks one context still shares a single refresh', async () => {
  const answer = deferred<Response>();
  const fake = createFakeFetch(() => answer.promise);
  const [tab] = tabs(1, { fetch: fake.fetch, locks: null }) as [Refresher];
  const sent = tab.generation();
  const results = Promise.all([tab.refreshSession(sent), tab.refreshSession(sent), tab.refreshSession(sent)]);
  answer.resolve(emptyResponse(200));
  await expect(results).resolves.toEqual([true, true, true]);
  expect(fake.calls).toHaveLength(1);
  expect(fake.calls[0]).toMatchObject({ method: 'POST', path: paths.auth.refreshToken, credentials: 'include' });
});

test('A4 token refresh: a refresh that does not answer in time counts as failed', async () => {
  const fake = createFakeFetch((call) => hangUntilAborted(call));
  const [tab] = tabs(1, { fetch: fake.fetch, locks: null, timeoutMs: 20 }) as [Refresher];
  await expect(tab.refreshSession(0)).resolves.toBe(false);
});

test('B9.auth.refresh-timeout-10s: a refresh without an answer is given up after 10 s, not before', async () => {
  const timers = new ManualTimers();
  const fake = createFakeFetch((call) => hangUntilAborted(call));
  const [tab] = tabs(1, { fetch: fake.fetch, locks: null, timers }) as [Refresher];
  let answer: boolean | undefined;
  void tab.refreshSession(0).then((ok) => (answer = ok));
  await vi.waitFor(() => expect(fake.calls).toHaveLength(1));
  timers.advance(9_999);
  await flush();
  expect(answer).toBeUndefined();
  timers.advance(1);
  await vi.waitFor(() => expect(answer).toBe(false));
});
