import { describe, expect, it } from 'vitest';
import { bulkStatements, type UpsertSpec } from './bulk-write';
import { postgresArrayLiteral, postgresBatchBuilder, postgresText, type ColumnTypes } from './postgres-batch-arrays';

const LINES: UpsertSpec = { table: 'lines', columns: ['id', 'amount', 'note'] };
const HEADS: UpsertSpec = {
  table: 'heads',
  columns: ['id', 'opened', 'status', 'at'],
  onConflict: { target: ['id'], update: ['status', 'at'] },
};
const TYPES = new Map<string, ColumnTypes>([
  [
    'lines',
    new Map([
      ['id', 'integer'],
      ['amount', 'numeric(38,18)'],
      ['note', 'text'],
    ]),
  ],
  [
    'heads',
    new Map([
      ['id', 'bigint'],
      ['opened', 'text'],
      ['status', 'text'],
      ['at', 'bigint'],
    ]),
  ],
]);
const build = () => postgresBatchBuilder((table) => TYPES.get(table)!);

describe('CORE.commit.postgres-one-round-trip: a PostgreSQL batch as one prepared statement of arrays', () => {
  it('writes each value as the text node-pg would have sent', () => {
    expect(postgresText(null)).toBeNull();
    expect(postgresText(undefined)).toBeNull();
    expect(postgresText('12345678901234567890.123456789012345678')).toBe('12345678901234567890.123456789012345678');
    expect(postgresText(1_700_000_000_123)).toBe('1700000000123');
    expect(postgresText(10n ** 20n)).toBe('100000000000000000000');
    expect(postgresText(true)).toBe('true');
    expect(postgresText(new Date(Date.UTC(2026, 10, 24)))).toBe('2026-11-24T00:00:00.000Z');
    expect(postgresText({ a: "it's" })).toBe('{"a":"it\'s"}');
    expect(postgresText(Buffer.from([0, 255]))).toBe('\\x00ff');
  });

  it('refuses what PostgreSQL text cannot hold or a number that is not one', () => {
    expect(() => postgresText('a\0b')).toThrow(/NUL/);
    expect(() => postgresText(Number.NaN)).toThrow(/NaN/);
    expect(() => postgresText(Number.POSITIVE_INFINITY)).toThrow(/Infinity/);
  });

  it('quotes every element of an array, so a text "NULL" or one with quotes, backslashes, commas or braces stays itself', () => {
    expect(postgresArrayLiteral([])).toBe('{}');
    expect(postgresArrayLiteral(['1', null, 'NULL', ''])).toBe('{"1",NULL,"NULL",""}');
    expect(postgresArrayLiteral(['say "hi"', 'back\\slash', 'a,b', '{x}', "O'Brien"])).toBe(
      '{"say \\"hi\\"","back\\\\slash","a,b","{x}","O\'Brien"}',
    );
  });

  it('sends one statement for all tables, one array per column, with a name that is the same for the same tables', () => {
    const batch = build()([
      ...bulkStatements('postgres', LINES, [
        { id: 1, amount: '1.5', note: null },
        { id: 2, amount: '2', note: 'x' },
        { id: 3, amount: '3', note: 'y' },
      ]),
      ...bulkStatements('postgres', HEADS, [{ id: 9, opened: 'o', status: 'open', at: 5 }]),
    ])!;
    expect(batch.text).toBe(
      'with w0 as (insert into "lines" ("id", "amount", "note") select * from unnest($1::integer[], $2::numeric(38,18)[], $3::text[])), ' +
        'w1 as (insert into "heads" ("id", "opened", "status", "at") select * from unnest($4::bigint[], $5::text[], $6::text[], $7::bigint[]) ' +
        'on conflict ("id") do update set "status" = excluded."status", "at" = excluded."at") select 1',
    );
    expect(batch.values).toEqual(['{"1","2","3"}', '{"1.5","2","3"}', '{NULL,"x","y"}', '{"9"}', '{"o"}', '{"open"}', '{"5"}']);
    const again = build()(bulkStatements('postgres', LINES, [{ id: 4, amount: '4', note: null }]))!;
    const other = build()(bulkStatements('postgres', HEADS, [{ id: 4, opened: 'o', status: 's', at: 1 }]))!;
    expect(again.name).toBe(build()(bulkStatements('postgres', LINES, [{ id: 5, amount: '5', note: 'z' }]))!.name);
    expect(again.name).not.toBe(batch.name);
    expect(other.name).not.toBe(again.name);
  });

  it('writes the columns of the spec each batch names, when two specs write one table', () => {
    const narrow: UpsertSpec = { table: 'lines', columns: ['id', 'amount'] };
    const builder = build();
    const wide = builder(bulkStatements('postgres', LINES, [{ id: 1, amount: '1', note: 'x' }]))!;
    const slim = builder(bulkStatements('postgres', narrow, [{ id: 2, amount: '2' }]))!;
    expect(slim.text).toBe(
      'with w0 as (insert into "lines" ("id", "amount") select * from unnest($1::integer[], $2::numeric(38,18)[])) select 1',
    );
    expect(slim.name).not.toBe(wide.name);
  });

  it('gives nothing for a batch that writes nothing, and refuses a statement that does not say what it writes', () => {
    expect(build()([])).toBeNull();
    expect(() => build()([{ sql: 'insert into "lines" ("id") values ($1)', params: [1] }])).toThrow(/bulkStatements/);
  });
});

describe('CORE.commit.postgres-merged-upserts: rows of one table with the same key are merged as their upserts in order would leave them', () => {
  it('keeps the first row, with the updated columns of each later one', () => {
    const batch = build()([
      ...bulkStatements('postgres', HEADS, [
        { id: 1, opened: 'first', status: 'open', at: 1 },
        { id: 2, opened: 'other', status: 'open', at: 1 },
      ]),
      // The next batch of the same transaction writes row 1 again, twice.
      ...bulkStatements('postgres', HEADS, [{ id: 1, opened: 'later', status: 'partially filled', at: 2 }]),
      ...bulkStatements('postgres', HEADS, [{ id: 1, opened: 'latest', status: 'filled', at: 3 }]),
    ])!;
    expect(batch.values).toEqual(['{"1","2"}', '{"first","other"}', '{"filled","open"}', '{"3","1"}']);
  });

  it('keeps every row of a plain insert, so a duplicate still fails the batch in the database', () => {
    const batch = build()([
      ...bulkStatements('postgres', LINES, [{ id: 1, amount: '1', note: null }]),
      ...bulkStatements('postgres', LINES, [{ id: 1, amount: '1', note: null }]),
    ])!;
    expect(batch.values[0]).toBe('{"1","1"}');
  });
});
