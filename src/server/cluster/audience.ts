import { z } from 'zod';
import type { ClusterChannels } from './channels';

// Which users' private feed groups have a member on some edge, so the core publishes a private
// event only when an edge can deliver it (most orders come from users with no live feed: API
// traders, the benchmark's). Edges announce on one channel:
//   { e, g, j: true|false }  a group of edge e got its first member / lost its last;
//   { e, groups: [...] }     everything edge e has now (on start, and when the core asks);
// and the core asks with { ask: true } when it starts, so a restarted core learns the groups
// at once. An edge that is killed leaves its groups counted until it starts again under the
// same EDGE_ID (its list replaces the old one): extra publishes, never missing ones.
//
// The window: a private event the core emits between a client's join on its edge and the
// core hearing of it (one Redis hop) is not published, as one emitted before the edge's own
// SUBSCRIBE reached Redis would not be delivered either. Clients load their open orders,
// balances and trades over REST after joining, as after any reconnect.

const announcementSchema = z.union([
  z.object({ e: z.string().min(1).max(64), g: z.string().min(1).max(200), j: z.boolean() }),
  z.object({ e: z.string().min(1).max(64), groups: z.array(z.string().min(1).max(200)).max(1_000_000) }),
  z.object({ ask: z.literal(true) }),
]);
export type Announcement = z.infer<typeof announcementSchema>;

/** The parts of ioredis connections the audience uses (fakes in unit tests). */
export interface AudienceRedis {
  publish(channel: string, message: string): Promise<unknown>;
}
export interface AudienceSubscriber {
  on(event: 'message', listener: (channel: string, message: string) => void): unknown;
  off(event: 'message', listener: (channel: string, message: string) => void): unknown;
  subscribe(...channels: string[]): Promise<unknown>;
  unsubscribe(...channels: string[]): Promise<unknown>;
}

function parse(text: string): Announcement | null {
  try {
    const parsed = announcementSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The core's view: which private groups some edge has a member in. */
export interface Audience {
  start(): Promise<void>;
  has(group: string): boolean;
  stop(): Promise<void>;
}

export function trackAudience(subscriber: AudienceSubscriber, publisher: AudienceRedis, channels: ClusterChannels): Audience {
  const byEdge = new Map<string, Set<string>>();
  const edgesOf = new Map<string, number>();

  const add = (edge: Set<string>, group: string) => {
    if (edge.has(group)) return;
    edge.add(group);
    edgesOf.set(group, (edgesOf.get(group) ?? 0) + 1);
  };
  const remove = (edge: Set<string>, group: string) => {
    if (!edge.delete(group)) return;
    const left = (edgesOf.get(group) ?? 1) - 1;
    if (left > 0) edgesOf.set(group, left);
    else edgesOf.delete(group);
  };
  const edge = (id: string) => {
    let groups = byEdge.get(id);
    if (!groups) {
      groups = new Set();
      byEdge.set(id, groups);
    }
    return groups;
  };

  function onMessage(channel: string, text: string): void {
    if (channel !== channels.audience) return;
    const a = parse(text);
    if (!a || 'ask' in a) return;
    const groups = edge(a.e);
    if ('groups' in a) {
      for (const g of [...groups]) remove(groups, g);
      for (const g of a.groups) add(groups, g);
    } else if (a.j) {
      add(groups, a.g);
    } else {
      remove(groups, a.g);
    }
  }

  return {
    has: (group) => edgesOf.has(group),
    async start() {
      subscriber.on('message', onMessage);
      await subscriber.subscribe(channels.audience);
      await publisher.publish(channels.audience, JSON.stringify({ ask: true } satisfies Announcement));
    },
    async stop() {
      subscriber.off('message', onMessage);
      await subscriber.unsubscribe(channels.audience).catch(() => undefined);
    },
  };
}

/** The edge's side: announces its private groups, and all of them when the core asks. */
export interface Announcer {
  start(): Promise<void>;
  changed(group: string, joined: boolean): void;
  stop(): Promise<void>;
}

export function announceAudience(
  subscriber: AudienceSubscriber,
  publisher: AudienceRedis,
  channels: ClusterChannels,
  edgeId: string,
  groups: () => Iterable<string>,
  onError: (err: unknown) => void,
): Announcer {
  const send = (a: Announcement) => {
    publisher.publish(channels.audience, JSON.stringify(a)).catch(onError);
  };
  const all = () => send({ e: edgeId, groups: [...groups()] });
  function onMessage(channel: string, text: string): void {
    if (channel !== channels.audience) return;
    const a = parse(text);
    if (a && 'ask' in a) all();
  }
  return {
    async start() {
      subscriber.on('message', onMessage);
      await subscriber.subscribe(channels.audience);
      // A restarted edge replaces what it had announced before it stopped.
      all();
    },
    changed: (g, j) => send({ e: edgeId, g, j }),
    async stop() {
      subscriber.off('message', onMessage);
      await subscriber.unsubscribe(channels.audience).catch(() => undefined);
      send({ e: edgeId, groups: [] });
    },
  };
}
