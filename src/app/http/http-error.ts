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
  /** A refusal's Retry-After (a 429's wait), in seconds, when the server sent one. */
  readonly retryAfterSeconds?: number;

  constructor(init: { status: number; body?: unknown; url: string; userMessage?: string; cause?: unknown; retryAfter?: string | null }) {
    const userMessage = init.userMessage ?? errorText(init.status, init.body);
    super(userMessage, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.body = init.body;
    this.url = init.url;
    this.userMessage = userMessage;
    const fieldErrors = fieldErrorsOf(init.body);
    if (fieldErrors) this.fieldErrors = fieldErrors;
    // Seconds only: the HTTP-date form is not one our server or a proxy in front of it sends.
    if (init.retryAfter && /^\d{1,9}$/.test(init.retryAfter.trim())) this.retryAfterSeconds = Number(init.retryAfter.trim());
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}
