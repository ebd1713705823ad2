import type { TransportKind } from '../options';
import type { OutboundFrame } from '../protocol/json';

/**
 * The server-to-client half of a transport as the connection sees it. Writes never block:
 * each transport buffers what the network has not taken yet and reports how much, so the
 * connection can close a consumer that stopped reading instead of buffering without limit.
 */
export interface TransportSink {
  readonly kind: TransportKind;
  write(frame: OutboundFrame): void;
  bufferedBytes(): number;
  /** Delivers what is already written, then ends the transport. */
  end(): void;
  /** Ends the transport at once; unsent data is dropped. */
  abort(): void;
  /**
   * Transports where the client does not talk continuously (long polling) say since when
   * nobody has been listening, or null while a request is outstanding. Absent means the
   * client's own messages and pings are the sign of life.
   */
  idleSince?(): number | null;
}
