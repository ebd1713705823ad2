import { BPS_BIG, clampToSafe } from './notional';
import type { Side } from './types';

/**
 * Protection price for a market order made from a stop: `bps` basis points beyond the trigger
 * price. Rounded towards the trigger (floor for a buy, ceil for a sell) so the order never slips
 * more than allowed; a sell allowed 100% slippage may trade at any price (1 tick).
 */
export function protectionFromSlippage(side: Side, triggerPrice: number, bps: number): number {
  const p = BigInt(triggerPrice);
  const b = BigInt(bps);
  if (side === 'buy') return clampToSafe((p * (BPS_BIG + b)) / BPS_BIG);
  const v = (p * (BPS_BIG - b) + BPS_BIG - 1n) / BPS_BIG;
  return v < 1n ? 1 : clampToSafe(v);
}
