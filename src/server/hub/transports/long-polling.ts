import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ConnectionPort, HubRuntime, HubUser, TransportSink } from '../hub-types';
import type { OutboundFrame } from '../protocol/json';
import type { TimerHandle, Timers } from '../../time/timers';
import { admitOrReply } from './admission';
import { endWithStatus, rejection, sendRejection, sendText } from './raw-response';

// Long polling (TransportProtocols.md): GET [endpoint]?id=… waits for data; the first poll only
// starts the transport and returns at once; a poll that finds nothing within the hold time gets
// 200 with no body; a newer poll makes the held one end with 204; 204 also tells the client
// the connection is over. Frames wait here between polls.

interface HeldPoll {
  readonly res: ServerResponse;
  readonly timer: TimerHandle;
}

export class LongPollTransport implements TransportSink {
  readonly kind = 'LongPolling' as const;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private held: HeldPoll | null = null;
  private flushQueued = false;
  /** The connection is over: remaining frames go to the next poll, then polls get 204. */
  private ending = false;
  private lastPollEnd: number;

  constructor(
    private readonly clock: Timers,
    private readonly holdMs: number,
    /** The final data was handed to a poll (or there was none); the connection may be forgotten. */
    private readonly drained: () => void,
  ) {
    this.lastPollEnd = clock.now();
  }

  write(frame: OutboundFrame): void {
    if (this.ending) return;
    this.pending.push(frame.bytes);
    this.pendingBytes += frame.bytes.length;
    // Answer on the next microtask so a burst (a group fan-out, a stream) shares one response.
    if (this.held && !this.flushQueued) {
      this.flushQueued = true;
      queueMicrotask(() => {
        this.flushQueued = false;
        if (this.held && this.pendingBytes > 0) this.respond(this.takeHeld());
      });
    }
  }

  bufferedBytes(): number {
    return this.pendingBytes;
  }

  end(): void {
    this.ending = true;
    if (this.held) this.respond(this.takeHeld());
    else if (this.pendingBytes === 0) this.drained();
  }

  abort(): void {
    this.pending = [];
    this.pendingBytes = 0;
    this.end();
  }

  idleSince(): number | null {
    return this.held ? null : this.lastPollEnd;
  }

  /** A poll arrived for a connection already using this transport. */
  poll(res: ServerResponse): void {
    if (this.held) {
      // The client (or a proxy) gave up on the held poll and asked again.
      endWithStatus(this.takeHeld(), rejection(204, ''));
    }
    if (this.pendingBytes > 0 || this.ending) {
      this.respond(res);
      return;
    }
    const timer = this.clock.setTimeout(() => {
      if (this.held?.res === res) this.respond(this.takeHeld());
    }, this.holdMs);
    this.held = { res, timer };
    res.on('close', () => {
      if (this.held?.res !== res) return;
      this.clock.clearTimeout(this.held.timer);
      this.held = null;
      this.lastPollEnd = this.clock.now();
    });
  }

  private takeHeld(): ServerResponse {
    const held = this.held!;
    this.held = null;
    this.clock.clearTimeout(held.timer);
    return held.res;
  }

  /** Answers a poll with everything pending: 200 with data, 200 empty on timeout, 204 once over. */
  private respond(res: ServerResponse): void {
    this.lastPollEnd = this.clock.now();
    if (this.pendingBytes === 0 || res.destroyed) {
      if (this.ending) {
        endWithStatus(res, rejection(204, ''));
        this.drained();
      } else {
        endWithStatus(res, rejection(200, ''));
      }
      return;
    }
    const body = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    res.writeHead(200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': body.length,
      'Cache-Control': 'no-cache',
    });
    res.end(body);
    // The last data ends with the Close message; a client that read it stops polling.
    if (this.ending) this.drained();
  }
}

export async function handlePoll<U extends HubUser>(runtime: HubRuntime<U>, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const conn = await admitOrReply(runtime, request, reply, 'poll');
  if (!conn) return;
  const existing = conn.transport ?? conn.lingeringPoll;
  if (existing instanceof LongPollTransport) {
    reply.hijack();
    existing.poll(reply.raw);
    return;
  }
  const refused = runtime.options.transports.includes('LongPolling')
    ? conn.canAttach('LongPolling')
    : rejection(404, 'Long polling is not enabled.');
  if (refused) {
    await sendRejection(runtime.options, reply, 'poll', refused);
    return;
  }
  const sink = new LongPollTransport(runtime.options.clock, runtime.options.longPollTimeoutMs, () => runtime.forget(conn));
  conn.attach(sink);
  // The first poll only establishes the transport; the client sends its handshake after it.
  await reply.code(200).header('Cache-Control', 'no-cache').type('text/plain; charset=utf-8').send('');
}

/** DELETE [endpoint]?id=…: the client ends a long-polling connection. */
export async function handleDelete<U extends HubUser>(runtime: HubRuntime<U>, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const conn: ConnectionPort<U> | null = await admitOrReply(runtime, request, reply, 'close');
  if (!conn) return;
  if (conn.transportKind !== 'LongPolling') {
    await sendRejection(runtime.options, reply, 'close', rejection(400, 'Cannot terminate this connection using the DELETE endpoint.'));
    return;
  }
  if (conn.state === 'closed') runtime.forget(conn);
  else conn.close({ silent: true });
  await sendText(reply, 202, 'Accepted');
}
