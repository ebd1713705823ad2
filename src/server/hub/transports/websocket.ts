import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { ConnectionPort, HubRuntime, HubUser, TransportSink } from '../hub-types';
import type { OutboundFrame } from '../protocol/json';
import { requestUrl } from '../request-url';
import { admit } from './admission';
import { rejectUpgrade, rejection, type HttpRejection } from './raw-response';

// WebSockets (TransportProtocols.md): full duplex on [endpoint]. `id` is optional; without it a
// connection is created on the spot (clients that skip negotiation). With it, the upgrade
// attaches to the negotiated connection or, under stateful reconnect, resumes it.

/**
 * Transports with output waiting, flushed together at the end of the turn: one setImmediate per
 * turn for every socket instead of one per socket (a storm writes to a thousand in one turn).
 */
const waiting = new Set<WebSocketTransport>();
let flushQueued = false;

function flushWaiting(): void {
  flushQueued = false;
  // Each flush removes its transport from the set, which a Set's iteration allows.
  for (const transport of waiting) transport.flush();
}

export class WebSocketTransport implements TransportSink {
  readonly kind = 'WebSockets' as const;

  /**
   * Records written in the same event-loop turn, sent together as one WebSocket message. The
   * JSON hub protocol separates records with 0x1E, so a frame may carry many of them; under a
   * market-data storm this turns one system call per message per socket into one per turn.
   */
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(private readonly ws: WebSocket) {}

  write(frame: OutboundFrame): void {
    // The pre-encoded bytes are shared by every receiver: one UTF-8 encoding per message.
    this.pending.push(frame.bytes);
    this.pendingBytes += frame.bytes.length;
    waiting.add(this);
    if (!flushQueued) {
      flushQueued = true;
      setImmediate(flushWaiting);
    }
  }

  /** Sends what this turn wrote, as one message. */
  flush(): void {
    waiting.delete(this);
    if (this.pending.length === 0) return;
    const data = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(data, { binary: false });
  }

  bufferedBytes(): number {
    return this.ws.bufferedAmount + this.pendingBytes;
  }

  end(): void {
    this.flush();
    this.ws.close(1000);
  }

  abort(): void {
    waiting.delete(this);
    this.pending = [];
    this.pendingBytes = 0;
    this.ws.terminate();
  }
}

export interface WebSocketEndpoint {
  /** For `server.on('upgrade')`; returns false when the request is not for this hub. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Stops accepting upgrades; open sockets stay. */
  close(): void;
  /** Resolves once every socket this endpoint accepted has closed. */
  allClosed(): Promise<void>;
  /** Ends every open socket now, without waiting for the peer's half of the close handshake. */
  terminateAll(): void;
}

export function createWebSocketEndpoint<U extends HubUser>(runtime: HubRuntime<U>, path: string): WebSocketEndpoint {
  const o = runtime.options;
  const wss = new WebSocketServer({
    noServer: true,
    // Several hub messages may share one frame (the client batches sends), so the frame limit
    // is looser than the per-message one, which the record decoder enforces with a Close message.
    maxPayload: Math.max(4 * o.maxMessageSize, 1024 * 1024),
    perMessageDeflate: false,
    clientTracking: false,
  });
  // Tracked here rather than by ws (clientTracking) so that shutdown can wait for them and end
  // the ones whose peer never answers the close frame (see HubServer.close).
  const open = new Set<WebSocket>();
  let whenAllClosed: (() => void)[] = [];

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    if (!o.transports.includes('WebSockets')) return reject(socket, rejection(404, 'WebSockets are not enabled.'));
    if (runtime.closing) return reject(socket, rejection(503, 'The server is shutting down.', 'SERVER_CLOSING'));
    const hasId = requestUrl(req)?.searchParams.has('id') ?? false;
    let conn: ConnectionPort<U>;
    if (hasId) {
      const admission = await admit(runtime, req, 'webSocket');
      if (!admission.ok) return reject(socket, admission.rejection);
      conn = admission.conn;
    } else {
      const auth = await runtime.authenticate(req, 'webSocket');
      if (!auth.ok) return reject(socket, auth.rejection);
      const created = runtime.createConnection(auth.user, 0, false);
      if (!created.ok) return reject(socket, created.rejection);
      conn = created.conn;
    }
    if (socket.destroyed) return;
    // Checked after the last await so two racing upgrades cannot both pass.
    const refused = conn.canAttach('WebSockets');
    if (refused) return reject(socket, refused);
    wss.handleUpgrade(req, socket, head, (ws) => bind(conn, ws));
  }

  function bind(conn: ConnectionPort<U>, ws: WebSocket): void {
    open.add(ws);
    const sink = new WebSocketTransport(ws);
    ws.on('message', (data: RawData) => {
      // A socket replaced by a resume may still surface frames it had already read.
      if (conn.transport === sink) conn.receive(toBytes(data));
    });
    let violation: Error | null = null;
    ws.on('close', (code: number) => {
      open.delete(ws);
      if (open.size === 0) {
        for (const resolve of whenAllClosed) resolve();
        whenAllClosed = [];
      }
      if (violation) {
        conn.transportClosed(sink, violation, false);
        return;
      }
      // 1000/1001/1005 are deliberate endings; anything else (1006: the TCP connection died) is not.
      const clean = code === 1000 || code === 1001 || code === 1005;
      conn.transportClosed(sink, clean ? undefined : new Error(`WebSocket closed with status code ${code}.`));
    });
    ws.on('error', (err: Error & { code?: unknown }) => {
      // ws reports frames it refuses (too large, invalid UTF-8, bad opcodes) with WS_ERR_* codes;
      // other errors are the network's.
      if (typeof err.code === 'string' && err.code.startsWith('WS_ERR_')) violation = err;
      runtime.logger.debug({ err, connectionId: conn.connectionId }, 'hub WebSocket error');
    });
    // The upgrade took no time, but be exact: re-check in case the connection moved on meanwhile.
    if (conn.canAttach('WebSockets') !== null) {
      ws.close(1008, 'Connection is not available.');
      return;
    }
    conn.attach(sink);
  }

  function reject(socket: Duplex, why: HttpRejection): void {
    rejectUpgrade(socket, why, o);
  }

  return {
    handleUpgrade(req, socket, head) {
      const url = requestUrl(req);
      if (!url || trimSlash(url.pathname) !== path) return false;
      // An 'error' on a socket without listeners would crash the process; the client may vanish mid-auth.
      socket.on('error', (err) => runtime.logger.debug({ err }, 'hub upgrade socket error'));
      upgrade(req, socket, head).catch((err: unknown) => {
        runtime.logger.error({ err }, 'hub WebSocket upgrade failed');
        rejectUpgrade(socket, rejection(500, 'Internal Server Error'), o);
      });
      return true;
    },
    close() {
      wss.close();
    },
    allClosed() {
      return open.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => whenAllClosed.push(resolve));
    },
    terminateAll() {
      for (const ws of open) ws.terminate();
    },
  };
}

export function trimSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

function toBytes(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
