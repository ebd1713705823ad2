import type { FieldValues, UseFormGetValues, UseFormSetError } from 'react-hook-form';
import { accountMessages } from '../../../shared/messages';
import { applyServerFieldErrors } from '../../forms/server-errors';
import { HttpError } from '../../http/client';
import { serverMessage } from './server-message';

export interface SubmitFailure {
  title: string;
  details: string[];
}

/**
 * Spec A §8: a rejected registration (or principal address) re-enables the form and says
 * 'Invalid request.'. The server's field errors go next to their fields; whatever matches
 * no field on this form, and a more specific server sentence, are listed under the title.
 */
export function submitFailure<T extends FieldValues>(
  error: unknown,
  form: { setError: UseFormSetError<T>; getValues: UseFormGetValues<T> },
  prefixes: readonly string[] = [],
): SubmitFailure {
  const title = accountMessages.invalidRequest;
  const fieldErrors = error instanceof HttpError ? error.fieldErrors : undefined;
  const unmatched = applyServerFieldErrors(fieldErrors, form.setError, form.getValues(), prefixes);
  const detail = serverMessage(error);
  const details = detail && detail !== title && !unmatched.includes(detail) && !fieldErrors ? [detail, ...unmatched] : unmatched;
  return { title, details };
}
