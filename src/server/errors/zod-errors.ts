import type { ZodError } from 'zod';
import type { FieldErrors } from './app-error';

/** Field name used when the whole body (not one field) is wrong, e.g. an array instead of an object. */
export const ROOT_FIELD = 'body';

/** Groups zod issues by dotted path (`individual.dob`, `beneficial_owners.0.email`). */
export function fieldErrorsFromZod(error: ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length === 0 ? ROOT_FIELD : issue.path.map(String).join('.');
    const list = (out[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return out;
}
