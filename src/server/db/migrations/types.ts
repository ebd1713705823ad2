import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { ServerKeys } from '../../auth/keys';
import type { Dialect } from '../database';

/** What a migration may need to know about the database it runs on. */
export interface MigrationContext {
  dialect: Dialect;
  /**
   * The server's keys, for migrations that encrypt stored values. Absent in tools that only
   * build a schema: such a migration then fails if it finds something to encrypt.
   */
  keys?: ServerKeys | undefined;
}

/** One schema step. `db` is untyped on purpose: a migration sees the schema as it was then. */
export interface VersionedMigration {
  /** Sortable, never renamed once released: '0001_accounts'. */
  name: string;
  up(db: Kysely<any>, ctx: MigrationContext): Promise<void>;
  down?(db: Kysely<any>, ctx: MigrationContext): Promise<void>;
}

/** Portable column types. */
export const t = {
  /** Epoch milliseconds (INTEGER in SQLite, int8 in PostgreSQL). */
  millis: 'bigint',
  /** 0/1 flag; integers rather than booleans because better-sqlite3 cannot bind booleans. */
  bool: 'integer',
  /** Canonical decimal string. Money is never REAL. */
  money: 'text',
  json: 'text',
} as const;

/** An auto-incrementing integer primary key in either dialect. */
export function autoId(ctx: MigrationContext) {
  return {
    type: ctx.dialect === 'postgres' ? ('serial' as const) : ('integer' as const),
    build: (c: ColumnDefinitionBuilder) => (ctx.dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()),
  };
}
