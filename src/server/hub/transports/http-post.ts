import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HubRuntime, HubUser } from '../hub-types';
import { admitOrReply } from './admission';
import { rejection, sendRejection, sendText } from './raw-response';

// HTTP POST (TransportProtocols.md): the client-to-server half paired with Server-Sent Events
// and long polling. The body is fed to the connection as it streams in, so the only memory
// bound needed is the per-message one the record decoder already enforces.

export async function handleSend<U extends HubUser>(runtime: HubRuntime<U>, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const conn = await admitOrReply(runtime, request, reply, 'send');
  if (!conn) return;
  const refuse = (status: number, message: string) => sendRejection(runtime.options, reply, 'send', rejection(status, message));
  if (conn.state === 'closed') return refuse(404, 'No Connection with that ID');
  if (conn.transportKind === 'WebSockets') return refuse(405, 'POST requests are not allowed for WebSocket connections.');
  if (conn.transportKind === null) return refuse(400, 'The transport has not been started.');
  if (conn.postInFlight) return refuse(409, 'Another send request is in progress.');
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
  await sendText(reply, 200, '');
}
