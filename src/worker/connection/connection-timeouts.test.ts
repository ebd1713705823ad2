import { describe, expect, it } from 'vitest';
import { hubMethods } from '../../shared/hub/names';
import { ErrorStream } from '../errors/error-stream';
import type { Result } from '../result';
import { ScriptedHubServer } from '../testing/scripted-hub';
import { TEST_HUB } from '../testing/test-engine';
import { ManualTimers } from '../time/manual-timers';
import { ConnectionManager } from './connection-manager';

// The spec B §9 timeouts of the connection manager, each checked one millisecond either side
// with literal values, so a changed constant shows here.

function setup(options: { healthIntervalMs?: number; hangingStop?: boolean } = {}) {
  const timers = new ManualTimers();
  const hub = new ScriptedHubServer(timers);
  const errors = new ErrorStream(timers, () => {});
  const manager = new ConnectionManager({
    timers,
    hubFactory: (url) => {
      const connection = hub.factory(url);
      if (options.hangingStop) connection.stop = () => new Promise(() => {});
      return connection;
    },
    hubUrl: TEST_HUB,
    errors,
    refreshSession: async () => true,
    logout: () => {},
    attachHandlers: () => {},
    onConnected: () => {},
    onLost: () => {},
    onChange: () => {},
    healthIntervalMs: options.healthIntervalMs ?? 0,
  });
  manager.setAuthorized(true);
  return { timers, hub, errors, manager };
}

/** Follows a promise without awaiting it, so a test can look at it between clock steps. */
function track<T>(promise: Promise<T>): { settled: boolean; value?: T } {
  const state: { settled: boolean; value?: T } = { settled: false };
  void promise.then((value) => {
    state.settled = true;
    state.value = value;
  });
  return state;
}

const never = () => new Promise(() => {});

describe('connection timeouts (spec B §8, §9)', () => {
  it('B9.connection.start-timeout-30s: a start that hangs fails after 30 s, not before', async () => {
    const t = setup();
    t.hub.queueStarts('hang');
    t.manager.connect();
    await t.timers.advance(29_999);
    expect(t.manager.state).toBe('Connecting');
    await t.timers.advance(1);
    expect(t.manager.state).toBe('Failed');
    expect(t.errors.items.map((e) => e.code)).toEqual(['CONNECTION_TIMEOUT']);
  });

  it('B9.hub.call-timeout-10s: a hub call without an answer fails after 10 s, not before', async () => {
    const t = setup();
    t.manager.connect();
    await t.timers.advance(0);
    t.hub.invokeHandler = never;
    const call = track(t.manager.invoke(hubMethods.getActiveFeedGroups, []));
    await t.timers.advance(9_999);
    expect(call.settled).toBe(false);
    await t.timers.advance(1);
    expect(call.value).toMatchObject({ ok: false, error: { code: 'HUB_CALL_TIMEOUT' } });
  });

  it('B9.connection.health-check-5s: the periodic health check gives up after 5 s, the quick one after 2 s', async () => {
    const t = setup({ healthIntervalMs: 1000 });
    t.manager.connect();
    await t.timers.advance(0);
    t.hub.invokeHandler = never;
    await t.timers.advance(1000 + 4_999);
    expect(t.manager.state).toBe('Connected');
    await t.timers.advance(1);
    expect(t.manager.state).toBe('Connecting');

    const quick = setup();
    quick.manager.connect();
    await quick.timers.advance(0);
    quick.hub.invokeHandler = never;
    quick.manager.retry(); // on an open connection: the quick check
    await quick.timers.advance(1_999);
    expect(quick.manager.state).toBe('Connected');
    await quick.timers.advance(1);
    expect(quick.manager.state).toBe('Connecting');
  });

  it('B9.connection.cleanup-timeout-5s: a disconnect whose hub never stops is done after 5 s, not before', async () => {
    const t = setup({ hangingStop: true });
    t.manager.connect();
    await t.timers.advance(0);
    const done = track(t.manager.disconnect());
    await t.timers.advance(4_999);
    expect(done.settled).toBe(false);
    await t.timers.advance(1);
    expect(done.settled).toBe(true);
    expect(t.manager.state).toBe('Disconnected');
  });

  it("B8.connection.failed-to-connect-text: a call waiting for a start that a disconnect ends reads 'Failed to connect.'", async () => {
    const t = setup();
    t.hub.queueStarts('hang');
    t.manager.connect();
    const call = track(t.manager.invoke(hubMethods.getActiveFeedGroups, []));
    await t.timers.advance(1000);
    await t.manager.disconnect();
    await t.timers.advance(0);
    expect(call.value).toEqual({ ok: false, error: { code: 'FAILED_TO_CONNECT', message: 'Failed to connect.' } } satisfies Result<never>);
  });
});
