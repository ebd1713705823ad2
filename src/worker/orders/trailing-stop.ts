import type { TrailUnit } from '../../shared/orders/order-entry-form';
import type { Side } from '../../shared/orders/order-types';
import { Decimal, parseDecimal } from '../decimal/decimal';
import { truncateTrim } from '../decimal/format';

// The trailing-stop form's figures (spec B §2 leaves them open; docs/API.md "Trailing stop
// figures" states the rule). A sell trails below the best bid, a buy above the best ask:
//   initial stop = best bid − trail (sell) or best ask + trail (buy), where a percent trail is
//   that percent of the best price; rounded to the pair's price places (half up).
//   Est. Buy = amount ÷ (initial stop × (1 + fee)): base bought if it fired there.
//   Est. Sell = quantity × initial stop × (1 − fee): quote received if it fired there.
// Estimates are truncated to 8 decimals, like every derived amount.

export interface TrailingStopInput {
  readonly side: Side;
  readonly unit: TrailUnit;
  /** The trail as typed: an amount of the quote currency or a percent. */
  readonly trail: string;
  /** Amount (buy) or quantity (sell) as typed. */
  readonly size: string;
  readonly fee: string;
  readonly bestBid: string | null;
  readonly bestAsk: string | null;
  readonly priceDecimals: number;
}

export interface TrailingStopFigures {
  readonly initialStopPrice: string | null;
  readonly estimate: string | null;
}

const NONE: TrailingStopFigures = Object.freeze({ initialStopPrice: null, estimate: null });

export function trailingStopFigures(input: TrailingStopInput): TrailingStopFigures {
  const best = parseDecimal(input.side === 'sell' ? input.bestBid : input.bestAsk);
  const trail = parseDecimal(input.trail);
  const fee = parseDecimal(input.fee) ?? new Decimal(0);
  if (!best || best.lte(0) || !trail || trail.lte(0)) return NONE;
  if (input.unit === 'percent' && trail.gte(100)) return NONE;
  const distance = input.unit === 'amount' ? trail : best.mul(trail).div(100);
  const stop = (input.side === 'sell' ? best.minus(distance) : best.plus(distance)).toDecimalPlaces(
    input.priceDecimals,
    Decimal.ROUND_HALF_UP,
  );
  if (stop.lte(0)) return NONE;
  const size = parseDecimal(input.size);
  let estimate: string | null = null;
  if (size && size.gt(0)) {
    estimate =
      input.side === 'buy'
        ? truncateTrim(size.div(stop.mul(new Decimal(1).plus(fee))), 8)
        : truncateTrim(size.mul(stop).mul(new Decimal(1).minus(fee)), 8);
  }
  return { initialStopPrice: stop.toFixed(), estimate };
}
