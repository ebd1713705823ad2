import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { SessionEnd, SessionEvents } from '../auth';
import { invalidateAuth } from '../auth/auth-cache';
import type { ClusterChannels } from './channels';

// A logout or password reset on one node ends the session on every node: each node publishes
// the ends it saw, and replays the others' into its own auth cache and session events (which
// close the session's hub connections).

const messageSchema = z.object({
  origin: z.string(),
  end: z.union([z.object({ sessionId: z.string(), reason: z.string() }), z.object({ userId: z.string(), reason: z.string() })]),
});

export async function shareSessionEnds(
  publisher: Redis,
  subscriber: Redis,
  channels: ClusterChannels,
  sessionEvents: SessionEvents,
  origin: string,
): Promise<() => void> {
  let replaying = false;
  const stopLocal = sessionEvents.on((end: SessionEnd) => {
    if (replaying) return;
    publisher.publish(channels.sessionEnds, JSON.stringify({ origin, end })).catch(() => undefined);
  });
  const onMessage = (channel: string, text: string) => {
    if (channel !== channels.sessionEnds) return;
    let parsed;
    try {
      parsed = messageSchema.safeParse(JSON.parse(text));
    } catch {
      return;
    }
    if (!parsed.success || parsed.data.origin === origin) return;
    const end = parsed.data.end;
    // This node's cached answers for the session must go too, not only its hub connections.
    invalidateAuth('sessionId' in end ? { sessionId: end.sessionId } : { userId: end.userId });
    replaying = true;
    try {
      sessionEvents.emit(end);
    } finally {
      replaying = false;
    }
  };
  subscriber.on('message', onMessage);
  await subscriber.subscribe(channels.sessionEnds);
  return () => {
    stopLocal();
    subscriber.off('message', onMessage);
  };
}
