import { createHash } from 'node:crypto';
import { conflictClause, quote, type Statement, type UpsertSpec } from './bulk-write';

// A PostgreSQL batch as ONE prepared statement: for each table the batch writes, an
// INSERT … SELECT FROM unnest(…) … ON CONFLICT in a data-modifying WITH, with each column's
// values as one array parameter. PostgreSQL runs the statement as one transaction in one round
// trip, and its text depends only on which tables the batch writes, so each connection parses
// and plans it once. A text with every value written in (as batches were sent before) was
// parsed and planned whole for every batch: replaying 67 batches of a benchmark run, the
// server spent 140–150 ms of CPU on them this way against 220 ms (docs/scaling.md).
//
// One statement cannot change a row twice, so rows of one table with the same conflict key
// (a batch grouped with the next one) are merged first into what running the upserts one after
// the other leaves: the first row, with the updated columns of each later one. Plain inserts
// keep every row, so a duplicate fails the whole batch, as it did before.

/** A table's columns and their types as PostgreSQL's format_type writes them. */
export type ColumnTypes = ReadonlyMap<string, string>;

/** The column types of the table named by $1. */
export const COLUMN_TYPES_SQL =
  'select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped';

export interface PreparedBatch {
  /** Derived from the text, so one name never stands for two texts on a connection. */
  name: string;
  text: string;
  /** One array literal per column of each table, in the order of the text's parameters. */
  values: string[];
}

/** The text node-pg would have sent for `value`; null for SQL NULL. */
export function postgresText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Cannot write ${value} to PostgreSQL`);
    return String(value);
  } else if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  else if (value instanceof Date) return value.toISOString();
  else if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
  else text = JSON.stringify(value);
  if (text.includes('\0')) throw new Error('PostgreSQL text cannot hold a NUL character');
  return text;
}

const NEEDS_ESCAPE = /["\\]/;
const ESCAPED = /["\\]/g;

/** A one-dimensional array literal: every element quoted (so 'NULL' stays a text), null as NULL. */
export function postgresArrayLiteral(values: readonly (string | null)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ',';
    const v = values[i] ?? null;
    if (v === null) out += 'NULL';
    else out += NEEDS_ESCAPE.test(v) ? `"${v.replace(ESCAPED, '\\$&')}"` : `"${v}"`;
  }
  return out + '}';
}

type Row = (string | null)[];

interface Shape {
  /** Column positions of the conflict target and of the columns an upsert overwrites. */
  target: number[];
  update: number[];
}

const shapes = new WeakMap<UpsertSpec, Shape>();

function shapeOf(spec: UpsertSpec): Shape {
  let shape = shapes.get(spec);
  if (!shape) {
    const at = (c: string) => {
      const i = spec.columns.indexOf(c);
      if (i < 0) throw new Error(`${spec.table}: ${c} is not one of the columns written`);
      return i;
    };
    shape = { target: spec.onConflict?.target.map(at) ?? [], update: spec.onConflict?.update.map(at) ?? [] };
    shapes.set(spec, shape);
  }
  return shape;
}

/** Rows of each table in the order they first appear, merged by conflict key where there is one. */
function rowsByTable(statements: readonly Statement[]): Map<UpsertSpec, Row[]> {
  const tables = new Map<UpsertSpec, { rows: Row[]; byKey: Map<string, Row> | null }>();
  for (const statement of statements) {
    const { spec, params } = statement;
    if (!spec) throw new Error('A PostgreSQL batch is built from bulkStatements, which name their table');
    let table = tables.get(spec);
    if (!table) tables.set(spec, (table = { rows: [], byKey: spec.onConflict ? new Map() : null }));
    const width = spec.columns.length;
    if (params.length % width !== 0) throw new Error(`${spec.table}: ${params.length} values for rows of ${width}`);
    const shape = shapeOf(spec);
    for (let at = 0; at < params.length; at += width) {
      const row: Row = new Array<string | null>(width);
      for (let c = 0; c < width; c++) row[c] = postgresText(params[at + c]);
      if (table.byKey) {
        const key = shape.target.map((c) => row[c]).join('\0');
        const first = table.byKey.get(key);
        if (first) {
          for (const c of shape.update) first[c] = row[c] ?? null;
          continue;
        }
        table.byKey.set(key, row);
      }
      table.rows.push(row);
    }
  }
  return new Map([...tables].map(([spec, t]) => [spec, t.rows]));
}

/**
 * Builds batches for one database: `typesOf` gives the column types of a table (the caller
 * loads them before the first batch that writes it). Null for a batch that writes nothing.
 */
export function postgresBatchBuilder(typesOf: (table: string) => ColumnTypes): (statements: readonly Statement[]) => PreparedBatch | null {
  const texts = new Map<string, { name: string; text: string }>();
  // By spec, not by table name: two specs of one table write different columns.
  const specIds = new WeakMap<UpsertSpec, number>();
  let nextId = 0;
  const idOf = (spec: UpsertSpec) => {
    let id = specIds.get(spec);
    if (id === undefined) specIds.set(spec, (id = nextId++));
    return id;
  };

  function prepared(specs: readonly UpsertSpec[]): { name: string; text: string } {
    const key = specs.map(idOf).join(',');
    let found = texts.get(key);
    if (found) return found;
    let n = 0;
    const parts = specs.map((spec, i) => {
      const types = typesOf(spec.table);
      const arrays = spec.columns.map((c) => {
        const type = types.get(c);
        if (!type) throw new Error(`${spec.table} has no column ${c}`);
        return `$${++n}::${type}[]`;
      });
      const columns = spec.columns.map(quote).join(', ');
      return `w${i} as (insert into ${quote(spec.table)} (${columns}) select * from unnest(${arrays.join(', ')})${conflictClause(spec)})`;
    });
    const text = `with ${parts.join(', ')} select 1`;
    found = { name: `ox_batch_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`, text };
    texts.set(key, found);
    return found;
  }

  return (statements) => {
    const tables = rowsByTable(statements);
    if (tables.size === 0) return null;
    const values: string[] = [];
    for (const [spec, rows] of tables) {
      for (let c = 0; c < spec.columns.length; c++) values.push(postgresArrayLiteral(rows.map((r) => r[c] ?? null)));
    }
    return { ...prepared([...tables.keys()]), values };
  };
}
