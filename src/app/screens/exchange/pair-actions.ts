import type { EngineApi } from '../../../worker/public';

type Command<K extends keyof EngineApi> = (...args: Parameters<EngineApi[K]>) => unknown;

/**
 * The engine commands the pair selector sends. Typed loosely on the result so both the
 * in-process engine and the comlink remote (which answers promises) fit.
 */
export interface PairActions {
  readonly selectPair: Command<'selectPair'>;
  readonly setPairSearch: Command<'setPairSearch'>;
  readonly setPairQuoteFilter: Command<'setPairQuoteFilter'>;
  readonly cyclePairSort: Command<'cyclePairSort'>;
}
