import { z } from 'zod';
import { looseDecimal } from '../money/decimal-field';
import { balanceSchema } from '../api/account';
import { orderSchema, tradeSchema } from '../api/orders';

// Spec B §3 hub payloads. Decimals are strings on our wire; numbers from other back ends are
// accepted and kept as their decimal text.

/** A depth level: [price, quantity, source name]. */
export const levelSchema = z.tuple([looseDecimal, looseDecimal, z.string().nullish()]).rest(z.unknown());
export type LevelWire = z.input<typeof levelSchema>;

export const orderBookMessageSchema = z.object({
  pair: z.string(),
  bids: z.array(levelSchema),
  asks: z.array(levelSchema),
  market_making: z.object({ bids: z.array(levelSchema).default([]), asks: z.array(levelSchema).default([]) }).optional(),
  lastupdated: z.union([z.number(), z.string()]).optional(),
  lastpublished: z.union([z.number(), z.string()]).optional(),
  /** Per-pair sequence of published books, so a client can detect a gap (our addition). */
  sequence: z.number().int().nonnegative().optional(),
});
export type OrderBookMessage = z.output<typeof orderBookMessageSchema>;
export type OrderBookMessageWire = z.input<typeof orderBookMessageSchema>;

export const tickerSchema = z.object({
  pair: z.string(),
  last: looseDecimal.optional(),
  open: looseDecimal.optional(),
  high: looseDecimal.optional(),
  low: looseDecimal.optional(),
  volume: looseDecimal.optional(),
  vwap: looseDecimal.optional(),
});
export type Ticker = z.output<typeof tickerSchema>;
export type TickerWire = z.input<typeof tickerSchema>;

/** A live recent trade: timestamp in seconds. */
export const recentTradeSchema = z.object({
  timestamp: z.number(),
  pair: z.string(),
  price: looseDecimal,
  quantity: looseDecimal,
  side: z.enum(['buy', 'sell']),
  id: z.union([z.string(), z.number()]).optional(),
});
export type RecentTrade = z.output<typeof recentTradeSchema>;
export type RecentTradeWire = z.input<typeof recentTradeSchema>;

export const endUserOrderSchema = orderSchema;
export const endUserTradeSchema = tradeSchema;
export const endUserBalanceSchema = z.union([balanceSchema, z.array(balanceSchema)]);

/** Contract of the onboarding event of the private users feed (spec B §7); no reader yet. */
export const userOnboardingSchema = z.object({}).passthrough();

export const hubErrorSchema = z.union([
  z.string(),
  z.object({ message: z.string(), code: z.string().optional(), feeds: z.array(z.string()).optional() }).passthrough(),
]);
export type HubErrorPayload = z.input<typeof hubErrorSchema>;

/** Codes carried by ReceiveError payloads ({ message, code, feeds }) the server sends. */
export const hubErrorCodes = {
  /** A feed id that is not a feed of this exchange (wrong kind, provider or pair). */
  unknownFeed: 'UNKNOWN_FEED',
  /** JoinFeedGroups named another user's id: nothing was joined. */
  forbiddenFeed: 'FEED_FORBIDDEN',
} as const;

/* ---------- method arguments and results ---------- */

export const feedIdListSchema = z.array(z.string().min(1).max(100)).min(1).max(200);
/** JoinFeedGroups(feedIds, userId): userId may be absent or null for public feeds. */
export const joinFeedGroupsArgsSchema = z.tuple([feedIdListSchema, z.union([z.string(), z.number(), z.null()]).optional()]);
export const leaveFeedGroupsArgsSchema = z.tuple([feedIdListSchema]);

const rejectedFeedsSchema = z.array(z.object({ feedId: z.string(), reason: z.string() }));

export const joinResultSchema = z.object({ joined: z.array(z.string()), rejected: rejectedFeedsSchema });
export type JoinResult = z.infer<typeof joinResultSchema>;

/** Result of LeaveFeedGroups(feedIds): the feeds left and those refused (unknown ids). */
export const leaveResultSchema = z.object({ left: z.array(z.string()), rejected: rejectedFeedsSchema });
export type LeaveResult = z.infer<typeof leaveResultSchema>;

export const activeGroupsInfoSchema = z.object({
  connectionId: z.string(),
  userId: z.string().nullable(),
  groups: z.array(z.object({ feedId: z.string(), subscribedAt: z.number() })),
});
export type ActiveGroupsInfo = z.infer<typeof activeGroupsInfoSchema>;
