import { memo, useMemo } from 'react';
import { tradingLimits } from '../../../shared/constants';
import type { EngineError } from '../../../worker/public';

interface EngineErrorsProps {
  readonly errors: readonly EngineError[];
  readonly onDismiss: (id: number) => void;
}

/** Spec B §8 error stream: the latest five, newest first, each dismissable. */
function EngineErrors({ errors, onDismiss }: EngineErrorsProps) {
  const latest = useMemo(() => errors.slice(-tradingLimits.errorListKept).reverse(), [errors]);
  return (
    <div className="ex-errors" role="log" aria-live="polite" aria-label="Live data errors">
      {latest.length > 0 ? (
        <ul className="ex-error-list">
          {latest.map((error) => (
            <li key={error.id} className="alert alert-error ex-error">
              <span>{error.message}</span>
              <button type="button" className="ex-dismiss" aria-label={`Dismiss: ${error.message}`} onClick={() => onDismiss(error.id)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export default memo(EngineErrors);
