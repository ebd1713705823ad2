import DecimalJs from 'decimal.js';

// One decimal.js constructor for the worker, with precision ample for 8-decimal money on
// 15-digit integers, so products and quotients are exact before we truncate or round.
export const Decimal = DecimalJs.clone({ precision: 60, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -30, toExpPos: 60 });
export type Decimal = InstanceType<typeof Decimal>;

/** A Decimal from form text, or null when it is not a finite plain decimal. */
export function parseDecimal(text: string | null | undefined): Decimal | null {
  if (text == null) return null;
  const t = text.trim();
  if (!/^-?(?:\d+\.?\d*|\.\d+)$/.test(t)) return null;
  return new Decimal(t);
}
