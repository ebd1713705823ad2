import { useEngineSelector } from './useEngineSelector';

/** True while the live data may be out of date (after a reconnect, spec B §4). */
export function useDataStale(): boolean {
  return useEngineSelector((s) => s.connection.stale);
}
