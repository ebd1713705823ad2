import { z } from 'zod';

// Hub wire shapes the reference server answers that names.ts/messages.ts do not (yet) declare.
// Written by the realtime engineer; to be folded into messages.ts by the contract owner.

/** Result of LeaveFeedGroups(feedIds): the feeds left and those refused (unknown ids). */
export const leaveResultSchema = z.object({
  left: z.array(z.string()),
  rejected: z.array(z.object({ feedId: z.string(), reason: z.string() })),
});
export type LeaveResult = z.infer<typeof leaveResultSchema>;

/** Codes carried by ReceiveError payloads ({ message, code, feeds }) the server sends. */
export const hubErrorCodes = {
  /** A feed id that is not a feed of this exchange (wrong kind, provider or pair). */
  unknownFeed: 'UNKNOWN_FEED',
  /** JoinFeedGroups named another user's id: nothing was joined. */
  forbiddenFeed: 'FEED_FORBIDDEN',
} as const;
