import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { systemTimers, type Timers } from '../time/timers';

// Closing the app closes its HTTP server, and Node's server.close() waits for every connection.
// It ends the keep-alive connections idle at that moment, but not:
// - connections that never sent a request: browsers open spare ones ahead of need (measured: one
//   such socket kept app.close() waiting for more than a minute);
// - connections whose request is still running: once answered they stay open for the next
//   request, for Fastify's keep-alive timeout (72 s).
// The first kind is ended as soon as the app starts closing. A running request gets `graceMs` to
// finish (an order in flight is answered: the exchange stops only after the HTTP server); idle
// connections are ended every `sweepMs` meanwhile, so each goes once its answer is out. After the
// grace whatever remains is cut. Nothing here runs per request while the app is serving (an
// order costs ~250 µs of event loop, and this must not add to it): only per connection.

/** How long requests still running may take once the app closes. */
export const HTTP_CLOSE_GRACE_MS = 3_000;
/** How often, while closing, connections that went idle are ended. */
export const HTTP_CLOSE_SWEEP_MS = 50;

export interface GracefulCloseOptions {
  graceMs?: number;
  sweepMs?: number;
  timers?: Timers;
}

/**
 * Call last before app.ready(): its preClose hook then runs after the others (the hub's Close
 * messages go out first), right before the server stops listening.
 */
export function installGracefulClose(app: FastifyInstance, options: GracefulCloseOptions = {}): void {
  const { graceMs = HTTP_CLOSE_GRACE_MS, sweepMs = HTTP_CLOSE_SWEEP_MS, timers = systemTimers } = options;
  const server = app.server;
  const unused = new Set<Socket>();
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
  // Each connection leaves the set with its first request; after that this is a size check.
  server.on('request', (req: IncomingMessage) => {
    if (unused.size > 0) unused.delete(req.socket);
  });
  // Upgraded sockets stay in the set (an 'upgrade' listener here would change how the hub answers
  // upgrades for other paths). This hook runs after the hub's, which has ended them already.
  app.addHook('preClose', async () => {
    closing = true;
    for (const socket of unused) socket.destroy();
    unused.clear();
    const sweep = timers.setInterval(() => server.closeIdleConnections(), sweepMs);
    const cut = timers.setTimeout(() => server.closeAllConnections(), graceMs);
    server.once('close', () => {
      timers.clearInterval(sweep);
      timers.clearTimeout(cut);
    });
  });
}
