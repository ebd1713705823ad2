import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Connection } from './connection';
import { fail, ok, type HubResult } from './hub-errors';
import { Membership } from './groups';
import { handleNegotiate, randomId } from './negotiate';
import type {
  AuthOutcome,
  ConnectionHost,
  Created,
  HubConnectionContext,
  HubConnectionInfo,
  HubLogger,
  HubRejection,
  HubRequestKind,
  HubRuntime,
  HubServer,
  HubServerOptions,
  HubUser,
  ResolvedHubOptions,
} from './hub-types';
import { MethodTable } from './method-table';
import type { TimerHandle } from '../time/timers';
import { resolveOptions } from './options';
import { originPolicy, type OriginCheck } from './origin-policy';
import { encodeMessage, MessageType, type OutboundFrame } from './protocol/json';
import { handleSend } from './transports/http-post';
import { handleDelete, handlePoll } from './transports/long-polling';
import { rejectUpgrade, rejection } from './transports/raw-response';
import { UserLimits } from './user-limits';
import { handleEventStream } from './transports/sse';
import { createWebSocketEndpoint, trimSlash, type WebSocketEndpoint } from './transports/websocket';

/** Closed long-polling connections wait this long for the poll that collects their last data. */
const LONG_POLL_DRAIN_MS = 5_000;
/** close() waits at most this long for last polls and onDisconnected hooks. */
const SHUTDOWN_WAIT_MS = 5_000;
/**
 * close() gives WebSocket peers this long to answer the close frame, then ends their sockets.
 * Until a socket ends, the HTTP server's own close waits for it, and ws alone would wait 30 s
 * for a peer that never answers (a stalled browser, a dead network path).
 */
const CLOSE_HANDSHAKE_WAIT_MS = 1_000;

export function createHubServer<U extends HubUser>(options: HubServerOptions<U>): HubServer<U> {
  return new HubServerImpl(options);
}

class HubServerImpl<U extends HubUser> implements HubServer<U>, ConnectionHost<U>, HubRuntime<U> {
  readonly options: ResolvedHubOptions<U>;
  readonly methods: MethodTable<U>;
  logger: HubLogger;
  closing = false;

  private readonly byToken = new Map<string, Connection<U>>();
  private readonly byId = new Map<string, Connection<U>>();
  private readonly groups = new Membership();
  private readonly users = new Membership();
  private readonly limits: UserLimits<U>;
  private readonly checkOrigin: OriginCheck;
  private readonly ready = new WeakMap<Connection<U>, Promise<void>>();
  private readonly hooks = new Set<Promise<void>>();
  private readonly heartbeatTimer: TimerHandle;
  private readonly loggerGiven: boolean;
  private webSockets: WebSocketEndpoint | null = null;
  private closed: Promise<void> | null = null;
  private drainWaiter: (() => void) | null = null;

  constructor(options: HubServerOptions<U>) {
    this.options = resolveOptions(options);
    this.methods = new MethodTable(this.options.methods, this.options.streams);
    this.logger = this.options.logger;
    this.loggerGiven = options.logger !== undefined;
    this.limits = new UserLimits(this.options);
    this.checkOrigin = originPolicy(this.options);
    this.heartbeatTimer = this.options.clock.setInterval(() => this.heartbeat(), this.options.heartbeatIntervalMs);
  }

  get api(): HubServer<U> {
    return this;
  }

  // ---- HTTP and WebSocket wiring ----

  register(app: FastifyInstance, path: string): void {
    if (this.webSockets !== null) throw new Error('This hub server is already registered.');
    if (!path.startsWith('/')) throw new Error(`Hub path must start with '/', got '${path}'.`);
    const base = trimSlash(path);
    if (!this.loggerGiven) this.logger = app.log;
    const endpoint: WebSocketEndpoint = createWebSocketEndpoint(this, base);
    const server = app.server;
    const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
      if (endpoint.handleUpgrade(req, socket, head)) return;
      // Someone else's path: leave it to their listener, but never let a socket hang unanswered.
      if (server.listenerCount('upgrade') === 1) rejectUpgrade(socket, rejection(404, 'Not Found'));
    };
    // The listener stays after close(): upgrades then get a prompt 503 instead of hanging, which
    // matters to stateful clients that redial the same connection once before reconnecting anew.
    server.on('upgrade', onUpgrade);
    this.webSockets = endpoint;

    void app.register(async (scope) => {
      // Send bodies are streamed into the connection rather than parsed; the parsers the rest of
      // the app uses stay untouched outside this plugin.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
      scope.post(`${base}/negotiate`, (request, reply) => handleNegotiate(this, request, reply));
      scope.get(base, (request, reply) =>
        (request.headers.accept ?? '').includes('text/event-stream')
          ? handleEventStream(this, request, reply)
          : handlePoll(this, request, reply),
      );
      scope.post(base, (request, reply) => handleSend(this, request, reply));
      scope.delete(base, (request, reply) => handleDelete(this, request, reply));
    });
    app.addHook('preClose', async () => {
      await this.close();
    });
  }

  // ---- runtime for transports ----

  async authenticate(req: IncomingMessage, kind: HubRequestKind): Promise<AuthOutcome<U>> {
    const origin = req.headers.origin;
    // Every request, not only the upgrade: a page of another site must not even negotiate
    // (the browser would send the user's cookies along).
    if (!(await this.checkOrigin(origin, req))) {
      this.logger.warn({ origin, kind }, 'hub request refused: origin not allowed');
      return { ok: false, rejection: rejection(403, 'Origin not allowed', 'ORIGIN_NOT_ALLOWED') };
    }
    let user: U | null;
    try {
      user = await this.options.authenticate(req);
    } catch (err) {
      this.logger.error({ err }, 'hub authenticate failed');
      return { ok: false, rejection: rejection(500, 'Authentication is unavailable.', 'AUTH_UNAVAILABLE') };
    }
    if (user === null || user === undefined) return { ok: false, rejection: rejection(401, 'Unauthorized', 'UNAUTHORIZED') };
    if (typeof user.id !== 'string' || user.id === '') {
      this.logger.error({}, 'hub authenticate returned a user without a string id');
      return { ok: false, rejection: rejection(500, 'Authentication is unavailable.', 'AUTH_UNAVAILABLE') };
    }
    const authorize = this.options.authorize;
    if (authorize) {
      let refused: HubRejection | null;
      try {
        refused = await authorize(user, req, kind);
      } catch (err) {
        this.logger.error({ err }, 'hub authorize failed');
        return { ok: false, rejection: rejection(500, 'Authentication is unavailable.', 'AUTH_UNAVAILABLE') };
      }
      if (refused) return { ok: false, rejection: refused };
    }
    return { ok: true, user };
  }

  findByToken(token: string): Connection<U> | undefined {
    return this.byToken.get(token);
  }

  createConnection(user: U, negotiateVersion: number, statefulNegotiated: boolean): Created<U> {
    if (this.closing) return { ok: false, rejection: rejection(503, 'The server is shutting down.', 'SERVER_CLOSING') };
    // Everything registered but not live: negotiated, handshaking, or draining its last poll.
    if (this.byToken.size - this.byId.size >= this.options.maxPendingNegotiations) {
      return { ok: false, rejection: rejection(503, 'Too many pending connections.', 'SERVER_BUSY') };
    }
    const refused = this.limits.admitNew(user.id, this.options.clock.now());
    if (refused) {
      this.logger.info({ userId: user.id, code: refused.code }, 'hub connection refused: user limit');
      return { ok: false, rejection: refused };
    }
    const connectionId = randomId();
    // Version 0 has no separate token: the connection id is what the transports send.
    const token = negotiateVersion >= 1 ? randomId() : connectionId;
    const conn = new Connection<U>(this, { connectionId, token, user, negotiateVersion, statefulNegotiated });
    this.byToken.set(token, conn);
    this.limits.add(conn);
    return { ok: true, conn };
  }

  admitLive(conn: Connection<U>): HubRejection | null {
    return this.limits.admitLive(conn);
  }

  forget(conn: Connection<U>): void {
    if (conn.state !== 'closed') return;
    if (this.byToken.get(conn.token) === conn) this.byToken.delete(conn.token);
    if (this.drainWaiter && !this.hasLingering()) this.drainWaiter();
  }

  // ---- connection host ----

  connectionReady(conn: Connection<U>): Promise<void> {
    this.byId.set(conn.connectionId, conn);
    this.users.add(conn.connectionId, conn.user.id);
    const hook = this.options.onConnected;
    const ready = hook ? Promise.resolve().then(() => hook(this.context(conn))) : Promise.resolve();
    this.ready.set(conn, ready);
    return ready;
  }

  connectionClosed(conn: Connection<U>, wasConnected: boolean, error: Error | undefined): void {
    if (this.byId.get(conn.connectionId) === conn) this.byId.delete(conn.connectionId);
    this.limits.remove(conn);
    this.groups.removeConnection(conn.connectionId);
    this.users.removeConnection(conn.connectionId);
    if (conn.lingeringPoll === null && this.byToken.get(conn.token) === conn) this.byToken.delete(conn.token);
    this.logger.debug({ connectionId: conn.connectionId, err: error }, 'hub connection closed');
    const hook = this.options.onDisconnected;
    if (!wasConnected || !hook) return;
    // onDisconnected never overtakes onConnected, whichever way onConnected ended.
    const before = this.ready.get(conn) ?? Promise.resolve();
    const run = before
      .catch(() => undefined)
      .then(() => hook(this.context(conn), error))
      .catch((err: unknown) => this.logger.error({ err, connectionId: conn.connectionId }, 'hub onDisconnected failed'))
      .finally(() => this.hooks.delete(run));
    this.hooks.add(run);
  }

  // ---- public API ----

  addToGroup(connectionId: string, group: string): HubResult<boolean> {
    const conn = this.live(connectionId);
    if (!conn) return unknownConnection(connectionId);
    return ok(this.groups.add(connectionId, group));
  }

  removeFromGroup(connectionId: string, group: string): HubResult<boolean> {
    if (!this.live(connectionId)) return unknownConnection(connectionId);
    return ok(this.groups.remove(connectionId, group));
  }

  groupsOf(connectionId: string): string[] {
    return this.groups.keysOf(connectionId);
  }

  sendToGroup(group: string, target: string, args: readonly unknown[] = []): HubResult<number> {
    const members = this.groups.membersOf(group);
    // Most feeds of a quiet pair have nobody listening: skip the encoding entirely.
    if (members.size === 0) return ok(0);
    const frame = encodeInvocation(target, args);
    if (!frame.ok) return frame;
    return ok(this.deliver(members, frame.value));
  }

  sendToConnection(connectionId: string, target: string, args: readonly unknown[] = []): HubResult<number> {
    const conn = this.live(connectionId);
    if (!conn) return unknownConnection(connectionId);
    const frame = encodeInvocation(target, args);
    if (!frame.ok) return frame;
    return ok(conn.send(frame.value) ? 1 : 0);
  }

  sendToUser(userId: string, target: string, args: readonly unknown[] = []): HubResult<number> {
    const frame = encodeInvocation(target, args);
    if (!frame.ok) return frame;
    return ok(this.deliver(this.users.membersOf(userId), frame.value));
  }

  sendToAll(target: string, args: readonly unknown[] = []): HubResult<number> {
    const frame = encodeInvocation(target, args);
    if (!frame.ok) return frame;
    return ok(this.deliver(this.byId.keys(), frame.value));
  }

  methodNames(): string[] {
    return this.methods.names();
  }

  connections(): HubConnectionInfo<U>[] {
    const list: HubConnectionInfo<U>[] = [];
    for (const conn of this.byToken.values()) {
      if (conn.state === 'closed') continue;
      list.push({
        connectionId: conn.connectionId,
        userId: conn.user.id,
        user: conn.user,
        state: conn.state,
        transport: conn.transportKind,
        protocolVersion: conn.protocolVersion,
        statefulReconnect: conn.statefulReconnect,
        groups: this.groups.keysOf(conn.connectionId),
        createdAt: conn.createdAt,
        connectedAt: conn.connectedAt === 0 ? null : conn.connectedAt,
        lastReceivedAt: conn.lastReceivedAt,
        lastSentAt: conn.lastSentAt,
        bufferedBytes: conn.bufferedBytes(),
        resumes: conn.resumes,
      });
    }
    return list;
  }

  closeConnection(connectionId: string, options: { error?: string; allowReconnect?: boolean } = {}): HubResult<void> {
    const conn = this.live(connectionId);
    if (!conn) return unknownConnection(connectionId);
    conn.close({ error: options.error, allowReconnect: options.allowReconnect ?? false });
    return ok(undefined);
  }

  closeConnections(match: (user: U) => boolean, options: { error?: string; allowReconnect?: boolean } = {}): number {
    let closed = 0;
    // close() edits byToken only by deleting, which Map iteration tolerates.
    for (const conn of this.byToken.values()) {
      if (conn.state === 'closed' || !match(conn.user)) continue;
      conn.close({ error: options.error, allowReconnect: options.allowReconnect ?? false });
      closed += 1;
    }
    return closed;
  }

  countsOf(userId: string): { pending: number; live: number } {
    return this.limits.countsOf(userId);
  }

  close(): Promise<void> {
    this.closed ??= this.shutdown();
    return this.closed;
  }

  // ---- internals ----

  private async shutdown(): Promise<void> {
    const { clock } = this.options;
    this.closing = true;
    clock.clearInterval(this.heartbeatTimer);
    for (const conn of [...this.byToken.values()]) conn.close({ allowReconnect: true });
    const webSockets = this.webSockets;
    webSockets?.close();
    const drained = new Promise<void>((resolve) => {
      if (!this.hasLingering()) resolve();
      else this.drainWaiter = resolve;
    });
    const timers: TimerHandle[] = [];
    const after = (ms: number) => new Promise<void>((resolve) => timers.push(clock.setTimeout(resolve, ms)));
    const socketsEnded = webSockets
      ? Promise.race([webSockets.allClosed(), after(CLOSE_HANDSHAKE_WAIT_MS)]).then(() => webSockets.terminateAll())
      : Promise.resolve();
    const settled = Promise.all([drained, socketsEnded, Promise.allSettled([...this.hooks])]).then(() => undefined);
    await Promise.race([settled, after(SHUTDOWN_WAIT_MS)]);
    for (const timer of timers) clock.clearTimeout(timer);
    webSockets?.terminateAll();
    this.drainWaiter = null;
    this.byToken.clear();
  }

  private heartbeat(): void {
    const now = this.options.clock.now();
    this.limits.sweep(now);
    for (const conn of this.byToken.values()) {
      if (conn.state === 'closed') {
        if (now - conn.closedAt >= LONG_POLL_DRAIN_MS) this.byToken.delete(conn.token);
        continue;
      }
      try {
        conn.heartbeat(now);
      } catch (err) {
        // A bug in one connection's bookkeeping must not stop the others' deadlines.
        this.logger.error({ err, connectionId: conn.connectionId }, 'hub heartbeat failed');
      }
    }
  }

  private hasLingering(): boolean {
    for (const conn of this.byToken.values()) if (conn.state === 'closed') return true;
    return false;
  }

  private live(connectionId: string): Connection<U> | null {
    const conn = this.byId.get(connectionId);
    return conn && conn.isLive ? conn : null;
  }

  private deliver(ids: Iterable<string>, frame: OutboundFrame): number {
    let delivered = 0;
    // A send can close a slow connection, which edits the set being walked; Set and Map
    // iteration tolerates deletion.
    for (const id of ids) {
      const conn = this.byId.get(id);
      if (conn && conn.send(frame)) delivered += 1;
    }
    return delivered;
  }

  private context(conn: Connection<U>): HubConnectionContext<U> {
    return { connectionId: conn.connectionId, user: conn.user, hub: this };
  }
}

function encodeInvocation(target: string, args: readonly unknown[]): HubResult<OutboundFrame> {
  if (typeof target !== 'string' || target === '') return fail('INVALID_MESSAGE', 'A target method name is required.');
  if (!Array.isArray(args)) return fail('INVALID_MESSAGE', 'Arguments must be an array.');
  return encodeMessage({ type: MessageType.Invocation, target, arguments: args as unknown[] });
}

function unknownConnection(connectionId: string): HubResult<never> {
  return fail('UNKNOWN_CONNECTION', `No live connection '${connectionId}'.`);
}
