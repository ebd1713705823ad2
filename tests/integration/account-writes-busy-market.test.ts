import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { simExchangeOf } from '../../src/server/sim/exchange-adapter';
import { paths } from '../../src/shared/api/paths';
import { outboxListSchema, type OutboxEntry } from '../../src/shared/api/dev';
import { describeEachStore } from '../support/postgres';
import { Client, STRONG_PASSWORD, beneficialOwner, corporationRegistration, relaxedRateLimits, uniqueEmail } from './accounts-harness';
import { createTrader, startRealtimeApp, waitFor, type LoggedIn, type RealtimeApp } from './realtime-support';

// No account action may fail because the market is busy. The real app as main.ts wires it (the
// exchange core with its SQLite writer thread, the realtime extension with the simulator) on a
// fresh DATA_DIR; market events arrive at 2,000/s and orders at 1,000/s while 50 new users go
// through every account write at once: register, email and phone codes (read from the outbox),
// login, refresh, principal address and beneficial owners.
//
// The market events: the simulator sheds load whenever its orders wait on the exchange (it keeps
// at most 0.05 s of its rate in flight), so on a machine with two busy cores it reaches a few
// hundred events/s, not 2,000. The 2,000/s are therefore driven here, open loop, through the
// same write path the simulator's own events take (simExchangeOf: exchange.placeOrder and
// cancelOrder for market makers, validation, holds, matching, ledger, commit, events): each
// event refreshes one of the makers' resting quotes, a cancel and a post-only limit, as a
// simulator quote event does. The simulator runs beside it at its usual rate, keeping its
// ladders (which the orders trade against) and its mids moving. The arrival rates are measured
// and asserted; how fast the server answered them is measured and printed (on two cores shared
// with other work it answers more slowly than they arrive, and the load queues up: the account
// writes then meet more contention, not less).
//
// Requests go through app.inject rather than sockets: it runs the same routing, hooks and
// handlers, keeps every request concurrent (nothing in it serialises them), and leaves the two
// cores to the server, its writer thread and the load instead of HTTP clients in the same
// process. What the rule is about, the app's SQLite connection meeting the writer thread's, is
// the same either way, and this load made registrations and confirms answer 500
// ("database is locked") before writes took the lock first.
//
// On PostgreSQL (a second run whenever a server answers) there is no such lock: the exchange
// commits inline on the app's connection pool, so the account writes meet its transactions for
// connections and rows, and the rule's other half is what is at stake there: serialization
// failures and deadlocks are retried, never answered as a 5xx.

// About 10 s on a quiet machine. The load is fixed in time (it arrives by the clock), so on a
// machine already busy with other work every step takes longer, hence the generous timeout.
const TIMEOUT_MS = 180_000;
/**
 * The load arrives until every user is through or for this long, whichever comes first. Arrivals
 * above what the server can answer queue up without end: on PostgreSQL, where the exchange and
 * the requests' session reads share the app's connection pool, two busy cores answer a few
 * hundred orders/s, and an account call waits behind the whole queue (the pool serves in order of
 * asking). Load without end would make that wait without end too, which says nothing about
 * account writes failing; bounded, every account call still meets the full queue, and the
 * checks below hold that the exchange was answering between the first and the last of them.
 */
const LOAD_WINDOW_MS = 8_000;
const MARKET_EVENT_RATE = 2000;
const ORDER_RATE = 1000;
/** The simulator's own rate: the default, enough to keep ladders and mids alive. */
const SIM_RATE = 50;
const USERS = 50;
const TRADERS = 8;
const MAKERS = 8;
/** Resting quotes each maker keeps and refreshes in turn. */
const SLOTS_PER_MAKER = 25;

interface Answer {
  route: string;
  status: number;
  body: string;
  /** performance.now() when the answer came. */
  at: number;
}

let t: RealtimeApp;
const answers: Answer[] = [];

function record(route: string, res: LightMyRequestResponse): LightMyRequestResponse {
  answers.push({ route, status: res.statusCode, body: res.statusCode >= 500 ? res.body : '', at: performance.now() });
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

/** What an open-loop flow achieved: arrivals while it ran, and answers until the last came back. */
interface FlowRates {
  sent: number;
  answered: number;
  failed: number;
  /** Arrivals per second over the sending window. */
  sentPerSecond: number;
  /** Answers per second from the first arrival to the last answer: what the server sustained. */
  answeredPerSecond: number;
  /** performance.now() of each answer. */
  answeredAt: number[];
}

/**
 * Calls `send` at `rate` per second until stopped. Arrivals follow the clock, not the answers
 * (an open-loop load, as from many independent clients): a slow server gets more in flight,
 * never fewer arrivals.
 */
function startFlow(rate: number, send: (n: number) => Promise<unknown>) {
  let sent = 0;
  let answered = 0;
  let failed = 0;
  let lastSentAt = 0;
  let lastAnsweredAt = 0;
  const answeredAt: number[] = [];
  const errors: unknown[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const started = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const due = Math.floor(((now - started) / 1000) * rate);
    if (due > sent) lastSentAt = now;
    while (sent < due) {
      const p = send(sent).then(
        () => {
          answered += 1;
          lastAnsweredAt = performance.now();
          answeredAt.push(lastAnsweredAt);
        },
        (error: unknown) => {
          failed += 1;
          if (errors.length < 5) errors.push(error);
        },
      );
      sent += 1;
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    }
  }, 5);
  return {
    /** Stops sending; what was sent is still answered. */
    stopSending(): void {
      clearInterval(timer);
    },
    /** Stops sending, waits for every answer, and tells what was achieved. */
    async stop(): Promise<FlowRates & { errors: unknown[] }> {
      clearInterval(timer);
      await Promise.all(inFlight);
      return {
        sent,
        answered,
        failed,
        errors,
        answeredAt,
        sentPerSecond: sent / ((lastSentAt - started) / 1000),
        answeredPerSecond: answered / ((lastAnsweredAt - started) / 1000),
      };
    },
  };
}

/**
 * Orders from the traders, alternating sides: IOC limits that cross the simulator's ladders by
 * 1%, so they trade and never pile up in the book.
 */
function sendOrder(traders: LoggedIn[]) {
  return async (n: number) => {
    const mid = Number(t.app.realtime.simulator.mids().btcusd);
    const side = n % 2 === 0 ? 'buy' : 'sell';
    const price = (side === 'buy' ? mid * 1.01 : mid * 0.99).toFixed(2);
    const trader = traders[n % traders.length]!;
    const res = await t.app.inject({
      method: 'POST',
      url: paths.orders.create(side),
      headers: { cookie: trader.cookie, 'x-auth-method': 'cookie' },
      payload: { currency_pair: 'btcusd', algorithm_id: 201, time_in_force: 'IOC', price, quantity: '0.001' },
    });
    record('order', res);
    if (res.statusCode !== 200) throw new Error(`order: ${res.statusCode} ${res.body}`);
  };
}

/**
 * Market events as the simulator makes them, through its write path: each refreshes one resting
 * quote of a maker (the cancel of the old one and a post-only limit, submitted together, the
 * cancel applied first). Quotes rest 3–8% away from the mid, clear of the orders' 1%.
 */
function sendMarketEvent(makers: string[]) {
  const exchange = simExchangeOf(t.app.exchange, t.app.ctx.database);
  const slots: Array<string | null> = Array.from({ length: makers.length * SLOTS_PER_MAKER }, () => null);
  const refused: Record<string, number> = {};
  const send = async (n: number) => {
    const slot = n % slots.length;
    const userId = makers[slot % makers.length]!;
    const mid = Number(t.app.realtime.simulator.mids().btcusd);
    const side = slot % 2 === 0 ? 'buy' : 'sell';
    const away = 0.03 + ((n * 7919) % 500) / 10_000;
    const price = (side === 'buy' ? mid * (1 - away) : mid * (1 + away)).toFixed(2);
    const previous = slots[slot];
    slots[slot] = null;
    const cancelled = previous ? exchange.cancel(userId, previous) : null;
    const placed = exchange.placeLimit({ userId, pair: 'btcusd', side, price, quantity: '0.001', postOnly: true, timeInForce: 'GTC' });
    if (cancelled) await cancelled;
    const result = await placed;
    if (!result.ok) refused[result.code] = (refused[result.code] ?? 0) + 1;
    else if (result.resting) slots[slot] = result.orderId;
  };
  return { send, refused };
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

describeEachStore('API.security.account-writes-under-load: account writes on a busy market', (store) => {
  beforeAll(async () => {
    answers.length = 0;
    // The traders' order limit lifted too: on a machine that stalls, queued requests reach the
    // limiter in bursts, and a 429 there would say nothing about account writes.
    t = await startRealtimeApp({
      store,
      simRate: SIM_RATE,
      config: { rateLimits: { ...relaxedRateLimits, ordersPerUser: { max: 1_000_000, windowMs: 1000 } } },
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it(
    'API.security.account-writes-under-load: 50 users register, verify, log in, refresh and change their profile beside 2,000 market events/s and 1,000 orders/s, with no 5xx',
    async () => {
      const traders = await Promise.all(
        Array.from({ length: TRADERS }, (_, i) => createTrader(t, `Taker${i}`, { usd: '100000000', btc: '1000' })),
      );
      const makers = await Promise.all(
        Array.from({ length: MAKERS }, (_, i) => createTrader(t, `Maker${i}`, { usd: '100000000', btc: '1000' })),
      );
      // The simulator starts once the app is ready: its ladders are up when it has run a while.
      const sim = t.app.realtime.simulator;
      await waitFor(() => sim.stats.events >= SIM_RATE, 20_000, 'the simulator to run');
      const simBefore = sim.stats.events;
      const simStarted = performance.now();

      const cpuBefore = process.cpuUsage();
      const market = sendMarketEvent(makers.map((m) => m.id));
      const marketFlow = startFlow(MARKET_EVENT_RATE, market.send);
      const orderFlow = startFlow(ORDER_RATE, sendOrder(traders));
      const onboarding = Promise.allSettled(Array.from({ length: USERS }, (_, i) => onboard(i)));
      const window = await Promise.race([
        onboarding.then(() => 'the onboarding' as const),
        new Promise<'the load window'>((resolve) => setTimeout(() => resolve('the load window'), LOAD_WINDOW_MS)),
      ]);
      marketFlow.stopSending();
      orderFlow.stopSending();
      const users = await onboarding;
      const [events, orders] = await Promise.all([marketFlow.stop(), orderFlow.stop()]);
      const elapsedS = (performance.now() - simStarted) / 1000;
      const simPerSecond = (sim.stats.events - simBefore) / elapsedS;
      // How much of the machine this process had: on two cores shared with other work, less than
      // the load needs shows up here first.
      const cpu = process.cpuUsage(cpuBefore);
      const cores = (cpu.user + cpu.system) / 1e6 / elapsedS;

      const accountAnswers = answers.filter((a) => a.route !== 'order').map((a) => a.at);
      const [from, to] = [Math.min(...accountAnswers), Math.max(...accountAnswers)];
      const perQuarter = (times: number[]) =>
        [0, 1, 2, 3].map(
          (q) => times.filter((at) => at >= from + ((to - from) * q) / 4 && at <= from + ((to - from) * (q + 1)) / 4).length,
        );
      const quarters = { events: perQuarter(events.answeredAt), orders: perQuarter(orders.answeredAt) };
      const rate = (r: FlowRates) =>
        `${r.sent} sent at ${r.sentPerSecond.toFixed(0)}/s, ${r.answered} answered at ${r.answeredPerSecond.toFixed(0)}/s, ${r.failed} failed`;
      console.log(
        `busy market: market events ${rate(events)} (refused: ${JSON.stringify(market.refused)}); orders ${rate(orders)}; ` +
          `simulator beside them ${simPerSecond.toFixed(0)} events/s; ${answers.filter((a) => a.route !== 'order').length} account calls; ` +
          `load sent until ${window} ended; ${elapsedS.toFixed(1)} s using ${cores.toFixed(2)} cores (main thread${store === 'sqlite' ? ", and SQLite's writer thread" : ''}); ` +
          `account writes over ${((to - from) / 1000).toFixed(1)} s, answered per quarter of it: market events ${quarters.events.join('/')}, orders ${quarters.orders.join('/')}`,
      );

      expect(answers.filter((a) => a.status >= 500)).toEqual([]);
      expect(users.flatMap((u, i) => (u.status === 'rejected' ? [`user ${i}: ${String(u.reason)}`] : []))).toEqual([]);
      for (const u of users) expect(u.status === 'fulfilled' && u.value).toMatchObject({ email_confirmed: true, phone_confirmed: true });

      // The market was as busy as the rule says: events and orders arrived at their rates (open
      // loop, by the clock) for the whole onboarding, and every one was answered without an error.
      expect(events.errors.map(String)).toEqual([]);
      expect(orders.errors.map(String)).toEqual([]);
      expect(events.sent).toBe(events.answered);
      expect(orders.sent).toBe(orders.answered);
      expect(events.sentPerSecond).toBeGreaterThan(MARKET_EVENT_RATE * 0.95);
      expect(orders.sentPerSecond).toBeGreaterThan(ORDER_RATE * 0.95);
      // And the exchange's writer was committing beside the account writes, not merely holding a
      // queue: market events and orders were answered (answers follow commits) between the first
      // and the last account answer, at least a tenth of a second's worth of each. On two cores
      // shared with other work these answers come in bursts and much of the load waits in the
      // queue (the quarters printed above show it); how fast the server answers is a figure
      // printed here, the speed targets are benchmarks (bench/).
      const during = (perQuarter: number[]) => perQuarter.reduce((sum, n) => sum + n, 0);
      expect(during(quarters.events)).toBeGreaterThanOrEqual(MARKET_EVENT_RATE / 10);
      expect(during(quarters.orders)).toBeGreaterThanOrEqual(ORDER_RATE / 10);
      // A quote that crossed would be refused (post-only), never placed on the wrong side.
      expect(Object.keys(market.refused).filter((code) => code !== 'post_only_would_take')).toEqual([]);
      expect(answers.filter((a) => a.route === 'order')).toHaveLength(orders.sent);
      expect(sim.stats.events).toBeGreaterThan(simBefore);
      expect(sim.stats.errors).toBe(0);
    },
    TIMEOUT_MS,
  );
});
