import type { FastifyReply } from 'fastify';
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

// Transport failures answer with a status and a short plain-text reason, never details
// (TransportProtocols.md, "NOTE on errors").

export interface HttpRejection {
  readonly status: number;
  readonly message: string;
}

export function rejection(status: number, message: string): HttpRejection {
  return { status, message };
}

/** Answers an upgrade request that will not become a WebSocket; the socket is then closed. */
export function rejectUpgrade(socket: Duplex, { status, message }: HttpRejection): void {
  if (socket.destroyed) return;
  const body = Buffer.from(message, 'utf8');
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: text/plain; charset=utf-8\r\n' +
      `Content-Length: ${body.length}\r\n\r\n` +
      body.toString('utf8'),
  );
}

/** Ends a response the hub owns (hijacked from Fastify) with a plain-text status. */
export function endWithStatus(res: ServerResponse, { status, message }: HttpRejection): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  if (status === 204) {
    res.writeHead(204, { 'Cache-Control': 'no-cache' });
    res.end();
    return;
  }
  const body = Buffer.from(message, 'utf8');
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': body.length,
    'Cache-Control': 'no-cache',
  });
  res.end(body);
}

/** A plain-text answer on a transport route (the spec's clients read the status, the text is for people). */
export async function sendText(reply: FastifyReply, status: number, message: string): Promise<void> {
  await reply.code(status).type('text/plain; charset=utf-8').send(message);
}
