import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HubRuntime, HubUser, TransportSink } from '../hub-types';
import type { OutboundFrame } from '../protocol/json';
import { admitOrReply } from './admission';
import { rejection, sendRejection } from './raw-response';

// Server-Sent Events (TransportProtocols.md): GET [endpoint]?id=… with Accept: text/event-stream
// carries server-to-client frames as unnamed events, client-to-server goes over POST. Each
// event holds whole records, so the client can parse every event on its own.

const DATA = Buffer.from('data: ');
const LINE_END = Buffer.from('\r\n');
const EVENT_END = Buffer.from('\r\n\r\n');

export class SseTransport implements TransportSink {
  readonly kind = 'ServerSentEvents' as const;

  constructor(private readonly res: ServerResponse) {}

  write(frame: OutboundFrame): void {
    const res = this.res;
    if (res.writableEnded || res.destroyed) return;
    res.cork();
    // JSON output never contains raw CR or LF, so one data line is the norm; anything else is
    // split so a line break cannot end the event early (the client rejoins lines with LF).
    if (!/[\r\n]/.test(frame.text)) {
      res.write(DATA);
      res.write(frame.bytes);
      res.write(EVENT_END);
    } else {
      for (const line of frame.text.split(/\r\n|\r|\n/)) {
        res.write(DATA);
        res.write(line);
        res.write(LINE_END);
      }
      res.write(LINE_END);
    }
    process.nextTick(() => res.uncork());
  }

  bufferedBytes(): number {
    return this.res.writableLength;
  }

  end(): void {
    if (!this.res.writableEnded) this.res.end();
  }

  abort(): void {
    this.res.destroy();
  }
}

export async function handleEventStream<U extends HubUser>(
  runtime: HubRuntime<U>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const conn = await admitOrReply(runtime, request, reply, 'eventStream');
  if (!conn) return;
  const refused = runtime.options.transports.includes('ServerSentEvents')
    ? conn.canAttach('ServerSentEvents')
    : rejection(404, 'Server-Sent Events are not enabled.');
  if (refused) {
    await sendRejection(runtime.options, reply, 'eventStream', refused);
    return;
  }
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
    // Reverse proxies (nginx) buffer responses by default, which would hold events back.
    'X-Accel-Buffering': 'no',
  });
  // A comment line gets the headers and some bytes through intermediaries at once, so the
  // client's EventSource opens without waiting for the first message.
  res.write(':\r\n');
  const sink = new SseTransport(res);
  res.on('close', () => conn.transportClosed(sink));
  res.on('error', (err) => runtime.logger.debug({ err, connectionId: conn.connectionId }, 'hub event stream error'));
  conn.attach(sink);
}
