import { connectionTiming } from '../../shared/constants';

/**
 * Spec B §9: 2000 ms doubled per previous attempt, capped at 30000 ms → 2, 4, 8, 16, 30, 30 … s.
 * `previousAttempts` counts the failed attempts since the last successful connection.
 */
export function reconnectDelay(previousAttempts: number): number {
  const { reconnectBaseMs: base, reconnectMaxMs: max } = connectionTiming;
  if (previousAttempts >= 5) return max; // 2000 × 2^4 already exceeds the cap; avoids 2^n overflow
  return Math.min(base * 2 ** Math.max(0, previousAttempts), max);
}
