import { describe, expect, it } from 'vitest';
import { connectionTiming } from '../../shared/constants';
import { hubMethods } from '../../shared/hub/names';
import { createTestEngine, TEST_USER } from '../testing/test-engine';
import { isAuthError } from './auth-error';
import { reconnectDelay } from './backoff';

describe('connection state machine: connecting, failing and retrying (spec B §4, §8, §9)', () => {
  it('B9.reconnect.backoff-doubling-cap-30s: 2, 4, 8, 16, 30, 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(reconnectDelay)).toEqual([2000, 4000, 8000, 16000, 30000, 30000, 30000, 30000]);
  });

  it('B9.reconnect.backoff-doubling-cap-30s, B8.connection.failed-text, B8.errors.repeat-replaces: failed starts are retried after 2, 4, 8, 16, 30, 30 s, and listed once', async () => {
    const t = createTestEngine();
    t.hub.defaultOutcome = { error: { message: 'Service unavailable', statusCode: 503 } };
    t.start();
    t.engine.setAuth(TEST_USER);
    await t.advance(500);
    expect(t.hub.starts).toBe(1);
    const startTimes: number[] = [];
    let last = t.timers.now();
    for (let i = 0; i < 6; i++) {
      const before = t.hub.starts;
      const snap = t.engine.getSnapshot();
      expect(snap.connection.state).toBe('Failed');
      expect(snap.connection.reconnecting).toBe(true);
      expect(snap.connection.attempt).toBe(i + 1);
      const wait = snap.connection.nextRetryAt! - last;
      startTimes.push(wait);
      await t.advance(wait - 1);
      expect(t.hub.starts).toBe(before);
      await t.advance(1);
      expect(t.hub.starts).toBe(before + 1);
      last = t.timers.now();
    }
    expect(startTimes).toEqual([2000, 4000, 8000, 16000, 30000, 30000]);
    expect(t.engine.getSnapshot().errors.at(-1)?.message).toBe('Connection failed: Service unavailable.');
    // Seven failed starts, one line: each repeat replaced the one before.
    expect(t.engine.getSnapshot().errors).toHaveLength(1);
  });

  it('B4.connection.start-other-failure: a start refused for any other reason gives Failed, with no refresh and no logout', async () => {
    const t = createTestEngine();
    t.hub.queueStarts({ error: { message: 'Service unavailable', statusCode: 503 } });
    t.start();
    t.engine.setAuth(TEST_USER);
    await t.advance(500);
    expect(t.hub.starts).toBe(1);
    expect(t.engine.getSnapshot().connection.state).toBe('Failed');
    expect(t.host.refreshes).toBe(0);
    expect(t.host.logouts).toBe(0);
  });

  it('B4.connection.states: Not Connected at first, then Connecting, Connected, Authenticated, Disconnected; Failed and AuthenticationFailed on failures', async () => {
    const t = createTestEngine();
    let answerJoin!: () => void;
    const joined = new Promise<void>((resolve) => (answerJoin = resolve));
    // The private feeds' join held back: Connected stays visible until the server accepts them.
    t.hub.invokeHandler = async (method, args) => {
      if (method === hubMethods.joinFeedGroups) await joined;
      return { joined: (args[0] as string[]) ?? [], rejected: [] };
    };
    t.hub.queueStarts('hang');
    t.start();
    const state = () => t.engine.getSnapshot().connection.state;
    expect(state()).toBe('NotConnected');
    t.engine.retry();
    expect(state()).toBe('AuthenticationFailed');
    t.engine.setAuth(TEST_USER);
    await t.advance(500);
    expect(state()).toBe('Connecting');
    await t.advance(connectionTiming.startTimeoutMs);
    expect(state()).toBe('Failed');
    await t.advance(2000);
    expect(state()).toBe('Connected');
    answerJoin();
    await t.advance(0);
    expect(state()).toBe('Authenticated');
    t.engine.setAuth(null);
    await t.advance(100);
    expect(state()).toBe('Disconnected');
  });

  it('B8 connection failures of earlier attempts leave the error stream once connected', async () => {
    const t = createTestEngine();
    t.hub.defaultOutcome = { error: { message: 'Service unavailable', statusCode: 503 } };
    t.start();
    t.engine.setAuth(TEST_USER);
    await t.advance(500);
    expect(t.engine.getSnapshot().errors.map((e) => e.code)).toEqual(['CONNECTION_FAILED']);
    t.hub.defaultOutcome = 'ok';
    await t.advance(2000);
    expect(t.engine.getSnapshot().connection.state).toMatch(/Connected|Authenticated/);
    expect(t.engine.getSnapshot().errors).toEqual([]);
  });

  it('B6.connection.authenticated-only, B8.connection.not-authenticated-text, B4.connection.refused-without-user: connect is refused with AuthenticationFailed and "User not authenticated" without a user', async () => {
    const t = createTestEngine();
    t.start();
    t.engine.retry();
    const snap = t.engine.getSnapshot();
    expect(snap.connection.state).toBe('AuthenticationFailed');
    expect(snap.errors.map((e) => [e.code, e.message])).toEqual([['USER_NOT_AUTHENTICATED', 'User not authenticated']]);
    expect(t.hub.starts).toBe(0);
  });

  it('B4.connection.auto-start-after-authorized, B4.connection.start-success: the connection starts about 0.5 s after the user becomes authorized and becomes Connected, then Authenticated', async () => {
    const t = createTestEngine();
    t.start();
    expect(t.engine.getSnapshot().connection.state).toBe('NotConnected');
    t.engine.setAuth(TEST_USER);
    await t.advance(499);
    expect(t.hub.starts).toBe(0);
    await t.advance(1);
    expect(t.hub.starts).toBe(1);
    expect(t.hub.current!.url).toBe('https://exchange.test/hubs/exchange');
    expect(t.engine.getSnapshot().connection.state).toBe('Authenticated');
    expect(t.engine.getSnapshot().connection.metrics.connectedAt).toBe(t.timers.now());
  });

  it('B4.connection.disconnect-when-unauthorized: disconnects 100 ms after authorization is lost, clearing the saved left-feed state', async () => {
    const t = createTestEngine();
    t.start({ leftFeeds: ['ticker.ox.ethbtc'] });
    await t.login();
    t.engine.setAuth(null);
    await t.advance(99);
    expect(t.hub.current!.state).toBe('Connected');
    await t.advance(1);
    expect(t.hub.current!.state).toBe('Disconnected');
    const snap = t.engine.getSnapshot();
    expect(snap.connection.state).toBe('Disconnected');
    expect(snap.connection.activeFeeds).toEqual([]);
    expect(snap.connection.leftFeeds).toEqual([]);
    expect(t.host.leftFeedsSaved.at(-1)).toEqual([]);
    expect(snap.openOrders.items).toEqual([]);
    // And no reconnect follows.
    await t.advance(60_000);
    expect(t.hub.starts).toBe(1);
  });

  it('B8.connection.timeout-text: a start longer than 30 s fails with "Connection timeout" and is retried', async () => {
    const t = createTestEngine();
    t.hub.queueStarts('hang');
    t.start();
    t.engine.setAuth(TEST_USER);
    await t.advance(500 + connectionTiming.startTimeoutMs - 1);
    expect(t.engine.getSnapshot().connection.state).toBe('Connecting');
    await t.advance(1);
    const snap = t.engine.getSnapshot();
    expect(snap.connection.state).toBe('Failed');
    expect(snap.errors.map((e) => e.message)).toEqual(['Connection timeout']);
    await t.advance(2000);
    expect(t.engine.getSnapshot().connection.state).toBe('Authenticated');
  });
});

describe('connection state machine: authentication, hub calls and resumption (spec B §4, §8, §9)', () => {
  it('B4 an authentication error on start makes ONE refresh, then reconnects after 1 s', async () => {
    const t = createTestEngine();
    t.hub.queueStarts({ error: { message: 'Unauthorized', statusCode: 401 } });
    t.start();
    t.engine.setAuth(TEST_USER);
    await t.advance(500);
    expect(t.host.refreshes).toBe(1);
    expect(t.hub.starts).toBe(1);
    await t.advance(999);
    expect(t.hub.starts).toBe(1);
    await t.advance(1);
    expect(t.hub.starts).toBe(2);
    expect(t.engine.getSnapshot().connection.state).toBe('Authenticated');
    expect(t.host.logouts).toBe(0);
  });

  it('B4.connection.auth-close-refresh-then-reconnect: a close with an authentication error makes one refresh, then reconnects 1 s later', async () => {
    const t = createTestEngine();
    t.start();
    await t.login();
    t.hub.current!.drop({ message: 'Server closed the connection: invalid_token' });
    await t.advance(0);
    expect(t.host.refreshes).toBe(1);
    await t.advance(999);
    expect(t.hub.starts).toBe(1);
    await t.advance(1);
    expect(t.hub.starts).toBe(2);
    await t.advance(400);
    expect(t.engine.getSnapshot().connection.state).toBe('Authenticated');
    expect(t.host.refreshes).toBe(1);
    expect(t.host.logouts).toBe(0);
  });

  it('B8.connection.auth-failed-text, B4.connection.auth-close-refresh-failure-logs-out: a failed refresh after an authentication error gives AuthenticationFailed and logs the user out', async () => {
    const t = createTestEngine();
    t.host.refreshAnswer = false;
    t.start();
    await t.login();
    t.hub.current!.drop({ message: 'Server closed the connection: invalid_token' });
    await t.advance(0);
    const snap = t.engine.getSnapshot();
    expect(t.host.refreshes).toBe(1);
    expect(snap.connection.state).toBe('AuthenticationFailed');
    expect(snap.errors.at(-1)?.message).toBe('Authentication failed: Server closed the connection: invalid_token.');
    expect(t.host.logouts).toBe(1);
    await t.advance(60_000);
    expect(t.hub.starts).toBe(1);
  });

  it('B4.connection.start-auth-failure: a start refused for authentication again after the one refresh gives AuthenticationFailed and logs the user out', async () => {
    const t = createTestEngine();
    t.hub.queueStarts({ error: { message: 'token expired' } }, { error: { message: 'Forbidden', statusCode: 403 } });
    t.start();
    t.engine.setAuth(TEST_USER);
    await t.advance(500 + 1000);
    expect(t.host.refreshes).toBe(1);
    expect(t.hub.starts).toBe(2);
    expect(t.engine.getSnapshot().connection.state).toBe('AuthenticationFailed');
    expect(t.host.logouts).toBe(1);
  });

  it('B4.connection.reconnecting-is-connecting, B4.connection.reconnect-rejoins-feeds: during a reconnect the state is Connecting; it returns to Connected and rejoins active feeds not deliberately left', async () => {
    const t = createTestEngine();
    t.start();
    await t.login();
    await t.engine.leaveFeeds(['ticker.ox.ethbtc']);
    t.hub.current!.drop({ message: 'WebSocket closed with status code: 1006' });
    await t.advance(0);
    const during = t.engine.getSnapshot().connection;
    expect(during.state).toBe('Connecting');
    expect(during.reconnecting).toBe(true);
    expect(during.stale).toBe(false); // no book had arrived yet, nothing to be stale
    await t.advance(2000);
    expect(t.hub.connections).toHaveLength(2);
    await t.advance(300);
    const snap = t.engine.getSnapshot().connection;
    expect(snap.state).toBe('Authenticated');
    expect(snap.metrics.lastReconnectAt).toBe(t.timers.now() - 300);
    expect(snap.metrics.totalReconnectAttempts).toBe(1);
    const rejoined = t.hub.joined(2).flat();
    expect(rejoined).toContain('orderbook.ox.btcusd');
    expect(rejoined).toContain('ticker.ox.ethusd');
    expect(rejoined).not.toContain('ticker.ox.ethbtc');
  });

  it('B3.connection-metrics.fields: connectedAt, lastReconnectAt, totalReconnectAttempts, activeFeedsCount and connectionDuration', async () => {
    const t = createTestEngine();
    t.start();
    await t.login();
    const connectedAt = t.timers.now() - 400;
    const metrics = () => t.engine.getSnapshot().connection.metrics;
    expect(metrics()).toEqual({
      connectedAt,
      lastReconnectAt: null,
      totalReconnectAttempts: 0,
      activeFeedsCount: 9,
      connectionDuration: 0,
    });
    await t.advance(10_000);
    t.hub.current!.drop({ message: 'WebSocket closed with status code: 1006' });
    await t.advance(0);
    expect(metrics()).toMatchObject({ connectedAt: null, connectionDuration: t.timers.now() - connectedAt });
    await t.advance(2000);
    expect(metrics()).toMatchObject({ connectedAt: t.timers.now(), lastReconnectAt: t.timers.now(), totalReconnectAttempts: 1 });
  });

  it('B8.connection.not-available-text: hub calls while not connected answer "Connection not available"', async () => {
    const t = createTestEngine();
    t.start();
    const r = await t.engine.joinFeeds(['ticker.ox.btcusd']);
    expect(r).toMatchObject({ ok: false, code: 'CONNECTION_NOT_AVAILABLE', message: 'Connection not available' });
    expect(t.engine.getSnapshot().errors.at(-1)?.message).toBe('Connection not available');
  });

  it('B9.connection.ready-wait-15s, B8.connection.ready-timeout-text: a call made while connecting waits for the connection, at most 15 s ("Connection ready timeout")', async () => {
    const t = createTestEngine();
    t.hub.queueStarts('hang');
    t.start();
    t.engine.setAuth(TEST_USER);
    await t.advance(500);
    const pending = t.engine.joinFeeds(['ticker.ox.ethusd']);
    await t.advance(15_000);
    expect(await pending).toMatchObject({ ok: false, message: 'Connection ready timeout' });
  });

  it('B7.hub.is-connection-healthy: an unhealthy connection is replaced through the reconnect loop', async () => {
    const t = createTestEngine();
    t.start();
    await t.login();
    t.hub.invokeHandler = (method, args) => (method === hubMethods.isConnectionHealthy ? false : { joined: args[0], rejected: [] });
    t.engine.retry(); // on an open connection: the quick (2 s) health check
    await t.advance(0);
    expect(t.engine.getSnapshot().connection.state).toBe('Connecting');
    await t.advance(2000);
    expect(t.hub.connections).toHaveLength(2);
  });

  it('B4 stateful reconnect: Connecting while the transport resumes, then feeds are rejoined', async () => {
    const t = createTestEngine();
    t.start();
    await t.login();
    const first = t.hub.joined(1).length;
    t.hub.current!.transportReconnecting();
    expect(t.engine.getSnapshot().connection.state).toBe('Connecting');
    t.hub.current!.transportReconnected();
    await t.advance(400);
    expect(t.engine.getSnapshot().connection.state).toBe('Authenticated');
    expect(t.hub.joined(1).length).toBeGreaterThan(first);
  });
});

describe('B8.connection.auth-error-types: authentication-type errors', () => {
  it('are status 401, or a message containing unauthorized, invalid_token, token expired, authentication or forbidden', () => {
    expect(isAuthError({ statusCode: 401, message: 'x' })).toBe(true);
    expect(isAuthError(new Error("Failed to complete negotiation with the server: Error: Unauthorized: Status code '401'"))).toBe(true);
    for (const m of ['Unauthorized', 'invalid_token', 'Token expired', 'Authentication required', 'Forbidden'])
      expect(isAuthError(new Error(m))).toBe(true);
    expect(isAuthError(new Error('WebSocket closed with status code: 1006'))).toBe(false);
    expect(isAuthError({ statusCode: 500, message: 'Internal' })).toBe(false);
  });
});

describe('B4 logout and login within the disconnect delay', () => {
  it('the same user keeps the connection; a different user gets a fresh one', async () => {
    const t = createTestEngine();
    t.start();
    await t.login();
    t.engine.setAuth(null);
    await t.advance(50);
    t.engine.setAuth(TEST_USER);
    await t.advance(1000);
    expect(t.hub.connections).toHaveLength(1);
    expect(t.hub.current!.state).toBe('Connected');

    t.engine.setAuth(null);
    await t.advance(50);
    t.engine.setAuth({ id: 'u2' });
    await t.advance(1000);
    expect(t.hub.connections).toHaveLength(2);
    expect(t.hub.connections[0]!.state).toBe('Disconnected');
    expect(t.hub.calls('JoinFeedGroups', 2)[0]!.args[1]).toBe('u2');
  });
});
