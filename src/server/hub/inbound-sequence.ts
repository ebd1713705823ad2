import { fail, ok, type HubResult } from './hub-errors';
import { isTrackable, MessageType } from './protocol/json';

// Stateful reconnect, receiving side: numbers the client's trackable messages as they arrive so
// that what the client replays after a reconnect is processed once, and says when an Ack is due.

export class InboundSequence {
  /** Id the next trackable message from the client will carry. */
  private nextId = 1;
  private latestProcessed = 0;
  private lastAcked = 0;
  private waitingForSequence = false;

  /**
   * Call for every parsed message, in arrival order. False means drop it: either a duplicate
   * from a replay or anything arriving on a new transport before the client's Sequence.
   */
  accept(type: number): boolean {
    if (this.waitingForSequence) {
      if (type !== MessageType.Sequence) return false;
      this.waitingForSequence = false;
      return true;
    }
    if (!isTrackable(type)) return true;
    const id = this.nextId;
    this.nextId += 1;
    if (id <= this.latestProcessed) return false;
    this.latestProcessed = id;
    return true;
  }

  /** Applies the client's Sequence message after a reconnect. */
  reset(sequenceId: number): HubResult<void> {
    if (sequenceId > this.nextId) {
      return fail('SEQUENCE_OUT_OF_RANGE', "Sequence ID greater than amount of messages we've received.");
    }
    this.nextId = sequenceId;
    return ok(undefined);
  }

  /**
   * A new transport was attached: the client speaks first with its Sequence message. An Ack
   * sent on the old transport may have been lost with it, so the next one is sent regardless.
   */
  expectSequence(): void {
    this.waitingForSequence = true;
    this.lastAcked = 0;
  }

  /** The id to acknowledge, or null when the client already knows everything we processed. */
  takeAck(): number | null {
    if (this.latestProcessed <= this.lastAcked) return null;
    this.lastAcked = this.latestProcessed;
    return this.latestProcessed;
  }
}
