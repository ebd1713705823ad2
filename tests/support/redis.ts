import { Redis } from 'ioredis';

// Redis for tests: the server named by TEST_REDIS_URL (or the local one), probed once per test
// file, and a clean-up that removes every key of one test run's prefix.

export const REDIS_TEST_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function probe(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 2_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Whether a Redis server answered; known when this module loads (for describe.skipIf). */
export const redisReachable: boolean = await probe(REDIS_TEST_URL);

if (!redisReachable) console.log(`Redis was not reachable at ${REDIS_TEST_URL}: its tests are skipped.`);

/** Deletes every key under `prefix:` (streams, rate-limit counters) a test run left. */
export async function dropRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_TEST_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
