import type { Statement } from './bulk-write';

// A PostgreSQL batch as ONE simple-query text: each statement with its parameters written in
// as literals, joined by semicolons. PostgreSQL runs a multi-statement simple query as one
// implicit transaction (all of it commits or none of it), so the batch costs one round trip
// to the server instead of one per statement plus BEGIN and COMMIT; on a loaded machine each
// round trip waits for the server process's time slice (docs/scaling.md).
//
// Only for bulk-write.ts's statements: their texts are generated, hold no string literal of
// their own and refer to parameters as $1…$n. Each value becomes a quoted literal of unknown
// type, which PostgreSQL types from its column exactly as it types an untyped text parameter;
// the text of each value is what node-pg would have sent for it.

/** The literal node-pg's text encoding of `value` would have matched. */
export function postgresLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Cannot write ${value} to PostgreSQL`);
    // A number's text holds no quote, backslash or NUL.
    return `'${value}'`;
  } else if (typeof value === 'bigint' || typeof value === 'boolean') return `'${value}'`;
  else if (value instanceof Date) return `'${value.toISOString()}'`;
  else if (value instanceof Uint8Array) text = `\\x${Buffer.from(value).toString('hex')}`;
  else text = JSON.stringify(value);
  // Most values (decimal strings, ids, codes) need no escaping: one scan decides.
  if (!NEEDS_CARE.test(text)) return `'${text}'`;
  if (text.includes('\0')) throw new Error('PostgreSQL text cannot hold a NUL character');
  return quoteLiteral(text);
}

const NEEDS_CARE = /['\\\0]/;

/** A quoted literal whatever standard_conforming_strings is: E'…' when it holds a backslash. */
function quoteLiteral(text: string): string {
  const quoted = text.replace(/'/g, "''");
  if (!quoted.includes('\\')) return `'${quoted}'`;
  return `E'${quoted.replace(/\\/g, '\\\\')}'`;
}

const PLACEHOLDER = /\$(\d+)/g;

/**
 * A statement's text cut at its placeholders: `parts[i]` comes before parameter `slots[i]`,
 * and the last part after the last one. bulk-write.ts's texts repeat (one per table and chunk
 * size), so each is cut once and a batch is written by joining, with no regular expression.
 */
interface Template {
  parts: string[];
  slots: number[];
}

const templates = new Map<string, Template>();

function template(sql: string): Template {
  let t = templates.get(sql);
  if (t) return t;
  if (sql.includes("'")) throw new Error('A statement with literals of its own cannot take its parameters inline');
  const parts: string[] = [];
  const slots: number[] = [];
  let last = 0;
  for (const m of sql.matchAll(PLACEHOLDER)) {
    parts.push(sql.slice(last, m.index));
    slots.push(Number(m[1]) - 1);
    last = m.index + m[0].length;
  }
  parts.push(sql.slice(last));
  t = { parts, slots };
  // Generated texts are few; anything else is not kept, so the cache cannot grow without end.
  if (templates.size < 1024) templates.set(sql, t);
  return t;
}

/** One statement with its parameters written in. */
export function inlineParameters(statement: Statement): string {
  const { parts, slots } = template(statement.sql);
  const { params } = statement;
  let out = parts[0]!;
  for (let i = 0; i < slots.length; i++) {
    const index = slots[i]!;
    if (index < 0 || index >= params.length) throw new Error(`Statement refers to parameter $${index + 1}, which it was not given`);
    out += postgresLiteral(params[index]) + parts[i + 1]!;
  }
  return out;
}

/** The whole batch as one text; empty when there is nothing to write. */
export function postgresBatchText(statements: readonly Statement[]): string {
  return statements.map(inlineParameters).join(';\n');
}
