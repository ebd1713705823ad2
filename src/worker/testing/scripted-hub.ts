import { hubMethods } from '../../shared/hub/names';
import type { HubConnectionLike, HubFactory, HubState } from '../connection/hub-connection';
import { systemTimers, type Timers } from '../time/timers';

// A scripted stand-in for the exchange hub, used by the Node tests and (inside the worker) by
// the browser harness. It records every connection and invocation and lets a test decide how
// starts end, what invocations answer, which events arrive and when the connection closes.

export interface ScriptedError {
  readonly message: string;
  readonly statusCode?: number;
}

/** How the next start ends: 'ok', an error, or 'hang' (never settles: start timeout). */
export type StartOutcome = 'ok' | 'hang' | { readonly error: ScriptedError };

export interface Invocation {
  readonly connection: number;
  readonly method: string;
  readonly args: readonly unknown[];
  readonly at: number;
}

export type InvokeHandler = (method: string, args: readonly unknown[]) => unknown;

/** Default answers: joins accept everything, leave answers nothing, health is true. */
export const defaultInvoke: InvokeHandler = (method, args) => {
  if (method === hubMethods.joinFeedGroups) return { joined: [...((args[0] as string[]) ?? [])], rejected: [] };
  if (method === hubMethods.isConnectionHealthy) return true;
  return undefined;
};

function toError(e: ScriptedError): Error {
  const err = new Error(e.message) as Error & { statusCode?: number };
  if (e.statusCode !== undefined) err.statusCode = e.statusCode;
  return err;
}

export class ScriptedHubConnection implements HubConnectionLike {
  state: HubState = 'Disconnected';
  readonly handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  private closeCallbacks: ((error?: Error) => void)[] = [];
  private reconnectingCallbacks: ((error?: Error) => void)[] = [];
  private reconnectedCallbacks: ((id?: string) => void)[] = [];

  constructor(
    readonly id: number,
    readonly url: string,
    private readonly server: ScriptedHubServer,
  ) {}

  start(): Promise<void> {
    this.state = 'Connecting';
    const outcome = this.server.nextStartOutcome();
    this.server.starts++;
    if (outcome === 'hang') return new Promise(() => {});
    if (outcome === 'ok') {
      this.state = 'Connected';
      return Promise.resolve();
    }
    this.state = 'Disconnected';
    return Promise.reject(toError(outcome.error));
  }

  async stop(): Promise<void> {
    if (this.state === 'Disconnected') return;
    this.state = 'Disconnected';
    for (const cb of this.closeCallbacks) cb(undefined);
  }

  async invoke<T>(method: string, ...args: unknown[]): Promise<T> {
    if (this.state !== 'Connected') throw new Error(`Cannot send data if the connection is not in the 'Connected' State.`);
    this.server.invocations.push({ connection: this.id, method, args, at: this.server.now() });
    return (await this.server.invokeHandler(method, args)) as T;
  }

  on(event: string, handler: (...args: unknown[]) => void): void {
    const list = this.handlers.get(event) ?? [];
    list.push(handler);
    this.handlers.set(event, list);
  }

  off(event: string): void {
    this.handlers.delete(event);
  }

  onclose(callback: (error?: Error) => void): void {
    this.closeCallbacks.push(callback);
  }

  onreconnecting(callback: (error?: Error) => void): void {
    this.reconnectingCallbacks.push(callback);
  }

  onreconnected(callback: (connectionId?: string) => void): void {
    this.reconnectedCallbacks.push(callback);
  }

  /* ---- server side ---- */

  emit(event: string, ...args: unknown[]): void {
    if (this.state !== 'Connected') return;
    for (const h of this.handlers.get(event) ?? []) h(...args);
  }

  /** The server (or network) closes the connection. */
  drop(error?: ScriptedError): void {
    if (this.state === 'Disconnected') return;
    this.state = 'Disconnected';
    for (const cb of this.closeCallbacks) cb(error ? toError(error) : undefined);
  }

  /** Stateful reconnect: the transport drops and resumes the same connection. */
  transportReconnecting(): void {
    this.state = 'Reconnecting';
    for (const cb of this.reconnectingCallbacks) cb(new Error('transport lost'));
  }

  transportReconnected(): void {
    this.state = 'Connected';
    for (const cb of this.reconnectedCallbacks) cb(`c${this.id}`);
  }
}

export class ScriptedHubServer {
  readonly connections: ScriptedHubConnection[] = [];
  readonly invocations: Invocation[] = [];
  starts = 0;
  private readonly outcomes: StartOutcome[] = [];
  defaultOutcome: StartOutcome = 'ok';
  invokeHandler: InvokeHandler = defaultInvoke;

  constructor(private readonly clock: Pick<Timers, 'now'> = systemTimers) {}

  now(): number {
    return this.clock.now();
  }

  readonly factory: HubFactory = (url) => {
    const c = new ScriptedHubConnection(this.connections.length + 1, url, this);
    this.connections.push(c);
    return c;
  };

  /** Queues how the next starts end, in order; afterwards defaultOutcome applies. */
  queueStarts(...outcomes: StartOutcome[]): void {
    this.outcomes.push(...outcomes);
  }

  nextStartOutcome(): StartOutcome {
    return this.outcomes.shift() ?? this.defaultOutcome;
  }

  get current(): ScriptedHubConnection | undefined {
    return this.connections[this.connections.length - 1];
  }

  emit(event: string, ...args: unknown[]): void {
    this.current?.emit(event, ...args);
  }

  /** Invocations of one method (optionally on one connection). */
  calls(method: string, connection?: number): Invocation[] {
    return this.invocations.filter((i) => i.method === method && (connection === undefined || i.connection === connection));
  }

  /** Feed ids of every JoinFeedGroups call, in order. */
  joined(connection?: number): string[][] {
    return this.calls(hubMethods.joinFeedGroups, connection).map((i) => [...(i.args[0] as string[])]);
  }

  left(connection?: number): string[][] {
    return this.calls(hubMethods.leaveFeedGroups, connection).map((i) => [...(i.args[0] as string[])]);
  }
}
