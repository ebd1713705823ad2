import * as Comlink from 'comlink';
import { absoluteHubUrl, signalrHubFactory } from '../../../src/worker/connection/signalr-hub';
import { createEngine } from '../../../src/worker/engine/engine';
import { exposeEngine } from '../../../src/worker/engine/expose';
import { hostFrames } from '../../../src/worker/time/frame';
import { systemTimers } from '../../../src/worker/time/timers';
import type { LossyOrdersControl } from './lossy-orders-api';

// A test-only worker entry: the production engine (real hub, real fetch, real clock) whose
// network can lose the answers to order submissions. A lost answer is a request the server
// received and answered, whose answer never reaches the engine, as when the connection drops
// after the request went out.

const scope = globalThis as unknown as { location?: { href: string } };
const ORDER_POST = /\/v1\/orders\/(buy|sell)$/;

let toLose = 0;
const posts: unknown[] = [];

const engine = createEngine({
  timers: systemTimers,
  hubFactory: (url) => signalrHubFactory(absoluteHubUrl(url, scope.location?.href ?? 'http://localhost/')),
  fetch: async (input, init) => {
    const isOrder = (init.method ?? 'GET') === 'POST' && ORDER_POST.test(new URL(input).pathname);
    if (isOrder) posts.push(JSON.parse(String(init.body)));
    const res = await globalThis.fetch(input, init);
    if (isOrder && toLose > 0) {
      toLose--;
      await res.text(); // the server has answered in full
      throw new TypeError('Failed to fetch');
    }
    return res;
  },
  frames: hostFrames(globalThis, systemTimers),
});

const control: LossyOrdersControl = {
  loseNextOrderAnswers(n) {
    toLose = n;
  },
  orderPosts: () => [...posts],
};

Comlink.expose({ ...exposeEngine(engine), ...control });
