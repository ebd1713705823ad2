import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fail, ok, type HubResult } from './hub-errors';
import type { HubRejection, HubRuntime, HubUser, TransportKind } from './hub-types';
import { requestUrl } from './request-url';
import { rejection, sendRejection } from './transports/raw-response';

// POST [endpoint]/negotiate (TransportProtocols.md): picks the negotiate version, settles who the
// caller is for the life of the connection, and hands out the connection id and token.

export const MAX_NEGOTIATE_VERSION = 1;

/** Missing means version 0; anything above what we speak is answered with our highest. */
export function selectNegotiateVersion(raw: string | null): HubResult<number> {
  if (raw === null) return ok(0);
  if (!/^\d{1,9}$/.test(raw)) {
    return fail('INVALID_MESSAGE', `The client requested an invalid protocol version '${raw}'`);
  }
  return ok(Math.min(Number(raw), MAX_NEGOTIATE_VERSION));
}

/** 128 random bits, URL-safe, the shape ASP.NET Core uses for both values. */
export function randomId(): string {
  return randomBytes(16).toString('base64url');
}

const TRANSFER_FORMATS: Record<TransportKind, readonly string[]> = {
  // Binary is listed where the transport could carry it, as ASP.NET Core does, so a client using
  // a binary protocol reaches the handshake and is told plainly that only JSON is spoken.
  WebSockets: ['Text', 'Binary'],
  ServerSentEvents: ['Text'],
  LongPolling: ['Text', 'Binary'],
};

export interface NegotiateResponse {
  connectionId: string;
  connectionToken?: string;
  negotiateVersion: number;
  availableTransports: { transport: TransportKind; transferFormats: readonly string[] }[];
  useStatefulReconnect?: true;
}

export function negotiateResponse(
  conn: { connectionId: string; token: string; negotiateVersion: number; statefulNegotiated: boolean },
  transports: readonly TransportKind[],
): NegotiateResponse {
  const body: NegotiateResponse = {
    connectionId: conn.connectionId,
    negotiateVersion: conn.negotiateVersion,
    availableTransports: transports.map((transport) => ({ transport, transferFormats: TRANSFER_FORMATS[transport] })),
  };
  // Version 0 clients put the connection id itself in `id`; only version 1 has a separate secret.
  if (conn.negotiateVersion >= 1) body.connectionToken = conn.token;
  if (conn.statefulNegotiated) body.useStatefulReconnect = true;
  return body;
}

export async function handleNegotiate<U extends HubUser>(
  runtime: HubRuntime<U>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  reply.header('Cache-Control', 'no-cache');
  const refuse = (why: HubRejection) => sendRejection(runtime.options, reply, 'negotiate', why);
  if (runtime.closing) return refuse(rejection(503, 'The server is shutting down.', 'SERVER_CLOSING'));
  const auth = await runtime.authenticate(request.raw, 'negotiate');
  if (!auth.ok) return refuse(auth.rejection);
  const url = requestUrl(request.raw);
  const version = selectNegotiateVersion(url?.searchParams.get('negotiateVersion') ?? null);
  if (!version.ok) return refuse(rejection(400, version.message));
  const o = runtime.options;
  const wantsStateful = url?.searchParams.get('useStatefulReconnect') === 'true';
  // Stateful reconnect is only ever used over WebSockets, so there is nothing to offer without them.
  const stateful = wantsStateful && o.statefulReconnect && o.transports.includes('WebSockets');
  const created = runtime.createConnection(auth.user, version.value, stateful);
  if (!created.ok) return refuse(created.rejection);
  await reply
    .code(200)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(negotiateResponse(created.conn, o.transports)));
}
