// Deliberately half of an import cycle: the cycle check's own test must see it fail.
import type { Trade } from './trade';

export interface Quote {
  readonly price: string;
  readonly last?: Trade;
}
