// Failures inside the hub are values, not exceptions: client input is hostile by default and
// nothing a client sends may unwind the stack far enough to take the process down.

export type HubErrorCode =
  | 'MESSAGE_TOO_LARGE'
  | 'INVALID_UTF8'
  | 'INVALID_JSON'
  | 'INVALID_MESSAGE'
  | 'INVALID_HANDSHAKE'
  | 'UNSUPPORTED_PROTOCOL'
  | 'UNSUPPORTED_VERSION'
  | 'SERIALIZATION_FAILED'
  | 'UNKNOWN_CONNECTION'
  | 'CONNECTION_CLOSED'
  | 'SEQUENCE_OUT_OF_RANGE'
  | 'REPLAY_BUFFER_FULL';

export interface HubFailure {
  readonly ok: false;
  readonly code: HubErrorCode;
  /** Safe to show to the client: never carries stack traces or server internals. */
  readonly message: string;
}

export type HubResult<T> = { readonly ok: true; readonly value: T } | HubFailure;

export function ok<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

export function fail(code: HubErrorCode, message: string): HubFailure {
  return { ok: false, code, message };
}

/**
 * Throw from a hub method to send `hubMessage` to the caller as the Completion error. Any
 * other thrown value reaches the client only as a generic message, so internals never leak.
 */
export class HubException extends Error {
  readonly hubMessage: string;
  readonly code: string;
  constructor(hubMessage: string, code = 'HUB_ERROR', options?: { cause?: unknown }) {
    super(hubMessage, options);
    this.name = 'HubException';
    this.hubMessage = hubMessage;
    this.code = code;
  }
}

/** The client-safe text of an error thrown by a hub method, or null when it has none. */
export function hubMessageOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('hubMessage' in error)) return null;
  const message = (error as { hubMessage: unknown }).hubMessage;
  return typeof message === 'string' && message !== '' ? message : null;
}
