// Spec B §3 and §5: order type codes, sides, time in force and which types allow which.

export const orderTypeCodes = {
  Market: 100,
  Limit: 201,
  Stop: 304,
  TrailingStop: 308,
  IOC: 309,
} as const;
export type OrderTypeName = keyof typeof orderTypeCodes;
export type OrderTypeCode = (typeof orderTypeCodes)[OrderTypeName];
export const orderTypeNames: readonly OrderTypeName[] = ['Market', 'Limit', 'Stop', 'TrailingStop', 'IOC'];

export function orderTypeName(code: number): OrderTypeName | undefined {
  return orderTypeNames.find((n) => orderTypeCodes[n] === code);
}

/** The type the Order entry card opens on (spec B §2). */
export const DEFAULT_ORDER_TYPE: OrderTypeName = 'Limit';

export const sides = ['buy', 'sell'] as const;
export type Side = (typeof sides)[number];

export const timesInForce = ['GTC', 'IOC', 'FOK', 'GTD'] as const;
export type TimeInForce = (typeof timesInForce)[number];

/** Spec B §5: GTC (Market, Limit, Stop, TrailingStop); IOC (Limit); FOK (Market, Limit); GTD (Limit, Stop, TrailingStop). */
export const timeInForceByType: Readonly<Record<OrderTypeName, readonly TimeInForce[]>> = {
  Market: ['GTC', 'FOK'],
  Limit: ['GTC', 'IOC', 'FOK', 'GTD'],
  Stop: ['GTC', 'GTD'],
  TrailingStop: ['GTC', 'GTD'],
  IOC: ['IOC'],
};

export const destinations = ['Ox', 'Dark Pool'] as const;
export type Destination = (typeof destinations)[number];

/** Spec B §4: statuses as the push channel names them, grouped by what the UI does. */
export const cancelledStatuses: readonly string[] = ['canceled', 'cancelled'];
export const doneStatuses: readonly string[] = ['done', 'filled', 'completed'];

/** Spec B §4 statuses the reference server emits: untriggered stops are 'open' too. Other back ends may send more (above). */
export const orderStatuses = ['open', 'partially filled', 'done', 'cancelled', 'expired'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export function isCancelledStatus(status: string): boolean {
  return cancelledStatuses.includes(status.toLowerCase());
}
export function isDoneStatus(status: string): boolean {
  return doneStatuses.includes(status.toLowerCase());
}
