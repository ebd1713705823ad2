import { statusTexts } from '../../shared/messages';

// Spec A §8: the one text a failed call shows. Pure, so the order is testable step by step.

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Field errors of a problem body (`errors`: field → messages); a lone string counts as one message. */
export function fieldErrorsOf(body: unknown): Record<string, string[]> | undefined {
  if (!isObject(body) || !isObject(body.errors)) return undefined;
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(body.errors)) {
    const list = (Array.isArray(messages) ? messages : [messages]).map(text).filter((m): m is string => !!m);
    if (list.length > 0) out[field] = list;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

// A body is read as a problem (RFC 9457) when it carries one of the problem members; its
// `detail` then outranks `title`. A non-problem body's `detail` comes last (spec A §8 lists
// "detail" twice: once as the problem detail, once after title, message and error).
function isProblem(body: Json): boolean {
  return typeof body.title === 'string' || typeof body.type === 'string' || typeof body.status === 'number';
}

// Some back ends put a JSON document in `detail`; its `error` member is the readable part.
function problemDetail(detail: string): string {
  if (!/^\s*\{/.test(detail)) return detail;
  try {
    const inner: unknown = JSON.parse(detail);
    return (isObject(inner) && text(inner.error)) || detail;
  } catch {
    return detail;
  }
}

/** Status table text with the code appended, e.g. 'Resource not found (404)'. */
export function statusText(status: number): string {
  return `${statusTexts[status] ?? 'Request failed'} (${status})`;
}

/**
 * Spec A §8 order: validation errors joined by '; ', problem detail (its `error` field if it
 * is JSON), title, message, error, detail, else the status text with the code appended.
 */
export function errorText(status: number, body: unknown): string {
  if (isObject(body)) {
    const fieldErrors = fieldErrorsOf(body);
    if (fieldErrors) return Object.values(fieldErrors).flat().join('; ');
    const detail = text(body.detail);
    if (detail && isProblem(body)) return problemDetail(detail);
    const chosen = text(body.title) ?? text(body.message) ?? text(body.error) ?? detail;
    if (chosen) return chosen;
  }
  return statusText(status);
}
