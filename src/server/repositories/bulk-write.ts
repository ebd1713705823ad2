import { CompiledQuery } from 'kysely';
import type { Dialect, Executor } from '../db/database';

// Multi-row INSERT … ON CONFLICT DO UPDATE for the exchange's batch write, as plain SQL text.
// Kysely's builder spends far longer compiling a many-row insert than SQLite spends running it
// (measured: ~10 ms vs ~0.5 ms for 100 rows), and the batch write is the writer's critical path.
// Rows are cut into chunks of power-of-two sizes (at most one statement per size) so the SQL
// texts repeat and prepared statements are reused. The statements are the same in SQLite and
// PostgreSQL except for placeholders.

const CHUNK_SIZES = [128, 64, 32, 16, 8, 4, 2, 1] as const;

export interface UpsertSpec {
  table: string;
  columns: readonly string[];
  /** Conflict target and the columns to overwrite from the new row; absent for plain inserts. */
  onConflict?: { target: readonly string[]; update: readonly string[] };
}

// Per spec object (the specs are module constants), then per dialect and row count: no key
// string is built on the writer's path.
const sqlCache = new WeakMap<UpsertSpec, Map<string, string>>();

export function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}

/** ` on conflict (…) do update set …` for an upsert, '' for a plain insert. */
export function conflictClause(spec: UpsertSpec): string {
  if (!spec.onConflict) return '';
  const set = spec.onConflict.update.map((c) => `${quote(c)} = excluded.${quote(c)}`).join(', ');
  return ` on conflict (${spec.onConflict.target.map(quote).join(', ')}) do update set ${set}`;
}

function statement(spec: UpsertSpec, rows: number, dialect: Dialect): string {
  let bySize = sqlCache.get(spec);
  if (!bySize) sqlCache.set(spec, (bySize = new Map()));
  const key = `${dialect}${rows}`;
  const cached = bySize.get(key);
  if (cached) return cached;
  const width = spec.columns.length;
  let n = 0;
  const placeholder = dialect === 'postgres' ? () => `$${++n}` : () => '?';
  const tuples: string[] = [];
  for (let r = 0; r < rows; r++) tuples.push(`(${Array.from({ length: width }, placeholder).join(', ')})`);
  const sql = `insert into ${quote(spec.table)} (${spec.columns.map(quote).join(', ')}) values ${tuples.join(', ')}${conflictClause(spec)}`;
  bySize.set(key, sql);
  return sql;
}

export interface Statement {
  sql: string;
  params: unknown[];
  /** What the rows are, for a writer that sends them another way (postgres-batch-arrays.ts). */
  spec?: UpsertSpec;
}

/** The statements that insert (or upsert) `rows`, each an object with at least spec.columns. */
export function bulkStatements<T extends object>(dialect: Dialect, spec: UpsertSpec, rows: readonly T[]): Statement[] {
  const out: Statement[] = [];
  let i = 0;
  while (i < rows.length) {
    const left = rows.length - i;
    const size = CHUNK_SIZES.find((s) => s <= left) ?? 1;
    const params: unknown[] = [];
    for (let r = i; r < i + size; r++) {
      const row = rows[r] as Record<string, unknown>;
      for (const c of spec.columns) params.push(row[c] ?? null);
    }
    out.push({ sql: statement(spec, size, dialect), params, spec });
    i += size;
  }
  return out;
}

/** Runs statements in order on `db` (the caller's transaction). */
export async function runStatements(db: Executor, statements: readonly Statement[]): Promise<void> {
  for (const s of statements) await db.executeQuery(CompiledQuery.raw(s.sql, s.params));
}
