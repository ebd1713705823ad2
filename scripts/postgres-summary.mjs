// The PostgreSQL line at the end of `npm test`: how many tests ran on PostgreSQL (every one
// carries `[postgresql]` in its name, see tests/support/postgres.ts), read from vitest's JSON
// report, or why none did.
import pg from 'pg';

const TAG = '[postgresql]';

/** Counts the report's `[postgresql]` tests by outcome. */
export function countPostgresTests(report) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      const tagged = (test.ancestorTitles ?? []).includes(TAG) || String(test.fullName ?? '').includes(TAG);
      if (!tagged) continue;
      if (test.status === 'passed') counts.passed += 1;
      else if (test.status === 'failed') counts.failed += 1;
      else counts.skipped += 1;
    }
  }
  return counts;
}

async function reachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function shown(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

/** The line to print; `report` is the parsed JSON report (undefined when there is none). */
export async function postgresSummary(report) {
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (!(await reachable(url))) return `PostgreSQL skipped: no server reachable at ${shown(url)}`;
  const { passed, failed, skipped } = countPostgresTests(report ?? {});
  return `PostgreSQL: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''} (${shown(url)})`;
}
