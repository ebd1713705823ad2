import os from 'node:os';
import { loadOrCreateKeys } from '../auth';
import { systemClock } from '../time/timers';
import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { listOperators, setOperatorRole } from './roles';

// `npm run operator -- grant|revoke <email>` and `npm run operator -- list`: the only way the
// operator role is given or taken. It runs on the server's machine with its DATA_DIR (or
// DATABASE_URL), so whoever runs it already holds the server's keys.

export const USAGE = 'usage: npm run operator -- grant <email> | revoke <email> | list';

export async function runOperatorCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = console.log,
): Promise<number> {
  const [command, email] = args;
  if (!(command === 'list' || ((command === 'grant' || command === 'revoke') && email))) {
    out(USAGE);
    return 2;
  }
  const config = loadConfig(env);
  const database = createDatabase(config);
  try {
    await migrateToLatest(database, { keys: loadOrCreateKeys(config.dataDir) });
    if (command === 'list') {
      for (const line of await listOperators(database)) out(line);
      return 0;
    }
    const actor = env.USER ?? os.userInfo().username;
    const outcome = await setOperatorRole(database, email!, command === 'grant', actor, systemClock.now());
    out(`${email}: operator role ${command === 'grant' ? 'granted' : 'revoked'}${outcome === 'unchanged' ? ' (no change)' : ''}`);
    return 0;
  } catch (err) {
    out((err as Error).message);
    return 1;
  } finally {
    await database.close();
  }
}
