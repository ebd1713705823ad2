import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const databaseModule = path.join(path.dirname(fileURLToPath(import.meta.url)), 'database.ts');

/** Opens a database in a fresh Node process and tells whether the pg driver got loaded. */
function loadsPg(databaseUrl: string | undefined): boolean {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ox-pg-lazy-'));
  try {
    const script = `
      import Module from 'node:module';
      const { createDatabase } = await import(${JSON.stringify(databaseModule)});
      const database = createDatabase({ dataDir: ${JSON.stringify(dataDir)}, databaseUrl: ${JSON.stringify(databaseUrl)} });
      const loaded = Object.keys(Module._cache).some((file) => file.includes('/node_modules/pg/'));
      await database.close();
      console.log(JSON.stringify({ loaded }));
    `;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    return (JSON.parse(r.stdout.trim().split('\n').pop()!) as { loaded: boolean }).loaded;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

it('the PostgreSQL driver is loaded only when DATABASE_URL selects PostgreSQL', { timeout: 30_000 }, () => {
  expect(loadsPg(undefined)).toBe(false);
  // Creating the pool connects to nothing, so no server is needed to see the driver load.
  expect(loadsPg('postgres://nobody@127.0.0.1:1/none')).toBe(true);
});
