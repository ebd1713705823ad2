import fc from 'fast-check';

// Values nobody should send: wrong types, numbers in exponent notation or beyond every bound,
// NaN-like text, digits from other scripts, long and odd unicode strings, hostile keys and deep
// nesting. JSON numbers JavaScript cannot keep as written (1e400, 30 digits) travel as RawJson.

/** JSON text placed in a body exactly as written. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of `value`, with RawJson pieces verbatim and every own key kept (`__proto__` too). */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .map((k) => `${JSON.stringify(k)}:${jsonText((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Percent-encodes `text` for a URL (lone surrogates become U+FFFD rather than throwing). */
export function pct(text: string): string {
  return encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
}

/** An object with `key` set as an own property, even when the key is `__proto__`. */
export function withKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const k of Object.keys(target)) copy[k] = target[k];
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

const EXPONENT_TEXT = ['1e308', '1E308', '-1e308', '1e-7', '1e+21', '1e400', '0e0', '1.5e3', '4.9e-324', '1e', 'e5', '1e308.5'];
const NAN_LIKE_TEXT = [
  'NaN',
  'nan',
  'Infinity',
  '-Infinity',
  '+1',
  '0x1A',
  '0b101',
  '0o17',
  '1_000',
  '1,000.5',
  '1.2.3',
  '.5',
  '5.',
  '-0',
  '00',
  '',
  ' ',
  '\t1\n',
  '1 000',
  '١٢٣',
  '１２３',
  '𝟏𝟐𝟑',
  '½',
  '٫٥',
  '9007199254740993',
  '18446744073709551616',
];
const ODD_TEXT = [
  '\u0000',
  '\uD800',
  '\uDFFF',
  '\u202Eevil',
  '\u200B',
  '\uFEFF1',
  'e\u0301',
  '👩‍👩‍👧‍👦',
  '\u2028',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '../../../etc/passwd',
  '%00',
  '%',
  '${7*7}',
  'null',
  'undefined',
  'true',
  '[object Object]',
  '__proto__',
  'constructor',
];

/**
 * Any code points, lone surrogates included. (fast-check's `unit: 'binary'` does the same but
 * spends seconds building its tables on first use.)
 */
export function anyText(maxLength: number): fc.Arbitrary<string> {
  return fc
    .array(fc.integer({ min: 0, max: 0x10ffff }), { maxLength })
    .map((points) => points.map((c) => (c >= 0xd800 && c <= 0xdfff ? String.fromCharCode(c) : String.fromCodePoint(c))).join(''));
}

const decimalLike = fc
  .tuple(
    fc.constantFrom('', '', '-', '+', ' '),
    fc.stringMatching(/^\d{1,40}$/),
    fc.option(fc.stringMatching(/^\.\d{0,40}$/), { nil: '' }),
    fc.option(fc.stringMatching(/^[eE][+-]?\d{1,4}$/), { nil: '' }),
  )
  .map(([sign, int, frac, exp]) => `${sign}${int}${frac}${exp}`);

const longText = fc
  .tuple(fc.integer({ min: 300, max: 70_000 }), fc.constantFrom('9', 'a', 'é', '😀', ' ', '0', '\u0000', '1.'))
  .map(([n, piece]) => piece.repeat(Math.ceil(n / piece.length)));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...EXPONENT_TEXT, ...NAN_LIKE_TEXT, ...ODD_TEXT),
  decimalLike,
  longText,
  anyText(40),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

/**
 * Hostile text cut to 2,000 characters, for places with a hard size limit in front of the app:
 * request lines (Node's HTTP parser refuses more than 16 KiB before the app sees them, inject
 * would not) and hub messages (32 KiB, beyond which the hub closes the connection by design).
 */
export const hostileShortText: fc.Arbitrary<string> = hostileString.map((s) => s.slice(0, 2_000));

export const hostileNumber: fc.Arbitrary<number | RawJson> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    -Number.MAX_SAFE_INTEGER,
    2 ** 64,
    5e-324,
    0.1 + 0.2,
    1e21,
    1e-7,
    123.456789012,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc
    .constantFrom('1e400', '-1e400', '123456789012345678901234567890', '-0.0', '1E+2', '0.000000000000000000001', '1e-400')
    .map((t) => new RawJson(t)),
);

export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    '',
    ' ',
    'toString',
    'hasOwnProperty',
    'valueOf',
    '\u0000',
    'k'.repeat(5_000),
    'price ',
    'PRICE',
  ),
  anyText(20),
);

/** Arrays and objects nested far deeper than any contract goes, some with `__proto__` inside. */
const deepNesting: fc.Arbitrary<RawJson> = fc
  .tuple(fc.integer({ min: 50, max: 3_000 }), fc.constantFrom('[', '{"a":'), fc.boolean())
  .map(([depth, open, proto]) => {
    const inner = proto ? '{"__proto__":{"polluted":1}}' : '1';
    const close = open === '[' ? ']' : '}';
    return new RawJson(open.repeat(depth) + inner + close.repeat(depth));
  });

/** Any JSON value nobody should send, its strings drawn from `strings`. */
export function hostileValueOf(strings: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  return fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { arbitrary: strings, weight: 5 },
      { arbitrary: hostileNumber, weight: 3 },
      { arbitrary: fc.boolean(), weight: 1 },
      { arbitrary: fc.constant(null), weight: 1 },
      { arbitrary: tie('array'), weight: 1 },
      { arbitrary: tie('object'), weight: 1 },
      { arbitrary: deepNesting, weight: 1 },
    ),
    array: fc.array(tie('value'), { maxLength: 4 }),
    object: fc
      .array(fc.tuple(hostileKey, tie('value')), { maxLength: 4 })
      .map((entries) => entries.reduce<Record<string, unknown>>((o, [k, v]) => withKey(o, k, v), {})),
  })).value;
}

export const hostileValue: fc.Arbitrary<unknown> = hostileValueOf(hostileString);

/** Bodies that are not JSON at all, or JSON the parser must refuse. */
export const brokenJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    'nul',
    '[1,]',
    "{'a':1}",
    '\u0000',
    '{"__proto__":{"polluted":1}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    'NaN',
    '1e999999',
    '"\uD800"',
    '\uFEFF{}',
    '{"a":1}{"b":2}',
    '{"a":1,"a":2}',
  ),
  anyText(200),
  deepNesting.map((r) => r.text),
);

export const oddContentType: fc.Arbitrary<string> = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/jsonx',
  'application/json, text/plain',
  'application/octet-stream',
  '*/*',
);

/** A path segment nobody should send: encoded hostile text or raw percent garbage. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  hostileShortText.map(pct),
  fc.constantFrom(
    '%',
    '%ZZ',
    '%E0%A4%A',
    '%C0%AE%C0%AE',
    '..',
    '.',
    '%2F',
    '%2e%2e%2f',
    '-1',
    '1e3',
    '0x10',
    '١',
    '%00',
    '99999999999999999999999',
  ),
);

/** A raw query string nobody should send. */
export const hostileQueryText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%',
    '%ZZ',
    '%E0%A4%A',
    '&&&',
    '=',
    '==&=',
    'a[b]=1',
    'a[]=1&a[]=2',
    '%00=%00',
    'limit',
    'limit=',
    'pair&pair',
    '__proto__[x]=1',
    'constructor[prototype][x]=1',
  ),
  fc.array(fc.tuple(hostileKey, hostileShortText), { maxLength: 4 }).map((pairs) => pairs.map(([k, v]) => `${pct(k)}=${pct(v)}`).join('&')),
);
