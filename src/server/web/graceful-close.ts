import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

// Closing the app closes its HTTP server, and Node's server.close() waits for every connection.
// It ends the keep-alive connections idle at that moment, but not:
// - connections that never sent a request: browsers open spare ones ahead of need (measured: one
//   such socket kept app.close() waiting for more than a minute);
// - connections whose request is still running: once answered they stay open for the next
//   request, for Fastify's keep-alive timeout (72 s).
// The first kind is ended as soon as the app starts closing. A running request gets `graceMs` to
// finish (an order in flight is answered: the exchange stops only after the HTTP server), its
// answer says `Connection: close`, and its connection is ended once it is sent; after the grace
// whatever remains is cut.

/** How long requests still running may take once the app closes. */
export const HTTP_CLOSE_GRACE_MS = 3_000;

export interface CloseTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: CloseTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface GracefulCloseOptions {
  graceMs?: number;
  timers?: CloseTimers;
}

/**
 * Call last before app.ready(): its preClose hook then runs after the others (the hub's Close
 * messages go out first), right before the server stops listening.
 */
export function installGracefulClose(app: FastifyInstance, options: GracefulCloseOptions = {}): void {
  const { graceMs = HTTP_CLOSE_GRACE_MS, timers = realTimers } = options;
  const server = app.server;
  const unused = new Set<Socket>();
  const running = new Set<ServerResponse>();
  let closing = false;
  server.on('connection', (socket: Socket) => {
    // Between this hook and the server's close a connection may still be accepted.
    if (closing) {
      socket.destroy();
      return;
    }
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    unused.delete(req.socket);
    running.add(res);
    res.once('close', () => running.delete(res));
  });
  // Upgraded sockets stay in the set (an 'upgrade' listener here would change how the hub answers
  // upgrades for other paths). This hook runs after the hub's, which has ended them already.
  app.addHook('preClose', async () => {
    closing = true;
    for (const socket of unused) socket.destroy();
    unused.clear();
    for (const res of running) {
      if (!res.headersSent) res.setHeader('connection', 'close');
      // Node ends a connection after an answer that says close; one sent before this point did not.
      res.once('finish', () => setImmediate(() => server.closeIdleConnections()));
    }
    const timer = timers.setTimeout(() => server.closeAllConnections(), graceMs);
    server.once('close', () => timers.clearTimeout(timer));
  });
}
