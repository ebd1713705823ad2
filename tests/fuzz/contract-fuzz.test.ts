import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '../../src/server/errors';
import type { RouteEntry } from '../../src/server/http/route-table';
import { problemSchema } from '../../src/shared/api/problem';
import { startFuzzWorld } from './contract/fuzz-world';
import { hostileSegment } from './contract/hostile';
import { malformedRequests, type FuzzInput } from './contract/malformed-request';
import { routeSamples, type RouteSample } from './contract/route-samples';
import { stateDigest, stateWatch } from './contract/state-digest';

// Every HTTP route of the built app, found through the app's own route table, gets at least 200
// malformed requests derived from its contract and a valid sample, sent as the account the route
// is for (logged in and funded where the route needs it). Each answer must be below 500; a
// refusal must be the route's refusal format (the API's JSON problem with a catalogue code and,
// for a validation failure, the touched field named) and must leave users, balances, orders,
// the ledger and the books exactly as they were.

const RUNS = 200;

const world = await startFuzzWorld();
const samples = routeSamples(world);
const routes: readonly RouteEntry[] = [...world.app.routeTable()];
const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

afterAll(async () => {
  await world.close();
});

function sampleFor(route: RouteEntry): RouteSample | undefined {
  return samples.get(routeKey(route)) ?? (route.method === 'HEAD' ? samples.get(`GET ${route.url}`) : undefined);
}

async function send(route: RouteEntry, sample: RouteSample, input: FuzzInput): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = sample.as === 'anonymous' ? {} : { 'x-auth-method': 'cookie' };
  if (input.contentType !== undefined) headers['content-type'] = input.contentType;
  return world.app.inject({
    method: route.method as 'GET',
    url: input.url,
    headers,
    cookies: world.cookiesOf(sample.as),
    ...(input.payload !== undefined ? { payload: input.payload } : {}),
  });
}

/** Field `names` is what the input touched; `key` is what the answer named. Either may hold the other. */
function related(key: string, names: string): boolean {
  return key === names || key.startsWith(`${names}.`) || names.startsWith(`${key}.`);
}

/** Why `res` is a wrong refusal of `input`, or null when it is the refusal the route owes. */
function refusalProblem(route: RouteEntry, sample: RouteSample, input: FuzzInput, res: LightMyRequestResponse): string | null {
  const type = String(res.headers['content-type'] ?? '');
  if (sample.answers === 'signalr' && !type.startsWith('application/problem+json')) {
    // TransportProtocols.md: a status and a short reason; the client reads the status. (What
    // the app refuses before the hub sees it, e.g. a broken media type, is a problem body.)
    if (route.method === 'HEAD' || res.body === '') return null;
    if (type.startsWith('text/plain')) return null;
    if (type.startsWith('application/json') && typeof (JSON.parse(res.body) as { error?: unknown }).error === 'string') return null;
    return `a transport refusal that is neither text nor { error }: ${type} ${res.body.slice(0, 200)}`;
  }
  if (!type.startsWith('application/problem+json')) return `not a problem body: ${type} ${res.body.slice(0, 200)}`;
  if (route.contract?.auth && res.statusCode === 401) return 'the session was refused: the handler was never reached';
  if (route.method === 'HEAD') return null;
  let problem;
  try {
    problem = problemSchema.parse(JSON.parse(res.body));
  } catch {
    return `an unreadable problem body: ${res.body.slice(0, 200)}`;
  }
  const code = problem.code ?? '';
  if (!Object.hasOwn(errorCatalogue, code)) return `code ${JSON.stringify(code)} is not in the error catalogue`;
  if (errorCatalogue[code as keyof typeof errorCatalogue].status !== res.statusCode)
    return `status ${res.statusCode} is not the catalogue's for ${code}`;
  if (code === 'validation_failed' && input.names !== undefined) {
    const keys = Object.keys(problem.errors ?? {});
    if (!keys.some((k) => related(k, input.names!)))
      return `validation failed without naming ${input.names}: ${JSON.stringify(problem.errors).slice(0, 300)}`;
  }
  return null;
}

interface Finding {
  what: string;
  request: string;
  problem: string;
}

/** Sends every input to `route`, and lists what went wrong with each. */
interface Tally {
  /** Answers by status and code, e.g. `400 validation_failed`. */
  answers: Map<string, number>;
  /** Validation failures that named the field the input touched. */
  named: number;
}

async function fuzzRoute(route: RouteEntry, sample: RouteSample, inputs: readonly FuzzInput[], tally: Tally): Promise<Finding[]> {
  const findings: Finding[] = [];
  const state = stateWatch(world.app);
  await state.reset();
  for (const input of inputs) {
    const res = await send(route, sample, input);
    const code =
      res.statusCode >= 400 && String(res.headers['content-type']).startsWith('application/problem+json') && route.method !== 'HEAD'
        ? (res.json() as { code?: string }).code
        : '';
    const answer = `${res.statusCode} ${code ?? ''}`.trim();
    tally.answers.set(answer, (tally.answers.get(answer) ?? 0) + 1);
    if (code === 'validation_failed' && input.names !== undefined) tally.named += 1;
    const finding = (problem: string) =>
      findings.push({
        what: input.what,
        request: `${route.method} ${input.url.slice(0, 200)} ${input.payload?.slice(0, 300) ?? ''}`,
        problem,
      });
    if (res.statusCode >= 500) finding(`answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    else if (res.statusCode >= 400) {
      const wrong = refusalProblem(route, sample, input, res);
      if (wrong) finding(wrong);
    } else {
      await sample.afterAccepted?.(res, world);
    }
    // A call that ended or rotated the caller's session gets the caller a new one.
    if (res.headers['set-cookie'] !== undefined) await world.mintSession(sample.as);
    // What an accepted input (or a faulty refusal) changed is the next input's starting point.
    if ((await state.changed()) && res.statusCode >= 400) finding(`refused with ${res.statusCode} but the stored state changed`);
  }
  return findings;
}

function report(findings: Finding[]): string {
  return findings
    .slice(0, 12)
    .map((f) => `- ${f.what}\n    ${f.request}\n    → ${f.problem}`)
    .join('\n');
}

describe('API.security.malformed-input-no-5xx: every route of the app is fuzzed', () => {
  it('the route table lists the API, the HEAD twins of GET routes and the hub transports', () => {
    const keys = routes.map(routeKey);
    for (const key of [
      'POST /v1/orders/buy',
      'DELETE /v1/orders/:id',
      'POST /v1/users/register',
      'POST /hubs/exchange/negotiate',
      'HEAD /v1/orders',
    ]) {
      expect(keys).toContain(key);
    }
  });

  it("the state check sees a change in a balance (written by the exchange's writer) or a user (by the app)", async () => {
    const state = stateWatch(world.app);
    await state.reset();
    expect(await state.changed()).toBe(false);
    const before = await stateDigest(world.app);
    await world.app.exchange.deposit(world.accounts.corporation.id, 'usd', '0.01');
    expect(await state.changed()).toBe(true);
    expect(await stateDigest(world.app)).not.toBe(before);
    expect(await state.changed()).toBe(false);
    await world.app.ctx.database.db
      .updateTable('users')
      .set({ last_name: 'Changed' })
      .where('id', '=', world.accounts.corporation.id)
      .execute();
    expect(await state.changed()).toBe(true);
  });

  it('each route has a known valid sample (add one to tests/fuzz/contract/route-samples.ts with any new route)', () => {
    expect(routes.filter((r) => !sampleFor(r)).map(routeKey)).toEqual([]);
  });

  it("each sample names a route the app has, and fits that route's contract", () => {
    // Development routes are fuzzed while the app has them; only they may be missing.
    const known = new Set(routes.map(routeKey));
    expect([...samples.keys()].filter((k) => !known.has(k) && !k.includes(' /dev/'))).toEqual([]);
    for (const route of routes) {
      const sample = sampleFor(route)!;
      const { contract } = route;
      if (!contract) continue;
      for (const [part, schema, value] of [
        ['body', contract.body, sample.body],
        ['query', contract.query, sample.query ?? {}],
        ['params', contract.params, sample.params ?? {}],
      ] as const) {
        if (!schema) continue;
        const parsed = schema.safeParse(value);
        expect(parsed.success, `${routeKey(route)} sample ${part}: ${parsed.error?.message}`).toBe(true);
      }
      if (contract.auth) expect(sample.as, `${routeKey(route)} needs a logged-in sample`).not.toBe('anonymous');
    }
  });
});

describe(`API.security.malformed-input-no-5xx: contract fuzz: ${RUNS} malformed requests per route`, () => {
  it.each(routes.map((r) => [routeKey(r), r] as const))(
    'API.problem.code-from-catalogue, API.problem.content-type: %s: below 500, a catalogue problem naming the field, nothing changed',
    async (_key, route) => {
      const sample = sampleFor(route);
      if (!sample) throw new Error('no sample (see the test above)');
      const inputs = fc.sample(malformedRequests(route, sample), RUNS);
      const tally: Tally = { answers: new Map(), named: 0 };
      const findings = await fuzzRoute(route, sample, inputs, tally);
      if (process.env.FUZZ_VERBOSE)
        console.log(
          routeKey(route),
          tally.named,
          [...tally.answers].sort((a, b) => b[1] - a[1]),
        );
      expect(findings, report(findings)).toEqual([]);
    },
  );
});

describe('API.security.malformed-input-no-5xx: paths no route serves', () => {
  it(`${RUNS} unknown or undecodable paths: refused with a catalogue problem (404 route_not_found, 400 bad_request), nothing changed`, async () => {
    const method = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH');
    const prefix = fc.constantFrom('/v1/', '/v1/orders/buy/', '/v1/account-management/', '/dev/', '/hubs/exchange/', '/', '//', '/v1/../');
    const inputs = fc.sample(fc.tuple(method, prefix, fc.array(hostileSegment, { minLength: 1, maxLength: 3 })), RUNS);
    const before = await stateDigest(world.app);
    const wrong: string[] = [];
    for (const [m, start, segments] of inputs) {
      const url = start + segments.join('/');
      const res = await world.app.inject({
        method: m as 'GET',
        url,
        cookies: world.cookiesOf('trader'),
        headers: { 'x-auth-method': 'cookie' },
      });
      if (routes.some((r) => r.method === m && r.url === url)) continue;
      const body = res.headers['content-type']?.toString().startsWith('application/problem+json')
        ? (res.json() as { code?: string })
        : null;
      // Dot segments may resolve onto a real route: then its own refusal is the right answer.
      if (res.statusCode >= 500 || (res.statusCode >= 400 && !(body && Object.hasOwn(errorCatalogue, body.code ?? '')))) {
        wrong.push(`${m} ${url.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(wrong.slice(0, 12)).toEqual([]);
    expect(await stateDigest(world.app)).toBe(before);
  });
});

// The refusals first reported as 500s, kept as explicit cases.
describe('API.security.numbers-bounded: regressions: numbers bounded before they are used', () => {
  const base = { currency_pair: 'btcusd', algorithm_id: 201, price: '30000', quantity: '0.01' };
  const cases: [string, unknown, string[]][] = [
    ['price and quantity 1e308', { ...base, price: '1e308', quantity: '1e308' }, ['price', 'quantity']],
    ["price 'abc' and quantity {}", { ...base, price: 'abc', quantity: {} }, ['price', 'quantity']],
    ['a price of 70,000 digits', { ...base, price: '9'.repeat(70_000) }, ['price']],
    ['a quantity of 70,000 characters', { ...base, quantity: '1.'.repeat(35_000) }, ['quantity']],
    ['an array where the price string belongs', { ...base, price: ['30000'] }, ['price']],
    ['an array where the pair string belongs', { ...base, currency_pair: ['btcusd'] }, ['currency_pair']],
    ['JSON numbers in exponent notation', { ...base, price: 1e21, quantity: 1e-7 }, ['price', 'quantity']],
    ['NaN-like text', { ...base, price: 'NaN', quantity: 'Infinity' }, ['price', 'quantity']],
    ['an order type code beyond every integer', { ...base, algorithm_id: 1e300 }, ['algorithm_id']],
    ['an expiry of 400 digits', { ...base, time_in_force: 'GTD', expires: '9'.repeat(400) }, ['expires']],
  ];
  it.each(cases)('POST /v1/orders/buy with %s → 400 naming each field, nothing changed', async (_name, body, fields) => {
    const before = await stateDigest(world.app);
    const res = await world.app.inject({
      method: 'POST',
      url: '/v1/orders/buy',
      cookies: world.cookiesOf('trader'),
      headers: { 'x-auth-method': 'cookie' },
      payload: body as object,
    });
    expect(res.statusCode, res.body).toBe(400);
    const problem = problemSchema.parse(res.json());
    expect(problem.code).toBe('validation_failed');
    expect(Object.keys(problem.errors ?? {}).sort()).toEqual([...fields].sort());
    expect(await stateDigest(world.app)).toBe(before);
  });

  it.skipIf(!routes.some((r) => r.url === '/dev/faucet'))('a faucet amount in exponent notation → 400 naming amount', async () => {
    const res = await world.app.inject({
      method: 'POST',
      url: '/dev/faucet',
      cookies: world.cookiesOf('trader'),
      headers: { 'x-auth-method': 'cookie' },
      payload: { currency: 'usd', amount: '1e5' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(problemSchema.parse(res.json()).errors).toEqual({ amount: ['amount must be a decimal number.'] });
  });

  it('API.errors.bad-request-400: an undecodable or over-long path parameter → 400 bad_request as a problem body', async () => {
    for (const url of ['/v1/orders/%ZZ', '/v1/orders/%C0%AE%C0%AE', `/v1/orders/${'%00'.repeat(200)}`]) {
      const res = await world.app.inject({
        method: 'DELETE',
        url,
        cookies: world.cookiesOf('trader'),
        headers: { 'x-auth-method': 'cookie' },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(problemSchema.parse(res.json()).code).toBe('bad_request');
    }
  });
});
