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
    text = String(value);
  } else if (typeof value === 'bigint' || typeof value === 'boolean') text = String(value);
  else if (value instanceof Date) text = value.toISOString();
  else if (value instanceof Uint8Array) text = `\\x${Buffer.from(value).toString('hex')}`;
  else text = JSON.stringify(value);
  if (text.includes('\0')) throw new Error('PostgreSQL text cannot hold a NUL character');
  return quoteLiteral(text);
}

/** A quoted literal whatever standard_conforming_strings is: E'…' when it holds a backslash. */
function quoteLiteral(text: string): string {
  const quoted = text.replace(/'/g, "''");
  if (!quoted.includes('\\')) return `'${quoted}'`;
  return `E'${quoted.replace(/\\/g, '\\\\')}'`;
}

const PLACEHOLDER = /\$(\d+)/g;

/** One statement with its parameters written in. */
export function inlineParameters(statement: Statement): string {
  if (statement.sql.includes("'")) throw new Error('A statement with literals of its own cannot take its parameters inline');
  return statement.sql.replace(PLACEHOLDER, (_, n: string) => {
    const index = Number(n) - 1;
    if (index < 0 || index >= statement.params.length) throw new Error(`Statement refers to parameter $${n}, which it was not given`);
    return postgresLiteral(statement.params[index]);
  });
}

/** The whole batch as one text; empty when there is nothing to write. */
export function postgresBatchText(statements: readonly Statement[]): string {
  return statements.map(inlineParameters).join(';\n');
}
