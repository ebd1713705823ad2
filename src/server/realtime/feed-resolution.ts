import { FEED_PROVIDER, feedId, parseFeedId, privateFeeds, type PrivateFeed, type PublicFeedKind } from '../../shared/hub/feeds';

// Feed ids (spec B §4) → hub groups. Public feeds are their own group name; private feeds are
// ALWAYS resolved to the connection's own user (group user:{id}:{feed}), whatever the client
// claims, so naming a private feed can never reach someone else's data.

export type ResolvedFeed =
  | { readonly kind: PublicFeedKind; readonly feedId: string; readonly group: string; readonly symbol: string }
  | { readonly kind: 'private'; readonly feedId: string; readonly group: string; readonly feed: PrivateFeed };

export type FeedResolution = { ok: true; feed: ResolvedFeed } | { ok: false; feedId: string; reason: string };

const privateSuffix: Record<PrivateFeed, string> = {
  [privateFeeds.users]: 'users',
  [privateFeeds.openOrders]: 'openorders',
  [privateFeeds.balances]: 'balances',
  [privateFeeds.trades]: 'trades',
};

/** The hub group of a user's private feed. */
export function privateGroup(userId: string, feed: PrivateFeed): string {
  return `user:${userId}:${privateSuffix[feed]}`;
}

/** Whether a hub group is a user's private feed (user:{id}:…) rather than a public market feed. */
export function isPrivateGroup(group: string): boolean {
  return group.startsWith('user:');
}

export function publicGroup(kind: PublicFeedKind, symbol: string): string {
  return feedId[kind](symbol);
}

/** Resolves one client-sent feed id for `userId`; public ids are matched case-insensitively. */
export function resolveFeed(raw: string, userId: string, isKnownPair: (symbol: string) => boolean): FeedResolution {
  const parsed = parseFeedId(raw.trim().toLowerCase());
  if (!parsed) return { ok: false, feedId: raw, reason: 'Not a feed id.' };
  if (parsed.kind === 'private') {
    return { ok: true, feed: { kind: 'private', feedId: parsed.feed, group: privateGroup(userId, parsed.feed), feed: parsed.feed } };
  }
  if (parsed.provider !== FEED_PROVIDER) return { ok: false, feedId: raw, reason: `Unknown provider '${parsed.provider}'.` };
  if (!isKnownPair(parsed.symbol)) return { ok: false, feedId: raw, reason: `Unknown pair '${parsed.symbol}'.` };
  const group = publicGroup(parsed.kind, parsed.symbol);
  return { ok: true, feed: { kind: parsed.kind, feedId: group, group, symbol: parsed.symbol } };
}
