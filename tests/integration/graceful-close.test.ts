import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { installGracefulClose, type CloseTimers } from '../../src/server/web/graceful-close';
import { startApp, type TestApp } from './accounts-harness';
import { waitFor } from './hub-helpers';

// Stopping the server must not hang on its HTTP connections (Node's server.close() waits for
// all of them): the start command gives a stop 10 s before it gives up and exits with an error.

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

/** Timers that fire only when the test says so. */
function manualTimers(): CloseTimers & { sweep(): void; cut(): void; pending(): number } {
  const timeouts = new Map<number, () => void>();
  const intervals = new Map<number, () => void>();
  let next = 1;
  return {
    setTimeout(fn) {
      timeouts.set(next, fn);
      return next++;
    },
    clearTimeout(handle) {
      timeouts.delete(handle as number);
    },
    setInterval(fn) {
      intervals.set(next, fn);
      return next++;
    },
    clearInterval(handle) {
      intervals.delete(handle as number);
    },
    /** One round of every interval (the sweep of idle connections). */
    sweep() {
      for (const fn of intervals.values()) fn();
    },
    /** Every timeout (the end of the grace). */
    cut() {
      for (const [id, fn] of timeouts) {
        timeouts.delete(id);
        fn();
      }
    },
    pending: () => timeouts.size + intervals.size,
  };
}

/** A plain app with the graceful close and a route that answers only when told to. */
async function appWithSlowRoute(timers: CloseTimers): Promise<{ app: FastifyInstance; finish: () => void; started: () => boolean }> {
  const app = Fastify({ logger: false });
  let finish: () => void = () => undefined;
  let started = false;
  app.get('/slow', async () => {
    started = true;
    await new Promise<void>((resolve) => (finish = resolve));
    return { done: true };
  });
  installGracefulClose(app, { graceMs: 3_000, timers });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, finish: () => finish(), started: () => started };
}

/**
 * A request to the slow route is running when the app starts closing; one sweep of idle
 * connections has passed, and the app is still open (the request holds it).
 */
async function closeDuringSlowRequest() {
  const timers = manualTimers();
  const slow = await appWithSlowRoute(timers);
  plain = slow.app;
  const response = fetch(`http://127.0.0.1:${portOf(slow.app)}/slow`);
  await waitFor(slow.started, 5_000, 'request started');
  let done = false;
  const closing = slow.app.close().then(() => (done = true));
  await waitFor(() => timers.pending() === 2, 5_000, 'sweep and grace timers');
  timers.sweep();
  await new Promise((r) => setTimeout(r, 50));
  expect(done).toBe(false);
  return { timers, slow, response, closing, closed: () => done };
}

describe('closing the app', () => {
  it('ends at once a connection that never sent a request (browsers keep spare ones open)', async () => {
    t = await startApp();
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

  it('answers a request still running when it finishes within the grace, then ends its connection', async () => {
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
    expect(timers.pending()).toBe(0);
    plain = undefined;
  });

  it('cuts a request still running when the grace is over, and closes', async () => {
    const { timers, slow, response, closing, closed } = await closeDuringSlowRequest();
    timers.cut();
    await expect(response).rejects.toThrow();
    await waitFor(closed, 5_000, 'app closed');
    await closing;
    slow.finish();
    plain = undefined;
  });
});
