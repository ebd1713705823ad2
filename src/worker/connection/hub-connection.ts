// The slice of @microsoft/signalr's HubConnection the engine uses. Tests script a hub behind
// this interface; production wraps the real one (signalr-hub.ts).

export type HubState = 'Disconnected' | 'Connecting' | 'Connected' | 'Disconnecting' | 'Reconnecting';

export interface HubConnectionLike {
  readonly state: HubState;
  start(): Promise<void>;
  stop(): Promise<void>;
  invoke<T = unknown>(method: string, ...args: unknown[]): Promise<T>;
  on(event: string, handler: (...args: unknown[]) => void): void;
  off(event: string): void;
  onclose(callback: (error?: Error) => void): void;
  /** Only fires with stateful reconnect: the transport is resuming the same connection. */
  onreconnecting(callback: (error?: Error) => void): void;
  onreconnected(callback: (connectionId?: string) => void): void;
}

/** Builds a fresh connection for each start attempt (a stopped HubConnection is not reused). */
export type HubFactory = (hubUrl: string) => HubConnectionLike;
