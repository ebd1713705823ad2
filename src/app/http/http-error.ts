import { errorText, fieldErrorsOf } from './error-text';

/** A failed call: a non-2xx answer, a network failure (status 0) or an unusable answer. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  /** The answer's body: parsed JSON, text, or undefined. */
  readonly body: unknown;
  /** The text chosen per spec A §8 — what the error toast shows. */
  readonly userMessage: string;
  /** Problem `errors` (field → messages), for putting server validation next to form fields. */
  readonly fieldErrors?: Record<string, string[]>;
  readonly url: string;

  constructor(init: { status: number; body?: unknown; url: string; userMessage?: string; cause?: unknown }) {
    const userMessage = init.userMessage ?? errorText(init.status, init.body);
    super(userMessage, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.body = init.body;
    this.url = init.url;
    this.userMessage = userMessage;
    const fieldErrors = fieldErrorsOf(init.body);
    if (fieldErrors) this.fieldErrors = fieldErrors;
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}
