import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { appError } from '../errors';
import type { TimerHandle, Timers } from '../time/timers';
import type { ClusterChannels } from './channels';
import { decodeError, replySchema, type ClusterMethod } from './command-codec';

// The edge's side of the command stream: each call is one XADD to the stream the core reads
// through its consumer group; the answer comes back on this edge's reply channel. A call the
// core does not answer within the timeout is answered 503 core_unavailable, and its deadline
// travels with it so a core that reads it later drops it instead of running it unasked.

export interface CommandClient {
  /** Subscribes to the reply channel; calls made before it resolves wait for it. */
  start(): Promise<void>;
  call<T>(method: ClusterMethod, args: unknown[]): Promise<T>;
  /** Calls sent and not yet answered. */
  pending(): number;
  /** Resolves when no call is waiting. */
  idle(): Promise<void>;
  /** Answers every waiting call with 503 and leaves the reply channel. */
  stop(): Promise<void>;
}

export interface CommandClientOptions {
  /** For XADD. */
  redis: Redis;
  /** A connection of its own: a subscribed Redis connection can do nothing else. */
  subscriber: Redis;
  channels: ClusterChannels;
  edgeId: string;
  timeoutMs: number;
  timers: Timers;
  /** The stream keeps about this many entries (XADD MAXLEN ~): answered commands need no history. */
  maxStreamLength?: number;
  onError?: (err: unknown) => void;
}

interface Waiting {
  resolve(value: unknown): void;
  reject(err: unknown): void;
  timer: TimerHandle;
}

export function createCommandClient(options: CommandClientOptions): CommandClient {
  const { redis, subscriber, channels, edgeId, timers } = options;
  const replyChannel = channels.reply(edgeId);
  const waiting = new Map<string, Waiting>();
  const idleWaiters: (() => void)[] = [];
  const maxLen = String(options.maxStreamLength ?? 100_000);
  let started: Promise<void> | null = null;
  let stopped = false;

  function settle(id: string): Waiting | undefined {
    const w = waiting.get(id);
    if (!w) return undefined;
    waiting.delete(id);
    timers.clearTimeout(w.timer);
    if (waiting.size === 0) for (const done of idleWaiters.splice(0)) done();
    return w;
  }

  function onMessage(channel: string, text: string): void {
    if (channel !== replyChannel) return;
    let parsed;
    try {
      parsed = replySchema.safeParse(JSON.parse(text));
    } catch (err) {
      options.onError?.(err);
      return;
    }
    if (!parsed.success) return;
    const reply = parsed.data;
    // An answer after the timeout finds nobody waiting: the caller already had its 503.
    const w = settle(reply.id);
    if (!w) return;
    if (reply.ok) w.resolve(reply.value);
    else w.reject(decodeError(reply.error));
  }

  return {
    start() {
      started ??= (async () => {
        subscriber.on('message', onMessage);
        await subscriber.subscribe(replyChannel);
      })();
      return started;
    },

    async call<T>(method: ClusterMethod, args: unknown[]): Promise<T> {
      if (stopped) throw appError('core_unavailable');
      const id = randomUUID();
      const deadline = timers.now() + options.timeoutMs;
      const answer = new Promise<T>((resolve, reject) => {
        const timer = timers.setTimeout(() => {
          if (settle(id)) reject(appError('core_unavailable'));
        }, options.timeoutMs);
        waiting.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      });
      try {
        await this.start();
        const command = JSON.stringify({ id, edge: edgeId, method, args, deadline });
        await redis.xadd(channels.commands, 'MAXLEN', '~', maxLen, '*', 'c', command);
      } catch (err) {
        // Redis itself is out of reach: the same 503, at once.
        options.onError?.(err);
        settle(id)?.reject(appError('core_unavailable', { cause: err }));
      }
      return answer;
    },

    pending: () => waiting.size,

    idle() {
      if (waiting.size === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },

    async stop() {
      stopped = true;
      for (const id of [...waiting.keys()]) settle(id)?.reject(appError('core_unavailable'));
      subscriber.off('message', onMessage);
      if (started) await subscriber.unsubscribe(replyChannel).catch(() => undefined);
    },
  };
}
