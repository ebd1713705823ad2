// The only places where price meets quantity. Both are safe integers, so their product can reach
// 2^106: it is computed in bigint, never in floating point.

export const BPS_BIG = 10_000n;
const MAX_SAFE_BIG = BigInt(Number.MAX_SAFE_INTEGER);

/** Quote units (tickSize × lotSize of quote) for `qty` lots at `price` ticks. */
export function notional(price: number, qty: number): bigint {
  return BigInt(price) * BigInt(qty);
}

/** Whole lots that `quote` units buy at `price` ticks, capped at `cap` lots so the answer stays a safe number. */
export function affordableLots(quote: bigint, price: number, cap: number): number {
  const lots = quote / BigInt(price);
  return lots >= BigInt(cap) ? cap : Number(lots);
}

export function clampToSafe(v: bigint): number {
  return v > MAX_SAFE_BIG ? Number.MAX_SAFE_INTEGER : Number(v);
}
