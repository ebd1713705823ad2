import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/server/app';
import { ManualTimers } from '../../src/server/time/manual-timers';
import { defaultRateLimits, testConfig, type RateLimitConfig, type ServerConfig } from '../../src/server/config';
import { outboxListSchema, type OutboxEntry } from '../../src/shared/api/dev';
import { openTestStore, type TestStore } from '../support/postgres';

// Shared set-up of the account integration tests: an app on a fresh temporary DATA_DIR,
// a clock the test moves, and a cookie jar that behaves like a browser's.

export { STRONG_PASSWORD } from '../support/registration';
import { individualRegistration, STRONG_PASSWORD, uniqueEmail } from '../support/registration';
export const NEW_PASSWORD = 'An0ther$ecret!';

/** Rate limits high enough that tests of other rules never trip them. */
export const relaxedRateLimits: RateLimitConfig = Object.fromEntries(
  Object.entries(defaultRateLimits).map(([k, v]) => [k, { ...v, max: 1000 }]),
) as unknown as RateLimitConfig;

export type TestClock = ManualTimers;

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  /** Where the data lives; on PostgreSQL, `config.databaseUrl` names the throwaway database. */
  store: TestStore;
  clock: TestClock;
  config: ServerConfig;
  /** Closes the app (and, unless `keepData`, removes the data directory). */
  close(options?: { keepData?: boolean }): Promise<void>;
  /** Outbox rows, newest first, after pending deliveries settle. */
  outbox(): Promise<OutboxEntry[]>;
}

export async function startApp(
  options: {
    dataDir?: string;
    clock?: TestClock;
    rateLimits?: Partial<RateLimitConfig>;
    config?: Partial<ServerConfig>;
    seed?: boolean;
    /** PostgreSQL: a throwaway database, dropped on close (unless `keepData`; pass `config.databaseUrl` to reopen it). */
    store?: TestStore;
  } & Partial<Pick<BuildAppOptions, 'sessionTimings' | 'outboxDelivery' | 'extensions' | 'loggerInstance'>> = {},
): Promise<TestApp> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ox-accounts-'));
  const clock = options.clock ?? new ManualTimers(Date.UTC(2025, 0, 1, 12));
  const store = options.store ?? (options.config?.databaseUrl ? 'postgres' : 'sqlite');
  const storage = await openTestStore(store, options.config?.databaseUrl);
  const config = testConfig({
    dataDir,
    // The outbox is read through /dev/outbox.json and the demo user is logged in, so the dev
    // routes are on, except where a test runs as production (which refuses them).
    devRoutes: options.config?.nodeEnv !== 'production',
    ...options.config,
    ...(storage.databaseUrl ? { databaseUrl: storage.databaseUrl } : {}),
    rateLimits: { ...relaxedRateLimits, ...options.rateLimits },
  });
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      clock,
      seed: options.seed ?? false,
      ...(options.sessionTimings ? { sessionTimings: options.sessionTimings } : {}),
      ...(options.outboxDelivery ? { outboxDelivery: options.outboxDelivery } : {}),
      ...(options.extensions ? { extensions: options.extensions } : {}),
      ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : {}),
    });
  } catch (error) {
    await storage.release({ keep: false });
    throw error;
  }
  return {
    app,
    dataDir,
    store,
    clock,
    config,
    async close({ keepData = false } = {}) {
      await app.close();
      await storage.release({ keep: keepData });
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async outbox() {
      await app.ctx.outbox.idle();
      const res = await app.inject({ method: 'GET', url: '/dev/outbox.json' });
      return outboxListSchema.parse(res.json());
    },
  };
}

/** Cookies as a browser keeps them between calls (path is ignored: inject sends what we give it). */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  take(res: LightMyRequestResponse): this {
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return this;
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  toObject(): Record<string, string> {
    return Object.fromEntries(this.cookies);
  }

  clone(): CookieJar {
    const copy = new CookieJar();
    for (const [k, v] of this.cookies) copy.cookies.set(k, v);
    return copy;
  }
}

/** A client like the web app: sends X-Auth-Method: cookie and keeps cookies. */
export class Client {
  constructor(
    readonly app: FastifyInstance,
    readonly jar = new CookieJar(),
  ) {}

  async call(
    method: NonNullable<InjectOptions['method']>,
    url: string,
    payload?: unknown,
    options: { authHeader?: boolean; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...(options.authHeader === false ? {} : { 'x-auth-method': 'cookie' }), ...options.headers };
    const res = await this.app.inject({
      method,
      url,
      headers,
      cookies: this.jar.toObject(),
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
    this.jar.take(res);
    return res;
  }

  get(url: string, options?: { authHeader?: boolean; headers?: Record<string, string> }) {
    return this.call('GET', url, undefined, options);
  }
  post(url: string, payload?: unknown, options?: { authHeader?: boolean; headers?: Record<string, string> }) {
    return this.call('POST', url, payload, options);
  }
  put(url: string, payload?: unknown, options?: { authHeader?: boolean; headers?: Record<string, string> }) {
    return this.call('PUT', url, payload, options);
  }
}

export { individualRegistration, uniqueEmail } from '../support/registration';

export function beneficialOwner(overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Grace',
    middle_name: 'B',
    last_name: 'Hopper',
    email: 'grace@example.com',
    dob: '1970-12-09',
    phone_number: '+12025550111',
    id_type: 'passport',
    id_country_code: 'GB',
    id_number: 'P1234567',
    residential_country_code: 'GB',
    residential_address: '10 Downing Street',
    residential_city: 'London',
    residential_postal_code: 'SW1A 2AA',
    ...overrides,
  };
}

export function corporationRegistration(overrides: Record<string, unknown> = {}) {
  return {
    account_type: 'corporation',
    first_name: 'Charles',
    last_name: 'Babbage',
    email: uniqueEmail('corp'),
    phone_country_code: '+44',
    phone_number: '+442071234567',
    password: STRONG_PASSWORD,
    password2: STRONG_PASSWORD,
    account_role: 'client',
    account_purpose: 'Investing',
    business: {
      principal_place_country: 'US',
      principal_place_state: 'DE',
      principal_place_address: '1209 Orange Street',
      principal_place_city: 'Wilmington',
      principal_place_postal_code: '19801',
    },
    business_details: {
      account_purpose: 'Treasury Management',
      entity_name: 'Analytical Engines LLC',
      incorporation_country: 'US',
      incorporation_state: 'DE',
      incorporation_date: '2015-06-01',
      organization_type: 'LLC',
      business_type: 'Hedge Fund',
      registration_number: 'REG-001',
      tax_id: '12-3456789',
      website: 'https://engines.example.com',
      description: 'Computing machinery.',
      accredited_investor: true,
      non_agent_intermediary: false,
    },
    beneficial_owners: [beneficialOwner()],
    ...overrides,
  };
}

/** Registers an individual and returns a logged-in client plus the answer. */
export async function registerIndividual(t: TestApp, overrides: Record<string, unknown> = {}) {
  const client = new Client(t.app);
  const payload = individualRegistration(overrides);
  const res = await client.post('/v1/users/register', payload, { authHeader: false });
  if (res.statusCode !== 200) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
  return { client, payload, user: res.json().user_details as { id: string; email: string } };
}

/** The problem body of a failed call. */
export function problem(res: LightMyRequestResponse) {
  return res.json() as { title: string; status: number; detail?: string; code?: string; errors?: Record<string, string[]> };
}
