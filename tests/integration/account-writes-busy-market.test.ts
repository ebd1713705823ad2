import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../src/shared/api/paths';
import { outboxListSchema, type OutboxEntry } from '../../src/shared/api/server-extras';
import { Client, STRONG_PASSWORD, beneficialOwner, corporationRegistration, relaxedRateLimits, uniqueEmail } from './accounts-harness';
import { createTrader, startRealtimeApp, waitFor, type LoggedIn, type RealtimeApp } from './realtime-support';

// No account action may fail because the market is busy. The real app as main.ts wires it (the
// exchange core with its SQLite writer thread, the realtime extension with the simulator at
// SIM_RATE 2,000 events/s) on a fresh DATA_DIR; orders arrive at 1,000/s from funded traders
// while 50 new users go through every account write at once: register, email and phone codes
// (read from the outbox), login, refresh, principal address and beneficial owners.
//
// Requests go through app.inject rather than sockets: it runs the same routing, hooks and
// handlers, keeps every request concurrent (nothing in it serialises them), and leaves the two
// cores to the server, its writer thread and the simulator instead of HTTP clients in the same
// process. What the rule is about, the app's SQLite connection meeting the writer thread's, is
// the same either way, and this load made registrations and confirms answer 500
// ("database is locked") before writes took the lock first.

// About 10 s on a quiet machine. The load is fixed in time (orders arrive by the clock), so on a
// machine already busy with other work every step takes longer, hence the generous timeout.
const TIMEOUT_MS = 180_000;
const SIM_RATE = 2000;
const ORDER_RATE = 1000;
const USERS = 50;
const TRADERS = 8;

interface Answer {
  route: string;
  status: number;
  body: string;
}

let t: RealtimeApp;
const answers: Answer[] = [];

function record(route: string, res: LightMyRequestResponse): LightMyRequestResponse {
  answers.push({ route, status: res.statusCode, body: res.statusCode >= 500 ? res.body : '' });
  return res;
}

async function outbox(): Promise<OutboxEntry[]> {
  await t.app.ctx.outbox.idle();
  return outboxListSchema.parse((await t.app.inject({ method: 'GET', url: '/dev/outbox.json' })).json());
}

async function codeSentTo(to: string): Promise<string> {
  const message = (await outbox()).find((m) => m.to === to && m.code);
  if (!message?.code) throw new Error(`no code sent to ${to}`);
  return message.code;
}

/**
 * Orders at `rate` per second until stopped, spread over the traders: IOC limits that cross the
 * simulator's ladders by 1%, so they trade and never pile up in the book. Arrivals follow the
 * clock, not the answers (an open-loop load, as from many independent clients).
 */
function startOrderFlow(traders: LoggedIn[], rate: number) {
  let sent = 0;
  let lastSentAt = 0;
  const inFlight = new Set<Promise<unknown>>();
  const started = performance.now();
  const send = () => {
    const mid = Number(t.app.realtime.simulator.mids().btcusd);
    const side = sent % 2 === 0 ? 'buy' : 'sell';
    const price = (side === 'buy' ? mid * 1.01 : mid * 0.99).toFixed(2);
    const trader = traders[sent % traders.length]!;
    sent += 1;
    const p = t.app
      .inject({
        method: 'POST',
        url: paths.orders.create(side),
        headers: { cookie: trader.cookie, 'x-auth-method': 'cookie' },
        payload: { currency_pair: 'btcusd', algorithm_id: 201, time_in_force: 'IOC', price, quantity: '0.001' },
      })
      .then((res) => record('order', res));
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };
  const timer = setInterval(() => {
    const now = performance.now();
    const due = Math.floor(((now - started) / 1000) * rate);
    if (due > sent) lastSentAt = now;
    while (sent < due) send();
  }, 5);
  return {
    /** Stops sending, waits for the answers, and tells the arrival rate the server saw. */
    async stop(): Promise<{ sent: number; perSecond: number }> {
      clearInterval(timer);
      await Promise.all(inFlight);
      return { sent, perSecond: sent / ((lastSentAt - started) / 1000) };
    },
  };
}

/** One new business customer through every account write; returns /users/me at the end. */
async function onboard(i: number): Promise<{ email_confirmed: boolean; phone_confirmed: boolean }> {
  const email = uniqueEmail(`busy${i}`);
  // The national number is the outbox recipient of the SMS: one per user.
  const phone = `+4420${String(70_000_000 + i)}`;
  const call = async (route: string, res: Promise<LightMyRequestResponse>) => {
    const answer = record(route, await res);
    if (answer.statusCode >= 300) throw new Error(`${route}: ${answer.statusCode} ${answer.body}`);
    return answer;
  };
  const client = new Client(t.app);
  await call('register', client.post(paths.users.register, corporationRegistration({ email, phone_number: phone }), { authHeader: false }));
  await call('email request', client.post(paths.auth.verificationRequest('email')));
  await call('email confirm', client.post(paths.auth.verificationConfirm('email'), { code: await codeSentTo(email) }));
  await call('phone request', client.post(paths.auth.verificationRequest('phone')));
  await call('phone confirm', client.post(paths.auth.verificationConfirm('phone'), { code: await codeSentTo(phone) }));

  const again = new Client(t.app);
  await call('login', again.post(paths.auth.login, { email, password: STRONG_PASSWORD }));
  await call('refresh', again.post(paths.auth.refreshToken));
  const address = {
    principal_place_country: 'US',
    principal_place_state: 'NY',
    principal_place_address: `${i} Wall Street`,
    principal_place_city: 'New York',
    principal_place_postal_code: '10005',
  };
  await call('principal address', again.put(paths.users.principalAddress, address));
  await call('beneficial owners', again.put(paths.users.beneficialOwners, [beneficialOwner({ email: `owner.${email}` })]));
  return (await call('me', again.get(paths.users.me))).json();
}

describe('account writes on a busy market', () => {
  beforeAll(async () => {
    t = await startRealtimeApp({ simRate: SIM_RATE, config: { rateLimits: relaxedRateLimits } });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('account writes never fail on a busy market: 50 users register, verify, log in, refresh and change their profile beside the simulator at 2,000 events/s and 1,000 orders/s, with no 5xx', async () => {
    const traders = await Promise.all(
      Array.from({ length: TRADERS }, (_, i) => createTrader(t, `Taker${i}`, { usd: '100000000', btc: '1000' })),
    );
    // The simulator starts once the app is ready: its ladders are up when it has run a while.
    const sim = t.app.realtime.simulator;
    await waitFor(() => sim.stats.events >= SIM_RATE / 2, 20_000, 'the simulator to run');
    const simBefore = sim.stats.events;

    const flow = startOrderFlow(traders, ORDER_RATE);
    const users = await Promise.allSettled(Array.from({ length: USERS }, (_, i) => onboard(i)));
    const orders = await flow.stop();

    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(users.flatMap((u, i) => (u.status === 'rejected' ? [`user ${i}: ${String(u.reason)}`] : []))).toEqual([]);
    for (const u of users) expect(u.status === 'fulfilled' && u.value).toMatchObject({ email_confirmed: true, phone_confirmed: true });

    // The market was as busy as the rule says: orders kept arriving at the rate, every one
    // answered, and the simulator traded throughout without an error.
    expect(orders.perSecond).toBeGreaterThan(ORDER_RATE * 0.9);
    expect(answers.filter((a) => a.route === 'order')).toHaveLength(orders.sent);
    expect(sim.stats.events).toBeGreaterThan(simBefore);
    expect(sim.stats.errors).toBe(0);
  }, TIMEOUT_MS);
});
