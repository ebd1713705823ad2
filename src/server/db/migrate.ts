import { Migrator, type Migration, type MigrationProvider, type MigrationResult } from 'kysely';
import type { AppDatabase } from './database';
import type { ServerKeys } from '../auth/keys';
import { migrations as allMigrations, type MigrationContext, type VersionedMigration } from './migrations';

export interface MigrateOptions {
  /** The server's keys (see MigrationContext.keys); main and buildApp always pass them. */
  keys?: ServerKeys | undefined;
  migrations?: readonly VersionedMigration[];
}

function isMigrationList(value: MigrateOptions | readonly VersionedMigration[]): value is readonly VersionedMigration[] {
  return Array.isArray(value);
}

/** Hands Kysely's Migrator the in-code list (no filesystem scanning, so bundling is safe). */
export function migrationProvider(
  database: AppDatabase,
  list: readonly VersionedMigration[] = allMigrations,
  keys?: ServerKeys,
): MigrationProvider {
  const ctx: MigrationContext = { dialect: database.dialect, keys };
  return {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const m of list) {
        if (out[m.name]) throw new Error(`Duplicate migration name ${m.name}`);
        out[m.name] = {
          up: (db) => m.up(db, ctx),
          ...(m.down ? { down: (db: Parameters<Migration['up']>[0]) => m.down!(db, ctx) } : {}),
        };
      }
      return out;
    },
  };
}

/** Brings the schema to the newest version; throws (after logging nothing) if a step fails. */
export async function migrateToLatest(
  database: AppDatabase,
  /** The options, or just the list of migrations to apply (tests of one step). */
  optionsOrList: MigrateOptions | readonly VersionedMigration[] = {},
): Promise<MigrationResult[]> {
  const options: MigrateOptions = isMigrationList(optionsOrList) ? { migrations: optionsOrList } : optionsOrList;
  const provider = migrationProvider(database, options.migrations ?? allMigrations, options.keys);
  const migrator = new Migrator({ db: database.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String((error as Error).message ?? error)}`, {
      cause: error,
    });
  }
  return results ?? [];
}
