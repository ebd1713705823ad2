import { describe, expect, it } from 'vitest';
import { inlineParameters, postgresBatchText, postgresLiteral } from './postgres-batch-text';

describe('CORE.commit.postgres-one-round-trip: a PostgreSQL batch as one text', () => {
  it('writes each value as the text node-pg would have sent, quoted', () => {
    expect(postgresLiteral(null)).toBe('NULL');
    expect(postgresLiteral(undefined)).toBe('NULL');
    expect(postgresLiteral('12345678901234567890.123456789012345678')).toBe("'12345678901234567890.123456789012345678'");
    expect(postgresLiteral(1_700_000_000_123)).toBe("'1700000000123'");
    expect(postgresLiteral(10n ** 20n)).toBe("'100000000000000000000'");
    expect(postgresLiteral(true)).toBe("'true'");
    expect(postgresLiteral(new Date(Date.UTC(2026, 10, 24)))).toBe("'2026-11-24T00:00:00.000Z'");
    expect(postgresLiteral({ a: "it's" })).toBe(`'{"a":"it''s"}'`);
    expect(postgresLiteral(Buffer.from([0, 255]))).toBe("E'\\\\x00ff'");
  });

  it('doubles quotes, and writes a backslash so that it means itself whatever standard_conforming_strings is', () => {
    expect(postgresLiteral("O'Brien")).toBe("'O''Brien'");
    expect(postgresLiteral("a\\'; drop table users; --")).toBe("E'a\\\\''; drop table users; --'");
  });

  it('refuses what PostgreSQL text cannot hold or a number that is not one', () => {
    expect(() => postgresLiteral('a\0b')).toThrow(/NUL/);
    expect(() => postgresLiteral(Number.NaN)).toThrow(/NaN/);
    expect(() => postgresLiteral(Number.POSITIVE_INFINITY)).toThrow(/Infinity/);
  });

  it('puts each parameter in its own place, $1 apart from $10, and not again inside a value', () => {
    const params = Array.from({ length: 12 }, (_, i) => `v${i + 1}`);
    params[0] = '$2';
    const sql = `insert into "t" ("a") values (${params.map((_, i) => `$${i + 1}`).join(', ')})`;
    expect(inlineParameters({ sql, params })).toBe(
      `insert into "t" ("a") values ('$2', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7', 'v8', 'v9', 'v10', 'v11', 'v12')`,
    );
  });

  it('refuses a statement that names a parameter it was not given, or has literals of its own', () => {
    expect(() => inlineParameters({ sql: 'insert into "t" values ($1, $2)', params: [1] })).toThrow(/\$2/);
    expect(() => inlineParameters({ sql: 'insert into "t" values ($0)', params: [1] })).toThrow(/\$0/);
    expect(() => inlineParameters({ sql: 'insert into "t" values (\'$1\')', params: [1] })).toThrow(/literals/);
  });

  it('writes a text seen before with the values of this call, wherever its placeholders stand', () => {
    const sql = '$1 = $2, $3';
    expect(inlineParameters({ sql, params: [1, 'a', null] })).toBe("'1' = 'a', NULL");
    expect(inlineParameters({ sql, params: ["it's", 2n, false] })).toBe("'it''s' = '2', 'false'");
    expect(() => inlineParameters({ sql, params: [1, 2] })).toThrow(/\$3/);
    expect(inlineParameters({ sql: 'select 1', params: [] })).toBe('select 1');
  });

  it('joins the statements of a batch, and gives nothing for an empty batch', () => {
    expect(postgresBatchText([])).toBe('');
    expect(
      postgresBatchText([
        { sql: 'insert into "t" ("a") values ($1)', params: [1] },
        { sql: 'insert into "u" ("b") values ($1)', params: [null] },
      ]),
    ).toBe(`insert into "t" ("a") values ('1');\ninsert into "u" ("b") values (NULL)`);
  });
});
