import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

/** Every leaf path of a form's values, e.g. `individual.dob`, `beneficial_owners.0.email`. */
export function leafPaths(value: unknown, prefix = ''): string[] {
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => leafPaths(v, prefix ? `${prefix}.${k}` : k));
  }
  return prefix ? [prefix] : [];
}

/**
 * Puts the server's field errors (dotted paths) on the matching form fields. A key may be
 * relative to the request body rather than the form, so each `prefix` is tried too (a
 * bare list body reports `0.email` for the form's `beneficial_owners.0.email`).
 * Returns the messages that matched no field, so the caller can show them elsewhere.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  fieldErrors: Readonly<Record<string, readonly string[]>> | undefined,
  setError: UseFormSetError<T>,
  values: T,
  prefixes: readonly string[] = [],
): string[] {
  if (!fieldErrors) return [];
  const known = new Set(leafPaths(values));
  const unmatched: string[] = [];
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const path = [key, ...prefixes.map((p) => `${p}.${key}`)].find((k) => known.has(k));
    if (path) {
      setError(path as FieldPath<T>, { type: 'server', message: messages.join(' ') });
    } else {
      unmatched.push(...messages);
    }
  }
  return [...new Set(unmatched)];
}
