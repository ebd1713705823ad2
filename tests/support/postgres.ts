import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';

// PostgreSQL for tests: the server named by TEST_DATABASE_URL (or the local one), probed once per
// test file. Each file that uses it gets a database of its own, created empty and dropped after,
// so files run in parallel without seeing each other's rows and nothing is left behind.

export const POSTGRES_TEST_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The URL with any password hidden, for messages. */
function shown(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

async function probe(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  // A refused connection also surfaces as an 'error' event; without a listener it would crash the run.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Whether a PostgreSQL server answered; known when this module loads (for describe.skipIf). */
export const postgresReachable: boolean = await probe(POSTGRES_TEST_URL);

if (!postgresReachable) {
  console.log(`PostgreSQL was not reachable at ${shown(POSTGRES_TEST_URL)}: its tests are skipped.`);
}

/** `url` with another database name. */
function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_TEST_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface ThrowawayDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** Creates an empty database `ox_test_<random>` on the test server. */
export async function createThrowawayDatabase(): Promise<ThrowawayDatabase> {
  const name = `ox_test_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  let dropped = false;
  return {
    name,
    url: withDatabase(POSTGRES_TEST_URL, name),
    async drop() {
      if (dropped) return;
      dropped = true;
      await admin(async (c) => {
        // A pool that is still winding down gets a moment to let go: forcing its connections shut
        // would surface in the test process as an uncaught "terminating connection" error.
        for (let waited = 0; waited < 5_000; waited += 100) {
          const { rows } = await c.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = $1', [name]);
          if (Number(rows[0]!.n) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        // FORCE: a pool a failed test left open must not keep the database alive.
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    },
  };
}

/**
 * A throwaway database for the calling test file (or describe block): created before its tests,
 * dropped after them. Read `.url` inside hooks and tests, not while collecting.
 */
export function usePostgresDatabase(): { readonly url: string } {
  let database: ThrowawayDatabase | undefined;
  beforeAll(async () => {
    database = await createThrowawayDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });
  return {
    get url() {
      if (!database) throw new Error('The throwaway PostgreSQL database exists only inside hooks and tests.');
      return database.url;
    },
  };
}

/** Where a test's data lives: the embedded default, or the test PostgreSQL server. */
export type TestStore = 'sqlite' | 'postgres';

/** The stores a parametrised suite runs on: PostgreSQL joins SQLite whenever a server answers. */
export const testStores: readonly TestStore[] = postgresReachable ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * The tag a store's tests carry at the front of their names. scripts/test.mjs counts the
 * PostgreSQL run by `[postgresql]`, so every test that runs there must sit under this tag.
 */
export function storeTag(store: TestStore): string {
  return store === 'postgres' ? '[postgresql]' : '[sqlite]';
}

/**
 * Declares `suite` once per store in `testStores`, each in a describe block named by its tag
 * (and `title`, when given), so hooks and module state of one store never reach the other.
 */
export function describeEachStore(suite: (store: TestStore) => void): void;
export function describeEachStore(title: string, suite: (store: TestStore) => void): void;
export function describeEachStore(a: string | ((store: TestStore) => void), b?: (store: TestStore) => void): void {
  const title = typeof a === 'string' ? a : '';
  const suite = typeof a === 'string' ? b! : a;
  for (const store of testStores) describe(title ? `${storeTag(store)} ${title}` : storeTag(store), () => suite(store));
}

// Throwaway databases a closed app kept for a restart, by URL: whoever opens one next owns it.
const kept = new Map<string, ThrowawayDatabase>();

/**
 * The database an app under test opens: a new throwaway one on PostgreSQL (or, given the URL
 * of one kept by an earlier app, that one again), or nothing to create for SQLite.
 */
export async function openTestStore(
  store: TestStore,
  databaseUrl?: string,
): Promise<{
  databaseUrl: string | undefined;
  /** Drops the throwaway database, or keeps it for the next app given its URL. */
  release(options: { keep: boolean }): Promise<void>;
}> {
  const reused = databaseUrl ? kept.get(databaseUrl) : undefined;
  if (reused) kept.delete(databaseUrl!);
  const owned = reused ?? (store === 'postgres' && !databaseUrl ? await createThrowawayDatabase() : undefined);
  return {
    databaseUrl: owned?.url ?? databaseUrl,
    async release({ keep }) {
      if (!owned) return;
      if (keep) kept.set(owned.url, owned);
      else await owned.drop();
    },
  };
}
