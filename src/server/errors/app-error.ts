import { statusTexts } from '../../shared/messages';
import type { Problem } from '../../shared/api/problem';
import { errorCatalogue, type ErrorCode } from './catalogue';

export type FieldErrors = Record<string, string[]>;

export interface AppErrorOptions {
  /** Overrides the catalogue's sentence when the situation has a more precise one. */
  detail?: string;
  /** Field path (dotted) → messages. */
  errors?: FieldErrors;
  /** Extra response headers, e.g. Retry-After. */
  headers?: Record<string, string>;
  cause?: unknown;
}

/** A failure the server answers on purpose, always as a problem body with a catalogue code. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  readonly errors: FieldErrors | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    const def = errorCatalogue[code];
    super(options.detail ?? def.detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = def.status;
    this.title = statusTexts[def.status] ?? 'Error';
    this.detail = options.detail ?? def.detail;
    this.errors = options.errors;
    this.headers = options.headers;
  }

  /** Fastify and its plugins read `statusCode`. */
  get statusCode(): number {
    return this.status;
  }

  toProblem(): Problem {
    const body: Problem = { title: this.title, status: this.status, detail: this.detail, code: this.code };
    if (this.errors) body.errors = this.errors;
    return body;
  }
}

/** Shorthand: `throw appError('email_taken', { errors: { email: ['…'] } })`. */
export function appError(code: ErrorCode, options?: AppErrorOptions): AppError {
  return new AppError(code, options);
}

/** A validation failure naming the fields; detail is the spec's 'Invalid request.' */
export function validationError(errors: FieldErrors, detail?: string): AppError {
  return new AppError('validation_failed', { errors, ...(detail ? { detail } : {}) });
}
