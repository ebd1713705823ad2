import type { OrderType } from './types';

// Spec B §3 numbers the order types; the wire (algorithm_id) carries these codes.
export const ORDER_TYPE_CODE: Readonly<Record<OrderType, number>> = {
  MARKET: 100,
  LIMIT: 201,
  STOP: 304,
  TRAILING_STOP: 308,
  IOC: 309,
};

const byCode = new Map<number, OrderType>((Object.entries(ORDER_TYPE_CODE) as [OrderType, number][]).map(([type, code]) => [code, type]));

export function orderTypeFromCode(code: number): OrderType | null {
  return byCode.get(code) ?? null;
}
