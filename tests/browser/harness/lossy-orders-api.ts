import type { EngineApi } from '../../../src/worker/public';

/** Controls of lossy-orders.worker.ts next to its EngineApi. Types only. */
export interface LossyOrdersControl {
  /** The answers to the next `n` order submissions are lost after the server answered them. */
  loseNextOrderAnswers(n: number): void;
  /** Bodies of every order submission the engine sent, in order. */
  orderPosts(): unknown[];
}

export type LossyOrdersApi = EngineApi & LossyOrdersControl;
