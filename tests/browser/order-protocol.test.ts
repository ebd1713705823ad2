import * as Comlink from 'comlink';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { createEngineClient, type EngineClient } from '../../src/app/engine-client/engine-client';
import { createEngineWorker } from '../../src/app/engine-client/create-worker';
import { createRefresher } from '../../src/app/http/refresh';
import { orderListSchema, type Order } from '../../src/shared/api/orders';
import { paths } from '../../src/shared/api/paths';
import { AUTH_METHOD_COOKIE, AUTH_METHOD_HEADER } from '../../src/shared/constants';
import { hubEvents } from '../../src/shared/hub/names';
import type { EngineSnapshot, EngineUser } from '../../src/worker/public';
import { STRONG_PASSWORD } from '../support/registration';
import type { LossyOrdersApi } from './harness/lossy-orders-api';
import { invocations, login, logout, readTraffic, until } from './support/live-engine';

// The engine's order protocol (spec B §4 order entry, §3 client_order_id) in a real module
// worker against the REAL server (the browser project's globalSetup, simulator on): a submit is
// acknowledged, the server's private order event reaches the engine, and the order is among
// the engine's open orders; an answer lost on the way back is asked again with the same
// client_order_id, and the server places one order.

const H = { [AUTH_METHOD_HEADER]: AUTH_METHOD_COOKIE };

async function call(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(path, {
    method,
    credentials: 'same-origin',
    headers: { ...H, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** A fresh user with a session cookie and USD from the dev faucet. */
async function freshUser(): Promise<EngineUser> {
  const email = `orders-${crypto.randomUUID()}@example.com`;
  const res = await call('POST', paths.users.register, {
    account_type: 'individual',
    first_name: 'Ada',
    last_name: 'Lovelace',
    email,
    phone_country_code: '+1',
    phone_number: '+12025550100',
    password: STRONG_PASSWORD,
    password2: STRONG_PASSWORD,
    account_role: 'client',
    account_purpose: 'Investing',
    individual: {
      dob: '1990-05-17',
      residential_country_code: 'US',
      residential_address: '1 Main Street',
      residential_city: 'Springfield',
      residential_state: 'IL',
      residential_postal_code: '62701',
      id_type: 'ssn',
      id_number: '123-45-6789',
      id_country_code: 'US',
    },
  });
  if (!res.ok) throw new Error(`register: ${res.status} ${await res.text()}`);
  const user = await login(email, STRONG_PASSWORD);
  const faucet = await call('POST', '/dev/faucet', { currency: 'usd', amount: '100000' });
  if (!faucet.ok) throw new Error(`faucet: ${faucet.status}`);
  return user;
}

async function openOrders(): Promise<Order[]> {
  const res = await call('GET', paths.orders.open);
  return orderListSchema.parse(await res.json());
}

function startClient(worker: Worker, user: EngineUser): { client: EngineClient; dispose(): void } {
  const refresher = createRefresher({ channel: null });
  const client = createEngineClient({
    endpoint: worker,
    apiBase: window.location.origin,
    hubUrl: `${window.location.origin}${paths.hub}`,
    storage: window.localStorage,
    session: { subscribe: () => () => {}, currentUser: () => user },
    refreshSession: () => refresher.refreshSession(),
    logout: () => {},
  });
  return {
    client,
    dispose() {
      client.dispose();
      refresher.dispose();
      setTimeout(() => worker.terminate(), 500);
    },
  };
}

/** Waits for the selected pair's book, balances loaded and the limit price prefilled, then fills a resting buy. */
async function draftRestingBuy(client: EngineClient): Promise<void> {
  const snap = () => client.store.getSnapshot();
  await until(
    'a live book and loaded balances',
    () => snap().book.bestBid !== null && snap().balances.status === 'ready' && snap().orderEntry.clientOrderId !== '',
  );
  await client.api.setOrderType('Limit');
  await client.api.setOrderSide('buy');
  // Far below the simulator's market: it rests.
  await client.api.editOrderField('price', '1');
  await client.api.editOrderField('quantity', '0.01');
  await until('the draft in the snapshot', () => snap().orderEntry.values.quantity === '0.01' && snap().orderEntry.values.price === '1');
}

let cleanup: (() => void) | null = null;
beforeAll(async () => {
  await commands.hubTrafficStart();
});
afterEach(() => {
  cleanup?.();
  cleanup = null;
});
afterAll(async () => {
  await logout();
  await commands.hubTrafficStop();
});

describe('order protocol of the production worker against the real server (spec B §3, §4)', () => {
  it('B7.hub.event-end-user-order: submit → acknowledged → private order event → open orders in the snapshot', async () => {
    const user = await freshUser();
    const { client, dispose } = startClient(createEngineWorker(), user);
    cleanup = dispose;
    await client.ready;
    await draftRestingBuy(client);
    const clientOrderId = client.store.getSnapshot().orderEntry.clientOrderId;

    const result = await client.api.submitOrder({ timeInForce: 'GTC' });
    if (!result.ok) throw new Error(`refused: ${result.message} ${result.detail ?? ''}`);
    expect(result.message).toBe('Order submitted successfully.');
    expect(result.order).toMatchObject({ client_order_id: clientOrderId, status: 'open', price: '1', quantity: '0.01', action: 'buy' });

    // The server's private push for this order reached the worker…
    const pushed = await until('ReceiveEndUserOrder for the order', async () =>
      invocations(await readTraffic(), 'received', hubEvents.endUserOrder)
        .flatMap((m) => (Array.isArray(m.args[0]) ? m.args[0] : [m.args[0]]) as { id?: unknown }[])
        .find((o) => String(o.id) === result.order.id),
    );
    expect(pushed).toBeTruthy();
    // …and the engine lists it among the open orders.
    const snap = await until('the order among the open orders', () => {
      const s: EngineSnapshot = client.store.getSnapshot();
      return s.openOrders.items.some((o) => o.id === result.order.id) ? s : null;
    });
    expect(snap.openOrders.items.find((o) => o.id === result.order.id)).toMatchObject({ status: 'open', client_order_id: clientOrderId });
    // Spec B §4: a placed order clears the draft and makes a new client_order_id.
    await until('a new client_order_id', () => client.store.getSnapshot().orderEntry.clientOrderId !== clientOrderId);
    expect(client.store.getSnapshot().orderEntry.values.quantity).toBe('');
  });

  it('B4.order-entry.exactly-once: an answer lost after the server placed the order is asked again with the same client_order_id; one order', async () => {
    const worker = new Worker(new URL('./harness/lossy-orders.worker.ts', import.meta.url), { type: 'module' });
    const control = Comlink.wrap<LossyOrdersApi>(worker);
    const user = await freshUser();
    const { client, dispose } = startClient(worker, user);
    cleanup = dispose;
    await client.ready;
    await draftRestingBuy(client);
    const clientOrderId = client.store.getSnapshot().orderEntry.clientOrderId;
    expect(await openOrders()).toEqual([]);

    await control.loseNextOrderAnswers(2);
    const result = await client.api.submitOrder({ timeInForce: 'GTC' });
    if (!result.ok) throw new Error(`refused: ${result.message}`);

    const posts = (await control.orderPosts()) as { client_order_id: string }[];
    expect(posts).toHaveLength(3);
    expect(posts.map((p) => p.client_order_id)).toEqual([clientOrderId, clientOrderId, clientOrderId]);
    // The first request placed the order; the repeats were answered with it.
    const open = await openOrders();
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ id: result.order.id, client_order_id: clientOrderId });
    await until('the order in the snapshot', () => client.store.getSnapshot().openOrders.items.some((o) => o.id === result.order.id));
    expect(client.store.getSnapshot().openOrders.items.filter((o) => o.client_order_id === clientOrderId)).toHaveLength(1);
  });
});
