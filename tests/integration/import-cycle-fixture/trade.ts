// Deliberately the other half of an import cycle (see quote.ts).
import type { Quote } from './quote';

export interface Trade {
  readonly quote: Quote;
}
