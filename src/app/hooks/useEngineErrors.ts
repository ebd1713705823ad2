import type { EngineError } from '../../worker/public';
import { useEngineSlice } from './useEngineSlice';

/** The error stream: the latest 5 entries, newest last (spec B §8). */
export function useEngineErrors(): readonly EngineError[] {
  return useEngineSlice('errors');
}
