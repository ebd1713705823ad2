import type { FastifyReply } from 'fastify';
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { HubRejection, HubRequestKind, RenderedRejection, ResolvedHubOptions } from '../hub-types';

// Transport failures answer with a status and a short reason, never details
// (TransportProtocols.md, "NOTE on errors"): plain text, JSON at negotiate, or whatever body
// the application renders (renderRejection).

export type HttpRejection = HubRejection;

export function rejection(status: number, message: string, code?: string): HttpRejection {
  return code === undefined ? { status, message } : { status, message, code };
}

type Renderer = Pick<ResolvedHubOptions<never>, 'renderRejection'>;

export function renderRejection(options: Renderer, why: HttpRejection, kind: HubRequestKind): RenderedRejection {
  if (options.renderRejection) return options.renderRejection(why, kind);
  if (kind === 'negotiate') return { contentType: 'application/json; charset=utf-8', body: JSON.stringify({ error: why.message }) };
  return { contentType: 'text/plain; charset=utf-8', body: why.message };
}

/** Answers an upgrade request that will not become a WebSocket; the socket is then closed. */
export function rejectUpgrade(socket: Duplex, why: HttpRejection, options: Renderer = {}): void {
  if (socket.destroyed) return;
  const { contentType, body } = renderRejection(options, why, 'webSocket');
  const bytes = Buffer.from(body, 'utf8');
  const extra = Object.entries(why.headers ?? {})
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${why.status} ${STATUS_CODES[why.status] ?? ''}\r\n` +
      'Connection: close\r\n' +
      `Content-Type: ${contentType}\r\n` +
      extra +
      `Content-Length: ${bytes.length}\r\n\r\n` +
      body,
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

/** A plain-text answer on a transport route that is not a refusal (200 after a send, 202 after a DELETE). */
export async function sendText(reply: FastifyReply, status: number, message: string): Promise<void> {
  await reply.code(status).type('text/plain; charset=utf-8').send(message);
}

/** Answers a refused request on a Fastify route. */
export async function sendRejection(options: Renderer, reply: FastifyReply, kind: HubRequestKind, why: HttpRejection): Promise<void> {
  const { contentType, body } = renderRejection(options, why, kind);
  if (why.headers) reply.headers(why.headers);
  await reply.code(why.status).header('Cache-Control', 'no-cache').type(contentType).send(body);
}
