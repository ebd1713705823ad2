import type { IncomingMessage } from 'node:http';
import { systemHubClock, type HubClock } from './clock';
import type { HubServer } from './hub-server';

/** Whatever `authenticate` returns; the hub only ever reads `id` and `expiresAt`. */
export interface HubUser {
  readonly id: string;
  /**
   * When the proof of identity behind this user (an access token) stops being valid, in the
   * clock's milliseconds. A connection whose user has expired is closed with a Close message
   * that allows reconnecting, so the client comes back with a fresh proof. Absent: never.
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
export const ALL_TRANSPORTS: readonly TransportKind[] = ['WebSockets', 'ServerSentEvents', 'LongPolling'];

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
  clock?: HubClock;
  /** Defaults to the Fastify app's logger once registered, otherwise silent. */
  logger?: HubLogger;
}

type OptionalHooks = 'allowedOrigins' | 'checkOrigin' | 'onConnected' | 'onDisconnected' | 'authorize' | 'renderRejection' | 'negotiationsPerUser';

export type ResolvedHubOptions<U extends HubUser> = Required<Omit<HubServerOptions<U>, OptionalHooks | 'logger'>> &
  Pick<HubServerOptions<U>, OptionalHooks> & {
    logger: HubLogger;
  };

export const silentLogger: HubLogger = { debug() {}, info() {}, warn() {}, error() {} };

export function resolveOptions<U extends HubUser>(options: HubServerOptions<U>): ResolvedHubOptions<U> {
  const positive = (name: string, value: number | undefined, fallback: number): number => {
    const v = value ?? fallback;
    if (!Number.isFinite(v) || v <= 0) throw new RangeError(`Hub option ${name} must be a positive number, got ${v}.`);
    return v;
  };
  // Per-user caps may be unlimited; a cap of 0 would lock every user out, which is a mistake.
  const cap = (name: string, value: number | undefined): number => {
    const v = value ?? Number.POSITIVE_INFINITY;
    if (Number.isNaN(v) || v < 1) throw new RangeError(`Hub option ${name} must be at least 1, got ${v}.`);
    return v;
  };
  const rate = options.negotiationsPerUser;
  if (rate) {
    positive('negotiationsPerUser.max', rate.max, 1);
    positive('negotiationsPerUser.windowMs', rate.windowMs, 1);
  }
  const transports = options.transports ?? ALL_TRANSPORTS;
  if (transports.length === 0) throw new RangeError('Hub option transports must name at least one transport.');
  return {
    ...options,
    methods: options.methods ?? {},
    streams: options.streams ?? {},
    transports,
    maxMessageSize: positive('maxMessageSize', options.maxMessageSize, 32 * 1024),
    maxBufferedBytes: positive('maxBufferedBytes', options.maxBufferedBytes, 1024 * 1024),
    keepAliveIntervalMs: positive('keepAliveIntervalMs', options.keepAliveIntervalMs, 15_000),
    clientTimeoutMs: positive('clientTimeoutMs', options.clientTimeoutMs, 30_000),
    handshakeTimeoutMs: positive('handshakeTimeoutMs', options.handshakeTimeoutMs, 15_000),
    negotiateTimeoutMs: positive('negotiateTimeoutMs', options.negotiateTimeoutMs, 30_000),
    longPollTimeoutMs: positive('longPollTimeoutMs', options.longPollTimeoutMs, 90_000),
    statefulReconnect: options.statefulReconnect ?? true,
    statefulReconnectBufferSize: positive('statefulReconnectBufferSize', options.statefulReconnectBufferSize, 1024 * 1024),
    statefulReconnectWindowMs: positive('statefulReconnectWindowMs', options.statefulReconnectWindowMs, 15_000),
    maxPendingNegotiations: positive('maxPendingNegotiations', options.maxPendingNegotiations, 10_000),
    maxPendingNegotiationsPerUser: cap('maxPendingNegotiationsPerUser', options.maxPendingNegotiationsPerUser),
    maxConnectionsPerUser: cap('maxConnectionsPerUser', options.maxConnectionsPerUser),
    maxQueuedInvocations: positive('maxQueuedInvocations', options.maxQueuedInvocations, 128),
    heartbeatIntervalMs: positive('heartbeatIntervalMs', options.heartbeatIntervalMs, 1_000),
    ackIntervalMs: positive('ackIntervalMs', options.ackIntervalMs, 1_000),
    clock: options.clock ?? systemHubClock,
    logger: options.logger ?? silentLogger,
  };
}
