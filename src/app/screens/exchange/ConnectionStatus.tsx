import { memo } from 'react';
import type { ConnectionView } from '../../../worker/public';
import type { Timers } from '../../time/timers';
import { connectionStatusText } from './connection-status';
import { useSecondsUntil } from './useSecondsUntil';

interface ConnectionStatusProps {
  readonly connection: ConnectionView;
  readonly onRetry: () => void;
  /** Ticks the countdown; the page's own timers unless a test moves time by hand. */
  readonly timers?: Timers;
}

/** The live connection's state, announced politely; Retry skips the reconnect wait. */
function ConnectionStatus({ connection, onRetry, timers }: ConnectionStatusProps) {
  const status = connectionStatusText(connection);
  const seconds = useSecondsUntil(status.countdown ? connection.nextRetryAt : null, timers);
  return (
    <div className={`ex-connection ex-tone-${status.tone}`}>
      <span className="ex-connection-dot" aria-hidden="true" />
      <span role="status" aria-live="polite" className="ex-connection-label">
        {status.label}
      </span>
      {status.countdown && seconds !== null ? (
        <span className="ex-connection-countdown" aria-hidden="true">
          {status.countdown} {seconds} s
        </span>
      ) : null}
      {status.retry ? (
        <button type="button" className="btn btn-small btn-secondary" onClick={onRetry}>
          Retry
        </button>
      ) : null}
    </div>
  );
}

export default memo(ConnectionStatus);
