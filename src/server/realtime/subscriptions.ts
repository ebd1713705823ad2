// Which feeds each connection joined and when (spec B §3 feed subscription: feedId,
// subscribedAt), for GetActiveFeedGroups and GetActiveGroupsInfo. The hub's own membership
// knows groups, not the client-facing feed ids nor the time they were joined.

export interface Subscription {
  readonly feedId: string;
  readonly group: string;
  readonly subscribedAt: number;
}

/** Called when a group gets its first member (joined) or loses its last (left). */
export type GroupChange = (group: string, joined: boolean) => void;

export class Subscriptions {
  constructor(private readonly onGroupChange?: GroupChange) {}

  private readonly byConnection = new Map<string, Map<string, Subscription>>();
  /** Members per group, so events nobody listens to are not even serialized. */
  private readonly groupSize = new Map<string, number>();

  add(connectionId: string, subscription: Subscription): void {
    let feeds = this.byConnection.get(connectionId);
    if (!feeds) {
      feeds = new Map();
      this.byConnection.set(connectionId, feeds);
    }
    if (feeds.has(subscription.feedId)) return;
    feeds.set(subscription.feedId, subscription);
    const size = this.groupSize.get(subscription.group) ?? 0;
    this.groupSize.set(subscription.group, size + 1);
    if (size === 0) this.onGroupChange?.(subscription.group, true);
  }

  remove(connectionId: string, feedId: string): void {
    const feeds = this.byConnection.get(connectionId);
    const subscription = feeds?.get(feedId);
    if (!feeds || !subscription) return;
    feeds.delete(feedId);
    this.release(subscription.group);
    if (feeds.size === 0) this.byConnection.delete(connectionId);
  }

  /** Whether any connection joined the group. */
  hasMembers(group: string): boolean {
    return this.groupSize.has(group);
  }

  list(connectionId: string): Subscription[] {
    return [...(this.byConnection.get(connectionId)?.values() ?? [])];
  }

  dropConnection(connectionId: string): void {
    const feeds = this.byConnection.get(connectionId);
    if (!feeds) return;
    this.byConnection.delete(connectionId);
    for (const subscription of feeds.values()) this.release(subscription.group);
  }

  private release(group: string): void {
    const left = (this.groupSize.get(group) ?? 1) - 1;
    if (left > 0) {
      this.groupSize.set(group, left);
    } else if (this.groupSize.delete(group)) {
      this.onGroupChange?.(group, false);
    }
  }

  get connectionCount(): number {
    return this.byConnection.size;
  }
}
