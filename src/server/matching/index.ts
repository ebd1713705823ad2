// The matching engine: price-time priority books per pair, pure and in memory. See types.ts for
// the units (ticks, lots, bigint quote units) and the OrderBook contract.
export type * from './types';
export { createOrderBook, FastOrderBook } from './fast-order-book';
export { createNaiveOrderBook, NaiveOrderBook } from './naive-order-book';
export { ORDER_TYPE_CODE, orderTypeFromCode } from './order-type-code';
export { notional, affordableLots } from './notional';
export { protectionFromSlippage } from './slippage';
export { trailDistance, trailTrigger, stopFires } from './trailing';
export { checkPlace, checkStop, checkRestored } from './validate';
