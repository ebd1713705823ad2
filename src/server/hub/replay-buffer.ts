import { fail, ok, type HubResult } from './hub-errors';
import type { OutboundFrame } from './protocol/json';

// Stateful reconnect, sending side: every trackable message gets the next sequence id and stays
// here until the client acknowledges it, so a transport that dies mid-stream can be replaced and
// the gap replayed. The bound is in bytes because one order-book snapshot can outweigh a
// thousand tickers; when it is hit the connection is closed rather than allowed to grow.

interface Entry {
  readonly id: number;
  readonly frame: OutboundFrame;
}

export class ReplayBuffer {
  private entries: Entry[] = [];
  private head = 0;
  private lastId = 0;
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get bufferedBytes(): number {
    return this.bytes;
  }

  get bufferedCount(): number {
    return this.entries.length - this.head;
  }

  /** Id given to the most recent trackable message; ids start at 1 and never reset. */
  get lastSequenceId(): number {
    return this.lastId;
  }

  /** Records a trackable frame about to be sent and returns its sequence id. */
  push(frame: OutboundFrame): HubResult<number> {
    const size = frame.bytes.length;
    if (this.bytes + size > this.maxBytes) {
      return fail('REPLAY_BUFFER_FULL', 'The client fell too far behind acknowledging messages.');
    }
    this.lastId += 1;
    this.entries.push({ id: this.lastId, frame });
    this.bytes += size;
    return ok(this.lastId);
  }

  /** Releases everything up to and including `sequenceId`. Acks beyond what was sent are clamped. */
  ack(sequenceId: number): void {
    const upTo = Math.min(sequenceId, this.lastId);
    while (this.head < this.entries.length) {
      const entry = this.entries[this.head]!;
      if (entry.id > upTo) break;
      this.bytes -= entry.frame.bytes.length;
      this.head += 1;
    }
    // Compact lazily so acking is O(acked) rather than O(buffered) per Ack.
    if (this.head > 1024 && this.head * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
  }

  /**
   * What to send on a re-established transport: the Sequence id first, then the frames. The id
   * is that of the oldest unacknowledged message (or the next id when nothing is pending),
   * which is what the official client's and ASP.NET Core's MessageBuffer send and expect: the
   * receiver renumbers from it and drops whatever it already processed.
   */
  replay(): { sequenceId: number; frames: OutboundFrame[] } {
    const pending = this.entries.slice(this.head);
    const first = pending[0];
    return { sequenceId: first ? first.id : this.lastId + 1, frames: pending.map((e) => e.frame) };
  }
}
