import { BPS_BIG } from './notional';
import type { Side, Trail } from './types';

// Trailing-stop arithmetic. A sell trails below the highest reference price seen, a buy above the
// lowest; a percent trail is ceil(extreme × bps / 10000) ticks, exact in bigint, so a trail of at
// least 1 bp is always at least one tick away and a stop never fires on the update that moved it.

export function trailDistance(extreme: number, trail: Trail): number {
  if (trail.kind === 'ticks') return trail.ticks;
  return Number((BigInt(extreme) * BigInt(trail.bps) + BPS_BIG - 1n) / BPS_BIG);
}

export function trailTrigger(side: Side, extreme: number, trail: Trail): number {
  const distance = trailDistance(extreme, trail);
  if (side === 'sell') return extreme - distance;
  return distance > Number.MAX_SAFE_INTEGER - extreme ? Number.MAX_SAFE_INTEGER : extreme + distance;
}

/** Whether a reference price reaches a stop's trigger: down to it for a sell, up to it for a buy. */
export function stopFires(side: Side, triggerPrice: number, referencePrice: number): boolean {
  return side === 'sell' ? referencePrice <= triggerPrice : referencePrice >= triggerPrice;
}

/** Whether a new reference price is a better extreme for a trailing stop of this side. */
export function improvesExtreme(side: Side, extreme: number, referencePrice: number): boolean {
  return side === 'sell' ? referencePrice > extreme : referencePrice < extreme;
}
