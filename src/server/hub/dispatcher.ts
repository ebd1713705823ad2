import { hubMessageOf } from './hub-errors';
import type { ConnectionHost, DispatchedConnection, FoundMethod, HubCallContext, HubUser } from './hub-types';
import {
  encodeMessage,
  MessageType,
  type CompletionMessage,
  type HubMessage,
  type InvocationMessage,
  type StreamInvocationMessage,
} from './protocol/json';

// Binds Invocation and StreamInvocation messages to hub methods. Invocations of one connection
// run one at a time, in arrival order, as ASP.NET Core does by default, so a client's calls
// cannot overtake each other; streams start in order and then run alongside.

type Queued = InvocationMessage | StreamInvocationMessage;

export class Dispatcher<U extends HubUser> {
  private readonly queue: Queued[] = [];
  private readonly active = new Map<string, AbortController>();
  private started = false;
  private pumping = false;
  private disposed = false;

  constructor(
    private readonly conn: DispatchedConnection<U>,
    private readonly host: ConnectionHost<U>,
  ) {}

  /** Called once onConnected finished; messages that arrived meanwhile waited in the queue. */
  start(): void {
    this.started = true;
    void this.pump();
  }

  handle(message: HubMessage): void {
    if (this.disposed) return;
    switch (message.type) {
      case MessageType.Invocation:
      case MessageType.StreamInvocation:
        if (this.queue.length >= this.host.options.maxQueuedInvocations) {
          this.conn.close({ error: 'Connection closed with an error. Too many pending invocations.' });
          return;
        }
        this.queue.push(message);
        void this.pump();
        return;
      case MessageType.CancelInvocation:
        // Unknown ids are ignored (HubProtocol.md, "Cancellation").
        this.active.get(message.invocationId)?.abort();
        return;
      case MessageType.StreamItem:
      case MessageType.Completion:
        // Answers to server-to-client invocations or upload streams, neither of which this
        // server starts; the protocol lets the receiver ignore them.
        this.host.logger.debug(
          { connectionId: this.conn.connectionId, invocationId: message.invocationId },
          'unexpected stream item or completion from client ignored',
        );
        return;
      default:
        return;
    }
  }

  dispose(): void {
    this.disposed = true;
    this.queue.length = 0;
    for (const controller of this.active.values()) controller.abort();
    this.active.clear();
  }

  private async pump(): Promise<void> {
    if (this.pumping || !this.started) return;
    this.pumping = true;
    try {
      while (!this.disposed) {
        const message = this.queue.shift();
        if (!message) break;
        if (message.type === MessageType.Invocation) await this.invoke(message);
        else this.startStream(message);
      }
    } finally {
      this.pumping = false;
    }
  }

  private async invoke(message: InvocationMessage): Promise<void> {
    const id = message.invocationId;
    const found = this.host.methods.find(message.target);
    const refusal = this.refuse(message, found, 'invoke');
    if (refusal !== null) {
      // A non-blocking invocation gets no response of any kind (HubProtocol.md).
      if (id !== undefined) this.complete({ type: MessageType.Completion, invocationId: id, error: refusal });
      return;
    }
    const method = found as Extract<FoundMethod<U>, { kind: 'invoke' }>;
    const controller = new AbortController();
    if (id !== undefined) this.active.set(id, controller);
    let completion: CompletionMessage | null = null;
    try {
      const result = await method.fn(this.context(controller), ...message.arguments);
      if (id !== undefined) completion = { type: MessageType.Completion, invocationId: id, result };
    } catch (error) {
      const text = this.clientError(error, method.name, `An unexpected error occurred invoking '${method.name}' on the server.`);
      if (id !== undefined) completion = { type: MessageType.Completion, invocationId: id, error: text };
    } finally {
      if (id !== undefined) this.active.delete(id);
    }
    if (completion !== null) this.complete(completion, method.name);
  }

  private startStream(message: StreamInvocationMessage): void {
    const id = message.invocationId;
    const found = this.host.methods.find(message.target);
    const refusal = this.refuse(message, found, 'stream');
    if (refusal !== null) {
      this.complete({ type: MessageType.Completion, invocationId: id, error: refusal });
      return;
    }
    const stream = found as Extract<FoundMethod<U>, { kind: 'stream' }>;
    const controller = new AbortController();
    this.active.set(id, controller);
    void this.runStream(id, stream, message.arguments, controller).finally(() => {
      if (this.active.get(id) === controller) this.active.delete(id);
    });
  }

  private async runStream(
    id: string,
    stream: Extract<FoundMethod<U>, { kind: 'stream' }>,
    args: unknown[],
    controller: AbortController,
  ): Promise<void> {
    const ctx = this.context(controller);
    const cancelled = new Promise<'cancelled'>((resolve) => {
      if (ctx.signal.aborted) resolve('cancelled');
      else ctx.signal.addEventListener('abort', () => resolve('cancelled'), { once: true });
    });
    let iterator: AsyncIterator<unknown> | null = null;
    let stoppedEarly = false;
    let error: string | undefined;
    try {
      iterator = stream.fn(ctx, ...args)[Symbol.asyncIterator]();
      for (;;) {
        const next = iterator.next();
        // The race may be won by cancellation; a later rejection of `next` must not go unhandled.
        next.catch(() => undefined);
        const step = await Promise.race([next, cancelled]);
        if (step === 'cancelled') {
          stoppedEarly = true;
          break;
        }
        if (step.done) break;
        const item = encodeMessage({ type: MessageType.StreamItem, invocationId: id, item: step.value });
        if (!item.ok) {
          this.host.logger.error({ connectionId: this.conn.connectionId, target: stream.name }, 'hub stream item not serializable');
          error = 'An error occurred on the server while streaming results.';
          stoppedEarly = true;
          break;
        }
        if (!this.conn.send(item.value)) {
          stoppedEarly = true;
          break;
        }
      }
    } catch (thrown) {
      error = this.clientError(thrown, stream.name, 'An error occurred on the server while streaming results.');
    }
    if (stoppedEarly && iterator?.return) {
      try {
        void Promise.resolve(iterator.return()).catch(() => undefined);
      } catch {
        // A throwing return() only means the producer could not clean up; nothing to tell the client.
      }
    }
    // A cancelled stream still ends with a Completion (HubProtocol.md, "Streaming").
    if (!this.conn.signal.aborted) {
      this.complete({ type: MessageType.Completion, invocationId: id, ...(error !== undefined ? { error } : {}) }, stream.name);
    }
  }

  /** The Completion error for a call that cannot run, or null when it can. */
  private refuse(message: Queued, found: FoundMethod<U> | null, wanted: FoundMethod<U>['kind']): string | null {
    if (message.streamIds !== undefined && message.streamIds.length > 0) {
      return 'Client-to-server streaming is not supported.';
    }
    if (found === null) return `Unknown hub method '${message.target}'`;
    if (found.kind !== wanted) {
      return wanted === 'invoke'
        ? `The client attempted to invoke the streaming '${found.name}' method with a non-streaming invocation.`
        : `The client attempted to invoke the non-streaming '${found.name}' method with a streaming invocation.`;
    }
    if (message.invocationId !== undefined && this.active.has(message.invocationId)) {
      return `Invocation ID '${message.invocationId}' is already in use.`;
    }
    return null;
  }

  private context(controller: AbortController): HubCallContext<U> {
    return {
      connectionId: this.conn.connectionId,
      user: this.conn.user,
      hub: this.host.api,
      signal: AbortSignal.any([this.conn.signal, controller.signal]),
    };
  }

  private clientError(error: unknown, target: string, generic: string): string {
    const hubMessage = hubMessageOf(error);
    if (hubMessage !== null) return hubMessage;
    this.host.logger.error({ err: error, connectionId: this.conn.connectionId, target }, 'hub method failed');
    return generic;
  }

  private complete(message: CompletionMessage, target?: string): void {
    const frame = encodeMessage(message);
    if (frame.ok) {
      this.conn.send(frame.value);
      return;
    }
    this.host.logger.error({ connectionId: this.conn.connectionId, target }, 'hub method result not serializable');
    const fallback = encodeMessage({
      type: MessageType.Completion,
      invocationId: message.invocationId,
      error: `The result of '${target ?? 'the method'}' could not be serialized.`,
    });
    if (fallback.ok) this.conn.send(fallback.value);
  }
}
