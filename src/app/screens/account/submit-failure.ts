import type { FieldValues, UseFormGetValues, UseFormSetError } from 'react-hook-form';
import type { NavigateFunction } from 'react-router-dom';
import { accountMessages } from '../../../shared/messages';
import { applyServerFieldErrors } from '../../forms/server-errors';
import { HttpError } from '../../http/client';
import { accountRoutes } from './account-routes';
import type { RegisterPageState } from './RegisterPage';
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

/**
 * The password is typed on step 1, so a registration the server refuses for its password (a
 * breached one: `password_breached`) goes back there, with the server's sentence shown on the
 * password field. True when it did.
 */
export function returnForPassword(error: unknown, navigate: NavigateFunction): boolean {
  const message = error instanceof HttpError ? error.fieldErrors?.password?.join(' ') : undefined;
  if (!message) return false;
  navigate(accountRoutes.register, { state: { refusedPassword: message } satisfies RegisterPageState });
  return true;
}
