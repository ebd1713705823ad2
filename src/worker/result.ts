// Errors travel as values: every fallible engine operation returns a Result with a stable code,
// so callers branch on codes instead of parsing messages or catching.

export interface Failure {
  readonly code: string;
  readonly message: string;
  readonly status?: number;
  /** Field → first message, when the server named fields. */
  readonly fields?: Readonly<Record<string, string>>;
}

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: Failure };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = <T = never>(code: string, message: string, status?: number): Result<T> => ({
  ok: false,
  error: status === undefined ? { code, message } : { code, message, status },
});

/** The message of anything thrown or rejected, without the "Error: " noise. */
export function messageOf(reason: unknown): string {
  if (reason instanceof Error) return reason.message || reason.name;
  if (typeof reason === 'string') return reason;
  if (reason && typeof reason === 'object' && 'message' in reason && typeof reason.message === 'string') return reason.message;
  return String(reason);
}

/** HTTP-like status carried by an error, if any (SignalR's HttpError has statusCode). */
export function statusOf(reason: unknown): number | undefined {
  if (!reason || typeof reason !== 'object') return undefined;
  const r = reason as { statusCode?: unknown; status?: unknown };
  if (typeof r.statusCode === 'number') return r.statusCode;
  if (typeof r.status === 'number') return r.status;
  return undefined;
}
