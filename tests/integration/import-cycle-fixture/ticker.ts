// Outside the cycle: imports into it without closing a loop.
import type { Quote } from './quote';

export type Ticker = readonly Quote[];
