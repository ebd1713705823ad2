import { Dispatcher } from './dispatcher';
import type { HubFailure } from './hub-errors';
import { InboundSequence } from './inbound-sequence';
import type {
  CloseOptions,
  ConnectionHost,
  ConnectionIdentity,
  ConnectionPort,
  ConnectionState,
  HubRejection,
  HubUser,
  TransportKind,
  TransportSink,
} from './hub-types';
import {
  ackFrame,
  acceptHandshake,
  closeFrame,
  HANDSHAKE_OK_FRAME,
  handshakeErrorFrame,
  MessageType,
  parseHandshakeRequest,
  parseHubMessage,
  PING_FRAME,
  sequenceFrame,
  STATEFUL_RECONNECT_MIN_VERSION,
  type OutboundFrame,
} from './protocol/json';
import { RecordDecoder } from './protocol/text-framing';
import { ReplayBuffer } from './replay-buffer';

const CLIENT_TIMEOUT_ERROR = 'Client timeout elapsed without receiving a message from the client.';
/** Read by clients as an authentication error: they renew their token, then reconnect. */
export const TOKEN_EXPIRED_ERROR = 'Unauthorized: the access token expired.';

export class Connection<U extends HubUser> implements ConnectionPort<U> {
  readonly connectionId: string;
  readonly token: string;
  readonly negotiateVersion: number;
  readonly statefulNegotiated: boolean;
  user: U;
  state: ConnectionState = 'negotiated';
  transportKind: TransportKind | null = null;
  protocolVersion = 0;
  readonly createdAt: number;
  attachedAt = 0;
  connectedAt = 0;
  closedAt = 0;
  lastReceivedAt = 0;
  lastSentAt = 0;
  /** Times a stateful connection was resumed on a new transport. */
  resumes = 0;
  /** A POST is being read; a second concurrent one gets 409. */
  postInFlight = false;

  private sink: TransportSink | null = null;
  private lingering: TransportSink | null = null;
  private decoder: RecordDecoder;
  private replay: ReplayBuffer | null = null;
  private inbound: InboundSequence | null = null;
  private detachedAt = 0;
  private lastAckAt = 0;
  /** renewUser is vouching for the expired user. */
  private renewing = false;
  private readonly lifetime = new AbortController();
  private readonly dispatcher: Dispatcher<U>;

  constructor(
    private readonly host: ConnectionHost<U>,
    identity: ConnectionIdentity<U>,
  ) {
    this.connectionId = identity.connectionId;
    this.token = identity.token;
    this.user = identity.user;
    this.negotiateVersion = identity.negotiateVersion;
    this.statefulNegotiated = identity.statefulNegotiated;
    this.createdAt = host.options.clock.now();
    this.decoder = new RecordDecoder(host.options.maxMessageSize);
    this.dispatcher = new Dispatcher(this, host);
  }

  /** Aborted when the connection closes; hub methods see it through their context. */
  get signal(): AbortSignal {
    return this.lifetime.signal;
  }

  /** Reachable by the group and send APIs. */
  get isLive(): boolean {
    return this.state === 'connected' || this.state === 'detached';
  }

  get statefulReconnect(): boolean {
    return this.replay !== null;
  }

  get transport(): TransportSink | null {
    return this.sink;
  }

  /** A long-polling transport outlives its connection until the last data went out with a poll. */
  get lingeringPoll(): TransportSink | null {
    return this.lingering;
  }

  bufferedBytes(): number {
    return (this.sink?.bufferedBytes() ?? 0) + (this.replay?.bufferedBytes ?? 0);
  }

  /** Why a transport of `kind` may not attach now (status and reason), or null when it may. */
  canAttach(kind: TransportKind): HubRejection | null {
    if (this.transportKind !== null && this.transportKind !== kind) {
      return { status: 400, message: 'Cannot change transports mid-connection.' };
    }
    switch (this.state) {
      case 'negotiated':
        // Starting a transport makes the connection count against its user's cap.
        return this.host.admitLive(this);
      case 'detached':
        return null;
      case 'connected':
        // A stateful WebSocket client only dials again after it saw its socket die, even if the
        // server has not noticed yet; letting it take over is what makes the resume seamless.
        if (kind === 'WebSockets' && this.replay !== null) return null;
        return { status: 409, message: 'Another transport is already active for this connection.' };
      case 'handshaking':
        return { status: 409, message: 'Another transport is already active for this connection.' };
      case 'closed':
        return { status: 404, message: 'No connection with that ID.' };
    }
  }

  /** Binds a transport; call only after canAttach succeeded in the same tick. */
  attach(sink: TransportSink): void {
    const now = this.host.options.clock.now();
    this.lastReceivedAt = now;
    if (this.state === 'negotiated') {
      this.sink = sink;
      this.transportKind = sink.kind;
      this.state = 'handshaking';
      this.attachedAt = now;
      return;
    }
    // Resume of a stateful connection (HubProtocol.md, "Stateful Reconnect").
    const previous = this.sink;
    this.sink = sink;
    previous?.abort();
    this.state = 'connected';
    this.resumes += 1;
    // A record cut off with the old socket will never be completed; the client resends it.
    this.decoder = new RecordDecoder(this.host.options.maxMessageSize);
    this.inbound?.expectSequence();
    const { sequenceId, frames } = this.replay!.replay();
    this.write(sequenceFrame(sequenceId));
    for (const frame of frames) {
      if (this.state !== 'connected') return;
      this.write(frame);
    }
    this.host.logger.debug({ connectionId: this.connectionId, sequenceId, replayed: frames.length }, 'hub connection resumed');
  }

  /**
   * The transport is gone. Stale notifications from a replaced transport are ignored. A transport
   * that died of the client's own protocol violation is not resumable: the client would resend
   * the same offending data on the next socket, forever.
   */
  transportClosed(sink: TransportSink, error?: Error, resumable = true): void {
    if (sink !== this.sink || this.state === 'closed') return;
    this.sink = null;
    if (resumable && this.state === 'connected' && this.replay !== null) {
      this.state = 'detached';
      this.detachedAt = this.host.options.clock.now();
      this.host.logger.debug({ connectionId: this.connectionId }, 'hub connection detached, awaiting resume');
      return;
    }
    this.close({ silent: true, cause: error });
  }

  /** Bytes from the client, in order, in whatever pieces the transport produced. */
  receive(chunk: Uint8Array): void {
    if (this.state !== 'handshaking' && this.state !== 'connected') return;
    this.lastReceivedAt = this.host.options.clock.now();
    const records = this.decoder.push(chunk);
    if (!records.ok) {
      this.protocolError(records);
      return;
    }
    for (const record of records.value) {
      if (this.state === 'handshaking') this.handshake(record);
      else if (this.state === 'connected') this.handleRecord(record);
      else return;
    }
  }

  /** Sends a hub message; false when it could not be delivered or buffered. */
  send(frame: OutboundFrame): boolean {
    if (this.state !== 'connected' && this.state !== 'detached') return false;
    if (frame.trackable && this.replay !== null) {
      const pushed = this.replay.push(frame);
      if (!pushed.ok) {
        // Dropping the frame would break the no-loss promise; better to end the connection and
        // let the client reconnect from scratch and resynchronise.
        this.close({ error: pushed.message, allowReconnect: true });
        return false;
      }
      // While detached the replay buffer is the queue: the frame goes out on resume.
      if (this.state === 'detached') return true;
    } else if (this.state === 'detached') {
      return false;
    }
    return this.write(frame);
  }

  close(options: CloseOptions = {}): void {
    if (this.state === 'closed') return;
    const previous = this.state;
    this.state = 'closed';
    this.closedAt = this.host.options.clock.now();
    const wasConnected = previous === 'connected' || previous === 'detached';
    this.lifetime.abort();
    this.dispatcher.dispose();
    const sink = this.sink;
    this.sink = null;
    if (sink?.kind === 'LongPolling') this.lingering = sink;
    if (sink) {
      if (options.abort) {
        sink.abort();
      } else {
        // Before the handshake response a Close message would be misread as that response.
        if (!options.silent && previous === 'connected') {
          sink.write(closeFrame(options.error, options.allowReconnect ?? false));
        }
        sink.end();
      }
    }
    const error = options.cause ?? (options.error !== undefined ? new Error(options.error) : undefined);
    this.host.connectionClosed(this, wasConnected, error);
  }

  /** Deadline checks, driven by the hub's heartbeat. */
  heartbeat(now: number): void {
    const o = this.host.options;
    const expiresAt = this.user.expiresAt;
    if (expiresAt !== undefined && now >= expiresAt && this.state !== 'closed' && !this.renewing) {
      const renewUser = o.renewUser;
      if (!renewUser) {
        this.expire();
        return;
      }
      this.renew(renewUser);
    }
    switch (this.state) {
      case 'negotiated':
        if (now - this.createdAt >= o.negotiateTimeoutMs) this.close({ silent: true });
        return;
      case 'handshaking':
        if (now - this.attachedAt >= o.handshakeTimeoutMs) {
          this.close({ silent: true, cause: new Error('The handshake was not completed in time.') });
        }
        return;
      case 'detached':
        if (now - this.detachedAt >= o.statefulReconnectWindowMs) {
          this.close({ silent: true, cause: new Error('The transport was not re-established in time.') });
        }
        return;
      case 'connected':
        break;
      case 'closed':
        return;
    }
    const sink = this.sink;
    if (!sink) return;
    if (this.clientTimedOut(sink, now)) {
      this.close({ error: CLIENT_TIMEOUT_ERROR, allowReconnect: true, cause: new Error(CLIENT_TIMEOUT_ERROR) });
      return;
    }
    if (this.inbound !== null && now - this.lastAckAt >= o.ackIntervalMs) {
      this.lastAckAt = now;
      const ackId = this.inbound.takeAck();
      if (ackId !== null && !this.write(ackFrame(ackId))) return;
    }
    // Long polling keeps itself alive: every poll is a round trip and the client sends no pings.
    if (sink.kind !== 'LongPolling' && now - this.lastSentAt >= o.keepAliveIntervalMs) {
      this.write(PING_FRAME);
    }
  }

  /**
   * The proof of identity the connection was admitted with ran out. The application may vouch
   * for the user again (the session behind the proof is still good); until it answers, the
   * connection carries on.
   */
  private renew(renewUser: (user: U) => Promise<U | null>): void {
    this.renewing = true;
    const user = this.user;
    const settle = (renewed: U | null, err?: unknown) => {
      this.renewing = false;
      if (this.state === 'closed') return;
      if (err !== undefined) this.host.logger.error({ err, connectionId: this.connectionId }, 'hub user renewal failed');
      const expiresAt = renewed?.expiresAt;
      const valid = renewed != null && renewed.id === user.id && (expiresAt === undefined || expiresAt > this.host.options.clock.now());
      if (!valid) {
        this.expire();
        return;
      }
      // A transport request may have brought a newer proof meanwhile; keep the later expiry.
      const current = this.user.expiresAt;
      if (this.user === user || (current !== undefined && (expiresAt === undefined || expiresAt > current))) this.user = renewed;
    };
    Promise.resolve()
      .then(() => renewUser(user))
      .then(
        (renewed) => settle(renewed),
        (err: unknown) => settle(null, err),
      );
  }

  /** Ends the connection because its proof of identity expired: the client must connect again with a fresh one. */
  private expire(): void {
    const cause = new Error(TOKEN_EXPIRED_ERROR);
    if (this.state === 'connected') this.close({ error: TOKEN_EXPIRED_ERROR, allowReconnect: true, cause });
    else this.close({ silent: true, cause });
  }

  private clientTimedOut(sink: TransportSink, now: number): boolean {
    const timeout = this.host.options.clientTimeoutMs;
    if (sink.idleSince) {
      const idle = sink.idleSince();
      return idle !== null && now - idle >= timeout;
    }
    return now - this.lastReceivedAt >= timeout;
  }

  private write(frame: OutboundFrame): boolean {
    const sink = this.sink;
    if (!sink) return false;
    sink.write(frame);
    this.lastSentAt = this.host.options.clock.now();
    if (sink.bufferedBytes() > this.host.options.maxBufferedBytes) {
      this.host.logger.warn(
        { connectionId: this.connectionId, bufferedBytes: sink.bufferedBytes() },
        'hub connection closed: client is not reading fast enough',
      );
      this.close({ error: 'The client is not reading messages fast enough.', allowReconnect: true, abort: true });
      return false;
    }
    return true;
  }

  private handshake(record: string): void {
    const request = parseHandshakeRequest(record);
    const accepted = request.ok ? acceptHandshake(request.value) : request;
    if (!accepted.ok) {
      this.host.logger.debug({ connectionId: this.connectionId, code: accepted.code }, 'hub handshake rejected');
      this.sink?.write(handshakeErrorFrame(accepted.message));
      this.close({ silent: true, cause: new Error(accepted.message) });
      return;
    }
    this.protocolVersion = accepted.value.version;
    const o = this.host.options;
    if (this.statefulNegotiated && this.transportKind === 'WebSockets' && this.protocolVersion >= STATEFUL_RECONNECT_MIN_VERSION) {
      this.replay = new ReplayBuffer(o.statefulReconnectBufferSize);
      this.inbound = new InboundSequence();
    }
    this.state = 'connected';
    this.connectedAt = o.clock.now();
    this.lastAckAt = this.connectedAt;
    this.write(HANDSHAKE_OK_FRAME);
    if (this.state !== 'connected') return;
    this.host.connectionReady(this).then(
      () => this.dispatcher.start(),
      (error: unknown) => {
        this.host.logger.error({ err: error, connectionId: this.connectionId }, 'hub onConnected failed');
        this.close({
          error: 'Connection closed with an error.',
          cause: error instanceof Error ? error : new Error(String(error)),
        });
      },
    );
  }

  private handleRecord(record: string): void {
    const parsed = parseHubMessage(record);
    if (!parsed.ok) {
      this.protocolError(parsed);
      return;
    }
    const message = parsed.value;
    if (message.type === 'unknown') {
      this.host.logger.debug({ connectionId: this.connectionId, type: message.rawType }, 'hub message of unknown type ignored');
      return;
    }
    if (this.inbound !== null && !this.inbound.accept(message.type)) return;
    switch (message.type) {
      case MessageType.Ping:
        return;
      case MessageType.Close:
        this.close({ silent: true, cause: message.error ? new Error(message.error) : undefined });
        return;
      case MessageType.Ack:
        this.replay?.ack(message.sequenceId);
        return;
      case MessageType.Sequence: {
        if (this.inbound === null) return;
        const reset = this.inbound.reset(message.sequenceId);
        if (!reset.ok) this.protocolError(reset);
        return;
      }
      default:
        this.dispatcher.handle(message);
    }
  }

  /** Closes after input we cannot make sense of; reconnecting would only repeat it. */
  protocolError(failure: HubFailure): void {
    this.host.logger.debug({ connectionId: this.connectionId, code: failure.code }, 'hub protocol error');
    if (this.state === 'handshaking') {
      this.sink?.write(handshakeErrorFrame(failure.message));
      this.close({ silent: true, cause: new Error(failure.message) });
      return;
    }
    this.close({ error: `Connection closed with an error. ${failure.message}`, cause: new Error(failure.message) });
  }
}
