import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ConnectionPort, HubRequestKind, HubRuntime, HubUser } from '../hub-types';
import { requestUrl } from '../request-url';
import { rejection, sendRejection, type HttpRejection } from './raw-response';

// Every transport request (poll, send, close, event stream, upgrade) re-proves who the caller
// is: a connection token alone is not enough, the session behind it must still be valid and
// belong to the user the connection was negotiated for.

export type Admission<U extends HubUser> = { ok: true; conn: ConnectionPort<U> } | { ok: false; rejection: HttpRejection };

/** Authenticates the request and resolves its `id` query value to a connection. */
export async function admit<U extends HubUser>(runtime: HubRuntime<U>, req: IncomingMessage, kind: HubRequestKind): Promise<Admission<U>> {
  const auth = await runtime.authenticate(req, kind);
  if (!auth.ok) return auth;
  const id = requestUrl(req)?.searchParams.get('id');
  if (!id) return { ok: false, rejection: rejection(400, 'Connection ID required') };
  const conn = runtime.findByToken(id);
  if (!conn) return { ok: false, rejection: rejection(404, 'No Connection with that ID') };
  if (conn.user.id !== auth.user.id) return { ok: false, rejection: rejection(401, 'Unauthorized', 'UNAUTHORIZED') };
  // The newest proof of identity wins, so hub methods see current claims (and a renewed token
  // moves the connection's expiry on).
  conn.user = auth.user;
  return { ok: true, conn };
}

/** admit() for a Fastify route: answers the rejection itself and returns null, or the connection. */
export async function admitOrReply<U extends HubUser>(
  runtime: HubRuntime<U>,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: HubRequestKind,
): Promise<ConnectionPort<U> | null> {
  const admission = await admit(runtime, request.raw, kind);
  if (admission.ok) return admission.conn;
  await sendRejection(runtime.options, reply, kind, admission.rejection);
  return null;
}
