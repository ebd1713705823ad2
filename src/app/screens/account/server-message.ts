import { HttpError } from '../../http/client';

/**
 * The server's own sentence for a failure, if it sent one — what spec A §8 means by
 * "server message or <default>". Unlike HttpError.userMessage this never falls back to a
 * status text, so the caller's default applies when the server said nothing.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof HttpError) || typeof error.body !== 'object' || error.body === null) return undefined;
  const body = error.body as Record<string, unknown>;
  for (const key of ['detail', 'message', 'error'] as const) {
    const value = body[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

/** The catalogue code of a problem answer (e.g. 'verification_code_incorrect'). */
export function problemCode(error: unknown): string | undefined {
  if (!(error instanceof HttpError) || typeof error.body !== 'object' || error.body === null) return undefined;
  const code = (error.body as Record<string, unknown>).code;
  return typeof code === 'string' ? code : undefined;
}
