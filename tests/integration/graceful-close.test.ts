import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualTimers } from '../../src/server/time/manual-timers';
import type { Timers } from '../../src/server/time/timers';
import { installGracefulClose } from '../../src/server/web/graceful-close';
import { startApp, type TestApp } from './accounts-harness';
import { waitFor } from './hub-helpers';
import { describeEachStore } from '../support/postgres';

// Stopping the server must not hang on its HTTP connections (Node's server.close() waits for
// all of them): the start command gives a stop 10 s before it gives up and exits with an error.

// Once on each store: SQLite, and PostgreSQL whenever a server answers.
describeEachStore((store) => {
  let t: TestApp | undefined;
  let plain: FastifyInstance | undefined;
  afterEach(async () => {
    await t?.close();
    await plain?.close();
    t = undefined;
    plain = undefined;
  });

  function portOf(app: FastifyInstance): number {
    return (app.server.address() as AddressInfo).port;
  }

  /** The sweep runs every millisecond of manual time, so a test sweeps as often as it likes without reaching the grace. */
  const SWEEP_MS = 1;
  const GRACE_MS = 3_600_000;

  /** Manual timers with the two moves the tests make: one sweep of idle connections, and the end of the grace. */
  function closeTimers(): ManualTimers & { sweep(): void; cut(): void } {
    const timers = new ManualTimers();
    return Object.assign(timers, {
      sweep: () => timers.advance(SWEEP_MS),
      cut: () => timers.advance(GRACE_MS),
    });
  }

  /** A plain app with the graceful close and a route that answers only when told to. */
  async function appWithSlowRoute(timers: Timers): Promise<{ app: FastifyInstance; finish: () => void; started: () => boolean }> {
    const app = Fastify({ logger: false });
    let finish: () => void = () => undefined;
    let started = false;
    app.get('/slow', async () => {
      started = true;
      await new Promise<void>((resolve) => (finish = resolve));
      return { done: true };
    });
    installGracefulClose(app, { graceMs: GRACE_MS, sweepMs: SWEEP_MS, timers });
    await app.listen({ host: '127.0.0.1', port: 0 });
    return { app, finish: () => finish(), started: () => started };
  }

  /**
   * A request to the slow route is running when the app starts closing; one sweep of idle
   * connections has passed, and the app is still open (the request holds it).
   */
  async function closeDuringSlowRequest() {
    const timers = closeTimers();
    const slow = await appWithSlowRoute(timers);
    plain = slow.app;
    const response = fetch(`http://127.0.0.1:${portOf(slow.app)}/slow`);
    await waitFor(slow.started, 5_000, 'request started');
    let done = false;
    const closing = slow.app.close().then(() => (done = true));
    await waitFor(() => timers.pending === 2, 5_000, 'sweep and grace timers');
    timers.sweep();
    await new Promise((r) => setTimeout(r, 50));
    expect(done).toBe(false);
    return { timers, slow, response, closing, closed: () => done };
  }

  describe('closing the app', () => {
    it('CORE.server.close-idle-at-once: ends at once a connection that never sent a request (browsers keep spare ones open)', async () => {
      t = await startApp({ store });
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const socket = connect(portOf(t.app), '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      let closed = false;
      const closing = t.close().then(() => (closed = true));
      t = undefined;
      // Without the graceful close this waits for the client, which here never writes or leaves.
      await waitFor(() => closed, 5_000, 'app closed');
      await ended;
      await closing;
    });

    it('CORE.server.close-grace: answers a request still running when it finishes within the grace, then ends its connection', async () => {
      const { timers, slow, response, closing, closed } = await closeDuringSlowRequest();
      slow.finish();
      const res = await response;
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ done: true });
      // Answered, the keep-alive connection is idle: the next sweep ends it, and the server closes
      // (before the grace is over, which would otherwise take Fastify's 72 s keep-alive timeout).
      await waitFor(
        () => {
          timers.sweep();
          return closed();
        },
        5_000,
        'app closed',
      );
      await closing;
      // Both timers are cleared once the server has closed.
      expect(timers.pending).toBe(0);
      plain = undefined;
    });

    it('CORE.server.close-cuts-after-grace: cuts a request still running when the grace is over, and closes', async () => {
      const { timers, slow, response, closing, closed } = await closeDuringSlowRequest();
      timers.cut();
      await expect(response).rejects.toThrow();
      await waitFor(closed, 5_000, 'app closed');
      await closing;
      slow.finish();
      plain = undefined;
    });
  });
});
