import type { z } from 'zod';
import { hubEvents, hubMethods } from '../../shared/hub/names';
import {
  joinFeedGroupsArgsSchema,
  leaveFeedGroupsArgsSchema,
  type ActiveGroupsInfo,
  type HubErrorPayload,
  type JoinResult,
} from '../../shared/hub/messages';
import { hubErrorCodes, type LeaveResult } from '../../shared/hub/messages';
import type { Clock } from '../time/timers';
import { HubException, type HubCallContext, type HubMethod, type HubUser } from '../hub';
import type { MarketData } from '../market/public-market-data';
import { resolveFeed, type ResolvedFeed } from './feed-resolution';
import type { Subscriptions } from './subscriptions';

// The hub methods of spec B §7. Arguments are untrusted JSON: anything that does not fit the
// shared schemas is answered with a Completion error and changes nothing; feed ids the
// exchange does not know are refused one by one (in the result and a ReceiveError); naming
// another user's id refuses the whole call.

export interface FeedMethodDeps {
  marketData: MarketData;
  subscriptions: Subscriptions;
  clock: Clock;
}

export function createFeedMethods<U extends HubUser>(deps: FeedMethodDeps): Record<string, HubMethod<U>> {
  const { marketData, subscriptions, clock } = deps;

  function parseArgs<S extends z.ZodType>(method: string, schema: S, args: unknown[]): z.output<S> {
    const parsed = schema.safeParse(args);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` (argument ${issue.path.join('.')})` : '';
    throw new HubException(`Invalid arguments for ${method}${where}: ${issue?.message ?? 'invalid input'}.`, 'INVALID_ARGUMENTS');
  }

  function noArgs(method: string, args: unknown[]): void {
    if (args.length > 0) throw new HubException(`${method} takes no arguments, got ${args.length}.`, 'INVALID_ARGUMENTS');
  }

  function sendError(ctx: HubCallContext<U>, payload: HubErrorPayload): void {
    ctx.hub.sendToConnection(ctx.connectionId, hubEvents.error, [payload]);
  }

  /** What a feed shows right away to a connection that just joined it. */
  function sendSnapshot(ctx: HubCallContext<U>, feed: ResolvedFeed): void {
    if (feed.kind === 'orderbook') {
      const book = marketData.book(feed.symbol);
      if (book) ctx.hub.sendToConnection(ctx.connectionId, hubEvents.orderBook, [book]);
    } else if (feed.kind === 'ticker') {
      const ticker = marketData.ticker(feed.symbol);
      if (ticker) ctx.hub.sendToConnection(ctx.connectionId, hubEvents.ticker, [ticker]);
    }
  }

  function resolveAll(ids: readonly string[], userId: string) {
    const feeds: ResolvedFeed[] = [];
    const rejected: JoinResult['rejected'] = [];
    const seen = new Set<string>();
    for (const id of ids) {
      const r = resolveFeed(id, userId, marketData.hasPair);
      if (!r.ok) rejected.push({ feedId: r.feedId, reason: r.reason });
      else if (!seen.has(r.feed.feedId)) {
        seen.add(r.feed.feedId);
        feeds.push(r.feed);
      }
    }
    return { feeds, rejected };
  }

  function reportUnknown(ctx: HubCallContext<U>, verb: 'join' | 'leave', rejected: JoinResult['rejected']): void {
    if (rejected.length === 0) return;
    const list = rejected.map((r) => r.feedId);
    sendError(ctx, {
      message: `Cannot ${verb} unknown feeds [${list.join(', ')}].`,
      code: hubErrorCodes.unknownFeed,
      feeds: list,
    });
  }

  return {
    [hubMethods.joinFeedGroups](ctx, ...args): JoinResult {
      const [ids, claimedUserId] = parseArgs(hubMethods.joinFeedGroups, joinFeedGroupsArgsSchema, args);
      const userId = ctx.user.id;
      if (claimedUserId !== undefined && claimedUserId !== null && String(claimedUserId) !== userId) {
        const reason = 'The user id is not the connected user; private feeds are only ever your own.';
        sendError(ctx, { message: `Cannot join feeds [${ids.join(', ')}]: ${reason}`, code: hubErrorCodes.forbiddenFeed, feeds: ids });
        return { joined: [], rejected: ids.map((feedId) => ({ feedId, reason })) };
      }
      const { feeds, rejected } = resolveAll(ids, userId);
      const joined: string[] = [];
      const { hub } = ctx;
      for (const feed of feeds) {
        const added = hub.addToGroup(ctx.connectionId, feed.group);
        if (!added.ok) throw new HubException('The connection is closing.', added.code);
        joined.push(feed.feedId);
        if (added.value) {
          subscriptions.add(ctx.connectionId, { feedId: feed.feedId, group: feed.group, subscribedAt: clock.now() });
          sendSnapshot(ctx, feed);
        }
      }
      reportUnknown(ctx, 'join', rejected);
      return { joined, rejected };
    },

    [hubMethods.leaveFeedGroups](ctx, ...args): LeaveResult {
      const [ids] = parseArgs(hubMethods.leaveFeedGroups, leaveFeedGroupsArgsSchema, args);
      const { feeds, rejected } = resolveAll(ids, ctx.user.id);
      const left: string[] = [];
      const { hub } = ctx;
      for (const feed of feeds) {
        const removed = hub.removeFromGroup(ctx.connectionId, feed.group);
        if (!removed.ok) throw new HubException('The connection is closing.', removed.code);
        subscriptions.remove(ctx.connectionId, feed.feedId);
        left.push(feed.feedId);
      }
      reportUnknown(ctx, 'leave', rejected);
      return { left, rejected };
    },

    [hubMethods.getActiveFeedGroups](ctx, ...args): string[] {
      noArgs(hubMethods.getActiveFeedGroups, args);
      return subscriptions.list(ctx.connectionId).map((s) => s.feedId);
    },

    [hubMethods.isConnectionHealthy](_ctx, ...args): boolean {
      noArgs(hubMethods.isConnectionHealthy, args);
      return true;
    },

    [hubMethods.getActiveGroupsInfo](ctx, ...args): ActiveGroupsInfo {
      noArgs(hubMethods.getActiveGroupsInfo, args);
      return {
        connectionId: ctx.connectionId,
        userId: ctx.user.id,
        groups: subscriptions.list(ctx.connectionId).map(({ feedId, subscribedAt }) => ({ feedId, subscribedAt })),
      };
    },
  };
}
