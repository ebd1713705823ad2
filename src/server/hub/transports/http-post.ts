import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HubUser } from '../options';
import type { HubRuntime } from '../runtime';
import { admit } from './admission';

// HTTP POST (TransportProtocols.md): the client-to-server half paired with Server-Sent Events
// and long polling. The body is fed to the connection as it streams in, so the only memory
// bound needed is the per-message one the record decoder already enforces.

export async function handleSend<U extends HubUser>(
  runtime: HubRuntime<U>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const admission = await admit(runtime, request.raw);
  if (!admission.ok) {
    await reply.code(admission.rejection.status).type('text/plain; charset=utf-8').send(admission.rejection.message);
    return;
  }
  const conn = admission.conn;
  if (conn.state === 'closed') {
    await reply.code(404).type('text/plain; charset=utf-8').send('No Connection with that ID');
    return;
  }
  if (conn.transportKind === 'WebSockets') {
    await reply.code(405).type('text/plain; charset=utf-8').send('POST requests are not allowed for WebSocket connections.');
    return;
  }
  if (conn.transportKind === null) {
    await reply.code(400).type('text/plain; charset=utf-8').send('The transport has not been started.');
    return;
  }
  if (conn.postInFlight) {
    await reply.code(409).type('text/plain; charset=utf-8').send('Another send request is in progress.');
    return;
  }
  conn.postInFlight = true;
  try {
    const body = request.body as Readable | undefined;
    if (body && typeof body[Symbol.asyncIterator] === 'function') {
      // Once the connection closes, receive() ignores the rest; reading on (rather than breaking,
      // which destroys the request and its socket) still lets the client hear a status.
      for await (const chunk of body) {
        conn.receive(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : (chunk as Buffer));
      }
    }
  } catch (err) {
    // The client went away mid-body; there is nobody to answer.
    runtime.logger.debug({ err, connectionId: conn.connectionId }, 'hub send request aborted');
    return;
  } finally {
    conn.postInFlight = false;
  }
  // 200 even if the payload closed the connection: the reason travels in the Close message.
  await reply.code(200).type('text/plain; charset=utf-8').send('');
}
