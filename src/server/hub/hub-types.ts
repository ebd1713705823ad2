import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { HubResult } from './hub-errors';
import type { OutboundFrame } from './protocol/json';
import type { Timers } from '../time/timers';

// Every type the hub's parts share, in one file that imports only the hub's leaves (its result
// values and encoded frames): the options, the public server, and the ports between the hub,
// its connections and its transports. The parts depend on these shapes, never on each other's
// classes, so no import cycle forms.

/** Whatever `authenticate` returns; the hub only ever reads `id` and `expiresAt`. */
export interface HubUser {
  readonly id: string;
  /**
   * When the proof of identity behind this user (an access token) stops being valid, in the
   * clock's milliseconds. A connection whose user has expired is re-checked with `renewUser`
   * or, without it or when that refuses, closed with a Close message that allows
   * reconnecting, so the client comes back with a fresh proof. Absent: never.
   */
  readonly expiresAt?: number;
}

export type TransportKind = 'WebSockets' | 'ServerSentEvents' | 'LongPolling';

/**
 * Which request of the protocol is being made: `negotiate`, the WebSocket upgrade, the
 * Server-Sent Events GET, a long poll, a send (POST) or a long-polling DELETE.
 */
export type HubRequestKind = 'negotiate' | 'webSocket' | 'eventStream' | 'poll' | 'send' | 'close';

/** A refused HTTP request: its status, a client-safe reason and, optionally, a code and headers. */
export interface HubRejection {
  readonly status: number;
  readonly message: string;
  /** A stable code: the hub's own (`TOO_MANY_CONNECTIONS`…) or one `authorize` chose. */
  readonly code?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** The body of a refused request as it goes on the wire. */
export interface RenderedRejection {
  readonly contentType: string;
  readonly body: string;
}

export interface HubConnectionContext<U extends HubUser> {
  readonly connectionId: string;
  readonly user: U;
  readonly hub: HubServer<U>;
}

export interface HubCallContext<U extends HubUser> extends HubConnectionContext<U> {
  /** Aborted when the caller cancels the invocation or the connection closes. */
  readonly signal: AbortSignal;
}

/** Arguments arrive as untrusted JSON: validating them (zod) is the method's job. */
export type HubMethod<U extends HubUser> = (ctx: HubCallContext<U>, ...args: unknown[]) => unknown;

/** Answers a StreamInvocation: each yielded value becomes a StreamItem. */
export type HubStreamMethod<U extends HubUser> = (ctx: HubCallContext<U>, ...args: unknown[]) => AsyncIterable<unknown>;

/** Pino-compatible subset, so Fastify's `app.log` fits as is. */
export interface HubLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface HubServerOptions<U extends HubUser> {
  /**
   * Resolves the caller of an HTTP request or WebSocket upgrade; null means unauthenticated.
   * Called at negotiate and again on every transport request, which must resolve to the same
   * user id as the negotiation did.
   */
  authenticate(req: IncomingMessage): Promise<U | null>;
  /**
   * Called once a connection's user has expired (`expiresAt` passed): the same user with a
   * later `expiresAt` keeps the connection, null (or a failure) closes it as expired. Without
   * it an expired connection is always closed.
   */
  renewUser?(user: U): Promise<U | null>;
  /**
   * Runs after `authenticate` found a user, on every request: a rejection refuses it (e.g. a
   * header the caller must send with this kind of request), null lets it through.
   */
  authorize?(user: U, req: IncomingMessage, kind: HubRequestKind): HubRejection | null | Promise<HubRejection | null>;
  /**
   * Writes the body of a refused request. Default: `{"error": message}` as JSON at negotiate,
   * the message as plain text elsewhere (what ASP.NET Core answers).
   */
  renderRejection?(rejection: HubRejection, kind: HubRequestKind): RenderedRejection;
  methods?: Record<string, HubMethod<U>>;
  streams?: Record<string, HubStreamMethod<U>>;
  onConnected?(ctx: HubConnectionContext<U>): void | Promise<void>;
  /** `error` is absent when the client or the server closed the connection deliberately. */
  onDisconnected?(ctx: HubConnectionContext<U>, error?: Error): void | Promise<void>;
  /** Exact origins (scheme://host[:port]) allowed to open WebSockets. */
  allowedOrigins?: readonly string[];
  /** Overrides `allowedOrigins`. Without either, only same-origin browsers (and non-browser clients) may connect. */
  checkOrigin?(origin: string | undefined, req: IncomingMessage): boolean | Promise<boolean>;
  /** Transports offered at negotiate and accepted afterwards. Default: all three. */
  transports?: readonly TransportKind[];
  /** Largest inbound hub message in bytes; a larger one closes the connection. Default 32 KiB. */
  maxMessageSize?: number;
  /** Outbound bytes a connection may have waiting before it is closed as too slow. Default 1 MiB. */
  maxBufferedBytes?: number;
  /** A Ping goes out when nothing else was sent for this long. Default 15 s. */
  keepAliveIntervalMs?: number;
  /** A client that sent nothing for this long is dropped. Default 30 s. */
  clientTimeoutMs?: number;
  /** Time from transport start to a handshake request. Default 15 s. */
  handshakeTimeoutMs?: number;
  /** A negotiated connection token that no transport used within this is forgotten. Default 30 s. */
  negotiateTimeoutMs?: number;
  /** Longest a long poll is held open without data; below the client's 100 s request timeout. Default 90 s. */
  longPollTimeoutMs?: number;
  /** Offer stateful reconnect to clients that ask for it. Default true. */
  statefulReconnect?: boolean;
  /** Unacknowledged outbound bytes kept per connection for replay. Default 1 MiB. */
  statefulReconnectBufferSize?: number;
  /** How long a stateful connection whose transport dropped waits to be resumed. Default 15 s. */
  statefulReconnectWindowMs?: number;
  /** Negotiated-but-unused connections held at once; more are refused with 503. Default 10 000. */
  maxPendingNegotiations?: number;
  /** Negotiated-but-unused connections one user may hold; more are refused with 429. Default: no limit. */
  maxPendingNegotiationsPerUser?: number;
  /**
   * Connections one user may have open (handshaking, connected or awaiting a stateful resume);
   * a negotiation or transport beyond it is refused with 429. Default: no limit.
   */
  maxConnectionsPerUser?: number;
  /** New connections (negotiations) one user may start per window; more get 429. Default: no limit. */
  negotiationsPerUser?: { max: number; windowMs: number };
  /** Invocations a connection may have waiting behind the running one. Default 128. */
  maxQueuedInvocations?: number;
  /** Resolution of the deadline checks (keep-alive, timeouts, acks). Default 1 s. */
  heartbeatIntervalMs?: number;
  /** How long Acks for client messages are coalesced. Default 1 s, as the official client does. */
  ackIntervalMs?: number;
  /** Every deadline of the hub reads time and schedules through this. Default: the system's. */
  clock?: Timers;
  /** Defaults to the Fastify app's logger once registered, otherwise silent. */
  logger?: HubLogger;
}

type OptionalHooks =
  | 'allowedOrigins'
  | 'checkOrigin'
  | 'onConnected'
  | 'onDisconnected'
  | 'authorize'
  | 'renewUser'
  | 'renderRejection'
  | 'negotiationsPerUser';

export type ResolvedHubOptions<U extends HubUser> = Required<Omit<HubServerOptions<U>, OptionalHooks | 'logger'>> &
  Pick<HubServerOptions<U>, OptionalHooks> & {
    logger: HubLogger;
  };

export interface HubConnectionInfo<U extends HubUser = HubUser> {
  connectionId: string;
  userId: string;
  /** As `authenticate` last returned it for this connection. */
  user: U;
  state: ConnectionState;
  transport: TransportKind | null;
  /** Hub protocol version from the handshake; 0 before it. */
  protocolVersion: number;
  statefulReconnect: boolean;
  groups: string[];
  createdAt: number;
  connectedAt: number | null;
  lastReceivedAt: number;
  lastSentAt: number;
  /** Outbound bytes not yet taken by the network, plus unacknowledged replay bytes. */
  bufferedBytes: number;
  /** Times the connection resumed on a new WebSocket after its transport dropped. */
  resumes: number;
}

export interface HubServer<U extends HubUser = HubUser> {
  /**
   * Adds the hub's routes at `path` (POST {path}/negotiate; GET, POST, DELETE {path}) and its
   * WebSocket upgrade handler to `app`. Call before the app is ready; closing the app closes the hub.
   */
  register(app: FastifyInstance, path: string): void;
  /** Ok(true) when newly added, ok(false) when already a member. */
  addToGroup(connectionId: string, group: string): HubResult<boolean>;
  /** Ok(true) when removed, ok(false) when not a member. */
  removeFromGroup(connectionId: string, group: string): HubResult<boolean>;
  groupsOf(connectionId: string): string[];
  /** Each send serializes the message once; the result is how many connections took it. */
  sendToGroup(group: string, target: string, args?: readonly unknown[]): HubResult<number>;
  sendToConnection(connectionId: string, target: string, args?: readonly unknown[]): HubResult<number>;
  sendToUser(userId: string, target: string, args?: readonly unknown[]): HubResult<number>;
  sendToAll(target: string, args?: readonly unknown[]): HubResult<number>;
  connections(): HubConnectionInfo<U>[];
  /** Names of the hub methods and streams clients can invoke. */
  methodNames(): string[];
  /** Ends one connection; `error` reaches the client in the Close message. */
  closeConnection(connectionId: string, options?: { error?: string; allowReconnect?: boolean }): HubResult<void>;
  /**
   * Ends every connection whose user `match` picks, whatever its state: live ones get a Close
   * message carrying `error`, negotiated ones are forgotten. Returns how many were ended.
   */
  closeConnections(match: (user: U) => boolean, options?: { error?: string; allowReconnect?: boolean }): number;
  /** Connections of one user not yet closed: negotiated (pending) and started (live). */
  countsOf(userId: string): { pending: number; live: number };
  /**
   * Closes every connection with a Close message that allows reconnecting (clients move to
   * the next process), stops the timers and detaches from the server. Idempotent.
   */
  close(): Promise<void>;
}

/**
 * negotiated → handshaking → connected ⇄ detached → closed. `detached` exists only for stateful
 * reconnect: the WebSocket is gone but the logical connection, its groups and its unacked
 * messages live on until the client comes back or the reconnect window runs out.
 */
export type ConnectionState = 'negotiated' | 'handshaking' | 'connected' | 'detached' | 'closed';

export interface CloseOptions {
  /** Client-safe reason carried by the Close message. */
  error?: string;
  allowReconnect?: boolean;
  /** What onDisconnected receives; defaults to an Error built from `error`. */
  cause?: Error;
  /** No Close message: the client left on its own, or the transport is already gone. */
  silent?: boolean;
  /** Drop buffered output instead of flushing it (the client stopped reading). */
  abort?: boolean;
}

export interface ConnectionIdentity<U extends HubUser> {
  connectionId: string;
  token: string;
  user: U;
  negotiateVersion: number;
  /** The client asked for stateful reconnect at negotiate and the server agreed. */
  statefulNegotiated: boolean;
}

/**
 * The server-to-client half of a transport as the connection sees it. Writes never block:
 * each transport buffers what the network has not taken yet and reports how much, so the
 * connection can close a consumer that stopped reading instead of buffering without limit.
 */
export interface TransportSink {
  readonly kind: TransportKind;
  write(frame: OutboundFrame): void;
  bufferedBytes(): number;
  /** Delivers what is already written, then ends the transport. */
  end(): void;
  /** Ends the transport at once; unsent data is dropped. */
  abort(): void;
  /**
   * Transports where the client does not talk continuously (long polling) say since when
   * nobody has been listening, or null while a request is outstanding. Absent means the
   * client's own messages and pings are the sign of life.
   */
  idleSince?(): number | null;
}

/** A hub method or stream as the lookup found it. */
export type FoundMethod<U extends HubUser> =
  { kind: 'invoke'; name: string; fn: HubMethod<U> } | { kind: 'stream'; name: string; fn: HubStreamMethod<U> };

/** Resolves an invocation's target to a hub method or stream. */
export interface HubMethodLookup<U extends HubUser> {
  find(target: string): FoundMethod<U> | null;
  names(): string[];
}

/** What the transports, negotiate and the per-user limits need of one logical connection. */
export interface ConnectionPort<U extends HubUser> {
  readonly connectionId: string;
  readonly token: string;
  readonly negotiateVersion: number;
  readonly statefulNegotiated: boolean;
  /** Replaced by each transport request's newer proof of identity. */
  user: U;
  readonly state: ConnectionState;
  readonly transportKind: TransportKind | null;
  /** A POST is being read; a second concurrent one gets 409. */
  postInFlight: boolean;
  readonly transport: TransportSink | null;
  readonly lingeringPoll: TransportSink | null;
  canAttach(kind: TransportKind): HubRejection | null;
  attach(sink: TransportSink): void;
  transportClosed(sink: TransportSink, error?: Error, resumable?: boolean): void;
  receive(chunk: Uint8Array): void;
  close(options?: CloseOptions): void;
}

/** What the dispatcher needs of the connection whose invocations it runs. */
export interface DispatchedConnection<U extends HubUser> {
  readonly connectionId: string;
  readonly user: U;
  readonly signal: AbortSignal;
  send(frame: OutboundFrame): boolean;
  close(options?: CloseOptions): void;
}

/** What a connection needs of the hub that owns it. */
export interface ConnectionHost<U extends HubUser> {
  readonly options: ResolvedHubOptions<U>;
  readonly logger: HubLogger;
  readonly api: HubServer<U>;
  readonly methods: HubMethodLookup<U>;
  /** Why this negotiated connection may not start a transport (its user's cap), or null. */
  admitLive(conn: ConnectionPort<U>): HubRejection | null;
  /** The handshake succeeded: make the connection addressable and run onConnected. */
  connectionReady(conn: ConnectionPort<U>): Promise<void>;
  connectionClosed(conn: ConnectionPort<U>, wasConnected: boolean, error: Error | undefined): void;
}

/** What the HTTP and WebSocket front ends need from the hub; kept narrow so they stay swappable. */
export interface HubRuntime<U extends HubUser> {
  readonly options: ResolvedHubOptions<U>;
  readonly logger: HubLogger;
  /** Set once close() started: no new connections are accepted. */
  readonly closing: boolean;
  /**
   * Who makes this request of `kind`: the Origin check, `authenticate` and `authorize`, with
   * every refusal (untrusted origin, no user, an authorize rejection) as a rejection.
   */
  authenticate(req: IncomingMessage, kind: HubRequestKind): Promise<AuthOutcome<U>>;
  findByToken(token: string): ConnectionPort<U> | undefined;
  /** Registers a connection that has no transport yet, unless a limit refuses it. */
  createConnection(user: U, negotiateVersion: number, statefulNegotiated: boolean): Created<U>;
  /** Drops a closed connection whose last long poll has been answered. */
  forget(conn: ConnectionPort<U>): void;
}

export type AuthOutcome<U> = { ok: true; user: U } | { ok: false; rejection: HubRejection };

export type Created<U extends HubUser> = { ok: true; conn: ConnectionPort<U> } | { ok: false; rejection: HubRejection };
