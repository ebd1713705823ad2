import { z } from 'zod';
import type { BalanceWire } from '../../shared/api/account';
import type { OrderWire, TradeWire } from '../../shared/api/orders';
import type { OrderBookMessageWire, RecentTradeWire, TickerWire } from '../../shared/hub/messages';

// One message of the backplane: its kind, the user of a private one, and the hub payload as the
// core built it from the shared schemas' types. Edges check the envelope (kind, user, that the
// payload is the right kind of value and names its pair) and forward the payload unchanged: a
// full parse of every book on every edge cost more than the fan-out itself, and the payload is
// checked again against the shared schemas by the client that receives it.

const object = z.object({}).passthrough();
const pairPayload = z.object({ pair: z.string().min(1).max(20) }).passthrough();
const userId = z.string().min(1).max(64);

export const feedEnvelopeSchema = z.discriminatedUnion('k', [
  z.object({ k: z.literal('book'), d: pairPayload }),
  z.object({ k: z.literal('trade'), d: pairPayload }),
  z.object({ k: z.literal('ticker'), d: pairPayload }),
  z.object({ k: z.literal('order'), u: userId, d: object }),
  z.object({ k: z.literal('user-trade'), u: userId, d: object }),
  z.object({ k: z.literal('balance'), u: userId, d: z.array(object) }),
]);

export type FeedMessage =
  | { k: 'book'; d: OrderBookMessageWire }
  | { k: 'trade'; d: RecentTradeWire }
  | { k: 'ticker'; d: TickerWire }
  | { k: 'order'; u: string; d: OrderWire }
  | { k: 'user-trade'; u: string; d: TradeWire }
  | { k: 'balance'; u: string; d: BalanceWire[] };
