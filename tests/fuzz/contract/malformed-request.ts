import fc from 'fast-check';
import type { z } from 'zod';
import type { RouteEntry } from '../../../src/server/http/route-table';
import {
  brokenJsonText,
  hostileKey,
  hostileQueryText,
  hostileSegment,
  hostileShortText,
  hostileValue,
  jsonText,
  oddContentType,
  pct,
  withKey,
} from './hostile';
import type { RouteSample } from './route-samples';

// Malformed requests derived from a route's valid sample and its contract: one field replaced by
// a hostile value, removed, wrapped or joined by an extra field; the whole body swapped for any
// JSON, broken JSON or another media type; query fields replaced, repeated or garbled; path
// parameters replaced by hostile segments.

export interface FuzzInput {
  /** What was done, for failure messages. */
  what: string;
  /** Path and query string as sent. */
  url: string;
  payload?: string;
  contentType?: string;
  /**
   * The field the change touched (`price`, `individual.dob`, `query.limit`, `params.id`): a
   * 400 `validation_failed` answer must name it (or a field inside or around it).
   */
  names?: string;
}

type Path = readonly (string | number)[];

const BODYLESS = new Set(['GET', 'HEAD']);

/** Every path to a value inside `value` (objects and arrays walked), the root excluded. */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => [[...prefix, i], ...pathsOf(v, [...prefix, i])]);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...pathsOf(v, [...prefix, k])]);
  }
  return [];
}

/** Top-level field names an object schema declares (through pipes, optionals and defaults). */
export function schemaKeys(schema: z.ZodType | undefined): string[] {
  let def = (schema as { _zod?: { def: Record<string, unknown> } } | undefined)?._zod?.def;
  for (let i = 0; def && i < 10; i++) {
    if (def.type === 'object') return Object.keys(def.shape as object);
    const next = (def.in ?? def.innerType) as { _zod?: { def: Record<string, unknown> } } | undefined;
    def = next?._zod?.def;
  }
  return [];
}

/** The schema of a top-level field of an object schema (through pipes, optionals and defaults). */
function fieldSchema(schema: z.ZodType | undefined, key: string): z.ZodType | undefined {
  let def = (schema as { _zod?: { def: Record<string, unknown> } } | undefined)?._zod?.def;
  for (let i = 0; def && i < 10; i++) {
    if (def.type === 'object') return (def.shape as Record<string, z.ZodType>)[key];
    const next = (def.in ?? def.innerType) as { _zod?: { def: Record<string, unknown> } } | undefined;
    def = next?._zod?.def;
  }
  return undefined;
}

/**
 * The field a replacement must be named by, or none when the hostile value is one the field
 * itself accepts (raw `1E+2` reads as 100, a valid order type): the refusal may then rightly
 * name another field the new value conflicts with.
 */
function touchedField(schema: z.ZodType | undefined, path: Path, value: unknown): string | undefined {
  const name = path.join('.');
  if (path.length !== 1) return name;
  const field = fieldSchema(schema, String(path[0]));
  if (!field) return name;
  let parsed: unknown;
  try {
    parsed = JSON.parse(jsonText(value));
  } catch {
    return name;
  }
  return field.safeParse(parsed).success ? undefined : name;
}

function setAt(value: unknown, path: Path, replacement: unknown, remove = false): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && remove) copy.splice(head as number, 1);
    else copy[head as number] = setAt(copy[head as number], rest, replacement, remove);
    return copy;
  }
  const source = (value ?? {}) as Record<string, unknown>;
  if (rest.length === 0 && remove) {
    const copy = { ...source };
    delete copy[head as string];
    return copy;
  }
  return withKey(source, String(head), setAt(source[head as string], rest, replacement, remove));
}

function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], value);
}

function queryText(query: Record<string, string | string[]>): string {
  return Object.entries(query)
    .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((one) => `${pct(k)}=${pct(one)}`))
    .join('&');
}

/** The route's URL with its `:params` filled from `params`. */
function fillPath(url: string, params: Record<string, string>): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => params[name] ?? '');
}

function urlOf(path: string, query: string): string {
  return query === '' ? path : `${path}?${query}`;
}

export function malformedRequests(route: RouteEntry, sample: RouteSample): fc.Arbitrary<FuzzInput> {
  const params = sample.params ?? {};
  const query = sample.query ?? {};
  const path = fillPath(route.url, params);
  const sampleQuery = queryText(query);
  const sampleUrl = urlOf(path, sampleQuery);
  const hasBody = !BODYLESS.has(route.method);
  const body = sample.body;
  const sampleBody = body === undefined ? undefined : jsonText(body);
  const json = 'application/json';

  const queryKeys = [...new Set([...Object.keys(query), ...schemaKeys(route.contract?.query)])];
  const paramNames = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  const bodyPaths: Path[] = [
    ...pathsOf(body),
    ...schemaKeys(route.contract?.body)
      .filter((k) => !(body && typeof body === 'object' && k in body))
      .map((k) => [k]),
  ];
  const withSampleBody = (input: FuzzInput): FuzzInput =>
    hasBody && sampleBody !== undefined && input.payload === undefined ? { ...input, payload: sampleBody, contentType: json } : input;

  const kinds: { arbitrary: fc.Arbitrary<FuzzInput>; weight: number }[] = [];

  // Query: a field replaced, repeated, dropped; junk fields; a garbled query string.
  const queryMutations: fc.Arbitrary<FuzzInput>[] = [
    fc.tuple(hostileKey, hostileShortText).map(([k, v]) => ({
      what: `extra query field ${JSON.stringify(k)}`,
      url: urlOf(path, [sampleQuery, `${pct(k)}=${pct(v)}`].filter(Boolean).join('&')),
    })),
    hostileQueryText.map((text) => ({ what: 'garbled query string', url: urlOf(path, [sampleQuery, text].filter(Boolean).join('&')) })),
  ];
  if (queryKeys.length > 0) {
    const key = fc.constantFrom(...queryKeys);
    queryMutations.push(
      fc.tuple(key, hostileShortText).map(([k, v]) => ({
        what: `query ${k} = ${JSON.stringify(v.slice(0, 80))}`,
        url: urlOf(path, queryText({ ...query, [k]: v })),
        names: `query.${k}`,
      })),
      fc.tuple(key, hostileShortText).map(([k, v]) => ({
        what: `query ${k} repeated`,
        url: urlOf(path, queryText({ ...query, [k]: [query[k] ?? v, v] })),
        names: `query.${k}`,
      })),
      key.map((k) => {
        const { [k]: _dropped, ...rest } = query;
        return { what: `query ${k} left out`, url: urlOf(path, queryText(rest)), names: `query.${k}` };
      }),
    );
  }
  kinds.push({ arbitrary: fc.oneof(...queryMutations).map(withSampleBody), weight: hasBody ? 2 : 6 });

  // Path parameters.
  if (paramNames.length > 0) {
    const segment = fc.tuple(fc.constantFrom(...paramNames), hostileSegment).map(([name, seg]) => ({
      what: `path :${name} = ${seg.slice(0, 80)}`,
      url: urlOf(
        route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, n: string) => (n === name ? seg : pct(params[n] ?? ''))),
        sampleQuery,
      ),
      names: `params.${name}`,
    }));
    kinds.push({ arbitrary: segment.map(withSampleBody), weight: 6 });
  }

  if (hasBody) {
    const one = (arbitrary: fc.Arbitrary<FuzzInput>, weight = 1) => ({ arbitrary, weight });
    const bodyMutations = [
      one(
        fc
          .jsonValue({ maxDepth: 3 })
          .map((v) => ({ what: `body is ${jsonText(v).slice(0, 80)}`, url: sampleUrl, payload: jsonText(v), contentType: json })),
      ),
      one(hostileValue.map((v) => ({ what: `body is a hostile ${typeof v}`, url: sampleUrl, payload: jsonText(v), contentType: json }))),
      one(
        brokenJsonText.map((text) => ({
          what: `broken JSON ${JSON.stringify(text.slice(0, 60))}`,
          url: sampleUrl,
          payload: text,
          contentType: json,
        })),
      ),
      one(oddContentType.map((type) => ({ what: `content type ${type}`, url: sampleUrl, payload: sampleBody ?? '{}', contentType: type }))),
    ];
    if (body !== null && typeof body === 'object') {
      bodyMutations.push(
        one(
          fc.tuple(hostileKey, hostileValue).map(([k, v]) => ({
            what: `extra field ${JSON.stringify(k.slice(0, 40))}`,
            url: sampleUrl,
            payload: jsonText(Array.isArray(body) ? [...body, v] : withKey(body as Record<string, unknown>, k, v)),
            contentType: json,
          })),
        ),
      );
    }
    if (bodyPaths.length > 0) {
      const at = fc.constantFrom(...bodyPaths);
      bodyMutations.push(
        // Most inputs: one field of a valid body replaced by a hostile value.
        one(
          fc.tuple(at, hostileValue).map(([p, v]) => ({
            what: `${p.join('.')} = ${jsonText(v).slice(0, 80)}`,
            url: sampleUrl,
            payload: jsonText(setAt(body, p, v)),
            contentType: json,
            names: touchedField(route.contract?.body, p, v),
          })),
          2,
        ),
        one(
          at.map((p) => ({
            what: `${p.join('.')} left out`,
            url: sampleUrl,
            payload: jsonText(setAt(body, p, undefined, true)),
            contentType: json,
            names: p.join('.'),
          })),
        ),
        one(
          fc.tuple(at, fc.constantFrom('object', 'array')).map(([p, how]) => {
            const inner = getAt(body, p);
            const wrapped = how === 'array' ? [inner, inner] : { value: inner, nested: { value: inner } };
            return {
              what: `${p.join('.')} wrapped in an ${how}`,
              url: sampleUrl,
              payload: jsonText(setAt(body, p, wrapped)),
              contentType: json,
              names: p.join('.'),
            };
          }),
        ),
      );
    }
    kinds.push({ arbitrary: fc.oneof(...bodyMutations), weight: 10 });
  }
  return fc.oneof(...kinds);
}
