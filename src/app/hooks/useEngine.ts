import { useContext } from 'react';
import { engineClient, type EngineClient } from '../engine-client';
import { EngineClientContext } from '../engine-client/engine-context';

/** The engine client: `store` for snapshots, `api` for commands (each answers a promise). */
export function useEngine(): EngineClient {
  return useContext(EngineClientContext) ?? engineClient();
}
