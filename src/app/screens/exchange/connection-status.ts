import type { ConnectionView } from '../../../worker/public';

export type ConnectionTone = 'ok' | 'pending' | 'warning' | 'danger' | 'idle';

export interface ConnectionStatusText {
  /** What the live region announces (no ticking numbers in it). */
  readonly label: string;
  readonly tone: ConnectionTone;
  /** Words before the "N s" countdown to the next attempt, or null when none is shown. */
  readonly countdown: 'in' | 'retrying in' | null;
  readonly retry: boolean;
}

/** The words and colour for a connection state (spec B §4 states, plus reconnect and stale). */
export function connectionStatusText(view: ConnectionView): ConnectionStatusText {
  const retryScheduled = view.reconnecting && view.nextRetryAt !== null;
  switch (view.state) {
    case 'AuthenticationFailed':
      return { label: 'Authentication failed', tone: 'danger', countdown: null, retry: false };
    case 'Failed':
      // A failed start is retried with backoff; say so rather than look final.
      return { label: 'Failed', tone: 'danger', countdown: retryScheduled ? 'retrying in' : null, retry: true };
    default:
      break;
  }
  if (view.reconnecting) {
    return retryScheduled
      ? { label: 'Reconnecting', tone: 'warning', countdown: 'in', retry: true }
      : { label: 'Reconnecting…', tone: 'warning', countdown: null, retry: false };
  }
  switch (view.state) {
    case 'Connected':
    case 'Authenticated':
      return view.stale
        ? { label: 'Stale data', tone: 'warning', countdown: null, retry: false }
        : { label: 'Connected', tone: 'ok', countdown: null, retry: false };
    case 'Connecting':
      return { label: 'Connecting', tone: 'pending', countdown: null, retry: false };
    case 'Disconnected':
      return { label: 'Disconnected', tone: 'idle', countdown: null, retry: true };
    default:
      return { label: 'Not connected', tone: 'idle', countdown: null, retry: false };
  }
}
