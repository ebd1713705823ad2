// Structural sharing across the worker boundary (the TanStack Query technique): postMessage
// clones everything it carries, so the receiving side keeps its previous objects wherever the
// new data is deeply equal. Unchanged rows then keep identity and memoised React rows skip.
// The page thread runs it (through ../public.ts), so it imports nothing.

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** Returns `prev` (or parts of it) wherever `next` is deeply equal to it. */
export function replaceEqualDeep<T>(prev: unknown, next: T): T {
  if (prev === next) return next;
  const arrays = Array.isArray(prev) && Array.isArray(next);
  if (!arrays && !(isPlainObject(prev) && isPlainObject(next))) return next;

  const p = prev as Record<string, unknown> | unknown[];
  const n = next as unknown as Record<string, unknown> | unknown[];
  const prevKeys = arrays ? null : Object.keys(p);
  const keys = arrays ? null : Object.keys(n);
  const size = arrays ? (n as unknown[]).length : keys!.length;
  const prevSize = arrays ? (p as unknown[]).length : prevKeys!.length;
  const out: Record<string, unknown> | unknown[] = arrays ? new Array(size) : {};
  let equalItems = 0;
  for (let i = 0; i < size; i++) {
    const key = arrays ? i : keys![i]!;
    const pv = (p as Record<string | number, unknown>)[key];
    const nv = (n as Record<string | number, unknown>)[key];
    const hasPrev = arrays ? i < prevSize : Object.prototype.hasOwnProperty.call(p, key);
    const v = hasPrev ? replaceEqualDeep(pv, nv) : nv;
    (out as Record<string | number, unknown>)[key] = v;
    if (hasPrev && v === pv) equalItems++;
  }
  if (prevSize === size && equalItems === prevSize) return prev as T;
  return (Object.isFrozen(next) ? Object.freeze(out) : out) as T;
}
