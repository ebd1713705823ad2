import { pino } from 'pino';
import { buildApp } from './app';
import { clusterNode } from './cluster/cluster-node';
import { loadOrCreateKeys } from './auth';
import { systemClock, systemTimers } from './time/timers';
import { loadConfig } from './config';
import type { AppExtension } from './context';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { realtimeExtension } from './realtime/realtime-extension';
import { DEMO_EMAIL, DEMO_PASSWORD, seed } from './seed';
import { hasBuiltApp } from './web/spa';

// The reference server: open and migrate the database, seed once, serve API and web app.

/** Feature modules wired in by their owners (hub, exchange core, market data…). */
const extensions: AppExtension[] = [realtimeExtension()];

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const database = createDatabase(config);
  log.info({ database: database.location, dialect: database.dialect }, 'database opened');

  const keys = loadOrCreateKeys(config.dataDir);
  const applied = await migrateToLatest(database, { keys });
  for (const m of applied) log.info({ migration: m.migrationName, status: m.status }, 'migration');
  // ROLE=core or ROLE=edge (cluster mode); null for the single process.
  const node = clusterNode(config, log);
  if (node?.seeds ?? true) {
    const seeded = await seed(database, systemClock, { keys, demoUser: config.devRoutes, candleHistory: config.simRate > 0 });
    if (seeded.demoUserCreated) log.info({ email: DEMO_EMAIL }, 'demo user created');
    if (seeded.demoUserExists && !config.devRoutes) {
      log.warn({ email: DEMO_EMAIL }, 'the demo account (published password) is in this database; it cannot sign in without DEV_ROUTES');
    }
  }

  const app = await buildApp({ config, database, loggerInstance: log, extensions: node?.extensions ?? extensions, ...node?.app });

  let stoppingSince = 0;
  const stop = (signal: string) => {
    if (stoppingSince) {
      // Launchers (npm, tsx) relay the terminal's signal too: a repeat within a second is
      // the same key press; a later one is the user insisting.
      if (systemTimers.now() - stoppingSince < 1000) return;
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stoppingSince = systemTimers.now();
    log.info({ signal }, 'shutting down (press Ctrl-C again to force)');
    // Named, so that a stop that overruns says where it stuck.
    let step = 'closing the app (hub, simulator, HTTP server, exchange)';
    const force = systemTimers.setTimeout(() => {
      app.server.getConnections((_err, openConnections) => {
        log.error({ step, openConnections, ms: systemTimers.now() - stoppingSince }, 'shutdown took too long: exiting');
        process.exit(1);
      });
    }, SHUTDOWN_TIMEOUT_MS);
    void (async () => {
      try {
        await app.close();
        step = 'closing the cluster connections';
        await node?.close();
        step = 'closing the database';
        await database.close();
        systemTimers.clearTimeout(force);
        log.info({ ms: systemTimers.now() - stoppingSince }, 'stopped');
        process.exit(0);
      } catch (err) {
        log.error({ err, step }, 'shutdown failed');
        process.exit(1);
      }
    })();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  if (!hasBuiltApp(config.staticDir)) {
    log.warn({ staticDir: config.staticDir }, 'web app not built (no index.html): serving the API only; run `npx vite build`');
  }
  log.info(
    { url, host: config.host, publicUrl: config.publicUrl, dataDir: config.dataDir, role: config.cluster.role },
    'Ox Exchange is running',
  );
  const lines = [
    '',
    `  Ox Exchange is running at ${url}`,
    ...(config.devRoutes ? [`  Demo login: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`, `  Mail and SMS (development): ${url}/dev/outbox`] : []),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((err: unknown) => {
  // pino may not exist yet (bad configuration), so report plainly.
  process.stderr.write(`Server failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
